#!/usr/bin/env bash
# SessionStart (startup): hand Claude the team's working notes. Plain stdout becomes context.
cd "$CLAUDE_PROJECT_DIR" || exit 0
if [ -f NOTES.md ]; then
  echo "Project notes:"
  cat NOTES.md
fi
