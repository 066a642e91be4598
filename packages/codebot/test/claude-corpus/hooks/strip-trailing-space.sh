#!/usr/bin/env bash
# PostToolUse (Edit|Write): a tiny formatter. Strips trailing whitespace from the file Claude just wrote.
file_path=$(jq -r '.tool_input.file_path // empty')

case "$file_path" in
  *.md|*.txt|*.ts|*.js|*.py)
    if [ -f "$file_path" ]; then
      sed -i 's/[[:space:]]*$//' "$file_path"
    fi
    ;;
esac
exit 0
