#!/usr/bin/env node
// PostToolUse (*), async: an audit trail in the plugin's own data folder.
const fs = require("fs");
const path = require("path");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const entry = { session: input.session_id, tool: input.tool_name, input: input.tool_input };
fs.appendFileSync(path.join(process.env.CLAUDE_PLUGIN_DATA, "audit.jsonl"), JSON.stringify(entry) + "\n");
