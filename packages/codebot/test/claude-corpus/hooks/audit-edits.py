#!/usr/bin/env python3
"""PostToolUse (^(Edit|Write)$): an audit trail of the files Claude changed."""
import json
import os
import sys

data = json.load(sys.stdin)
entry = {
    "tool": data["tool_name"],
    "file": data["tool_input"]["file_path"],
    "success": data.get("tool_response", {}).get("success"),
    "session": data["session_id"],
}
with open(os.path.join(os.environ["CLAUDE_PROJECT_DIR"], ".claude", "edits.jsonl"), "a") as log:
    log.write(json.dumps(entry) + "\n")
