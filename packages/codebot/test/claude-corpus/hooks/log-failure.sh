#!/usr/bin/env bash
# PostToolUseFailure (Bash): keep a log of failing commands and the first line of their error.
input=$(cat)
command=$(echo "$input" | jq -r '.tool_input.command')
error=$(echo "$input" | jq -r '.error' | head -n 1)
printf '%s\t%s\n' "$command" "$error" >> "$CLAUDE_PROJECT_DIR/.claude/failures.log"
