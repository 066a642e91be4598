#!/usr/bin/env python3
"""Stop: do not let Claude finish without saying how the tests went.

Reads the last assistant message from the transcript. Blocks once; stop_hook_active is true
when Claude is already continuing because of this hook, and then we let it stop.
"""
import json
import sys

data = json.load(sys.stdin)
if data.get("stop_hook_active"):
    sys.exit(0)

last_text = ""
with open(data["transcript_path"]) as transcript:
    for line in transcript:
        entry = json.loads(line)
        if entry.get("type") != "assistant":
            continue
        content = entry["message"]["content"]
        if isinstance(content, str):
            texts = [content]
        else:
            texts = [block["text"] for block in content if block.get("type") == "text"]
        if texts:
            last_text = "\n".join(texts)

if "test" not in last_text.lower():
    print(json.dumps({
        "decision": "block",
        "reason": "Before you finish, run the tests and say whether they pass.",
    }))
sys.exit(0)
