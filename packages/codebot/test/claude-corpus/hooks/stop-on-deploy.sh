#!/usr/bin/env bash
# PreToolUse (Bash): deploying is out of scope for an agent session. Stop Claude entirely.
if jq -e '.tool_input.command | test("deploy")' > /dev/null; then
  echo '{"continue": false, "stopReason": "Deploys are out of scope for this session; a human takes over from here."}'
fi
