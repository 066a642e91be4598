#!/usr/bin/env python3
"""PreToolUse (Bash): never pipe a download into a shell."""
import json
import re
import sys

data = json.load(sys.stdin)
command = data.get("tool_input", {}).get("command", "")

if re.search(r"\b(curl|wget)\b[^|]*\|\s*(ba)?sh\b", command):
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "bash-safety: piping a download into a shell is not allowed; download, read, then run it",
        }
    }))
sys.exit(0)
