#!/usr/bin/env python3
"""PreToolUse (Edit|Write): never let Claude touch files holding secrets."""
import json
import os
import sys

data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
name = os.path.basename(path)

if (name == ".env" or name.startswith(".env.")) and name != ".env.example" or path.endswith(".pem"):
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": f"{name} holds secrets; put placeholders in .env.example instead",
        }
    }))
sys.exit(0)
