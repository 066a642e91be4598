#!/usr/bin/env bash
# PreToolUse (Bash): pushing needs a human; ask instead of deciding.
command=$(jq -r '.tool_input.command // empty')

if [[ "$command" == "git push"* ]]; then
  jq -n --arg cmd "$command" '{
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: ("Pushing needs your confirmation: " + $cmd)
    }
  }'
fi
exit 0
