#!/usr/bin/env python3
"""UserPromptSubmit: refuse prompts that carry a secret; otherwise add the team's conventions."""
import json
import re
import sys

data = json.load(sys.stdin)
prompt = data["prompt"]

if re.search(r"(?i)\b(password|api[_-]?key)\s*[:=]", prompt):
    print(json.dumps({
        "decision": "block",
        "reason": "Your prompt seems to contain a secret; remove it and try again.",
    }))
    sys.exit(0)

print(json.dumps({
    "hookSpecificOutput": {
        "hookEventName": "UserPromptSubmit",
        "additionalContext": "Team conventions: 2-space indentation, no default exports.",
    }
}))
