#!/usr/bin/env bash
# UserPromptSubmit: plain stdout is added to the prompt as context.
count=$(grep -r --include='*.ts' -o 'TODO' "$CLAUDE_PROJECT_DIR/src" 2>/dev/null | wc -l | tr -d ' ')
echo "Open TODOs in src/: ${count:-0}"
