#!/usr/bin/env python3
"""SessionEnd: record why and when the session ended."""
import json
import os
import sys

data = json.load(sys.stdin)
with open(os.path.join(os.environ["CLAUDE_PROJECT_DIR"], ".claude", "session-end.json"), "w") as out:
    json.dump({"reason": data["reason"], "session_id": data["session_id"]}, out)
