#!/usr/bin/env bash
# PreToolUse (Bash): refuse recursive force deletes.
# Exit code 2 blocks the tool call; stderr is what Claude is told.
set -euo pipefail

input=$(cat)
command=$(echo "$input" | jq -r '.tool_input.command // empty')

if echo "$command" | grep -Eq 'rm[[:space:]]+-[a-zA-Z]*(rf|fr)'; then
  echo "Blocked: '$command' deletes recursively. Delete specific files instead." >&2
  exit 2
fi
exit 0
