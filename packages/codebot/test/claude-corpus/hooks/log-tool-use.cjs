#!/usr/bin/env node
// PreToolUse (*): append every tool call Claude makes to .claude/tool-log.jsonl.
const fs = require("fs");
const path = require("path");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const line = { tool: input.tool_name, input: input.tool_input, session: input.session_id };
fs.appendFileSync(path.join(process.env.CLAUDE_PROJECT_DIR, ".claude", "tool-log.jsonl"), JSON.stringify(line) + "\n");
