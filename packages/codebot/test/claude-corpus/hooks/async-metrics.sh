#!/usr/bin/env bash
# PostToolUse (*), "async": true: count tool calls. Deliberately slow; it must never hold Claude up.
tool=$(jq -r '.tool_name')
sleep 0.5
echo "$tool" >> "$CLAUDE_PROJECT_DIR/.claude/metrics.log"
