#!/usr/bin/env node
// SubagentStop: note which sub-agent finished and what it said last.
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";

const input = JSON.parse(readFileSync(0, "utf8"));
const log = join(process.env.CLAUDE_PROJECT_DIR, ".claude", "subagents.log");
appendFileSync(log, `${input.agent_type}: ${input.last_assistant_message}\n`);
