#!/usr/bin/env bash
# TaskCompleted: a testing task is done only when there are test results.
input=$(cat)
subject=$(echo "$input" | jq -r '.task_subject')

if echo "$subject" | grep -qi 'test' && [ ! -f "$CLAUDE_PROJECT_DIR/test-results.txt" ]; then
  echo "Task \"$subject\" cannot be completed: test-results.txt is missing. Run the tests first." >&2
  exit 2
fi
exit 0
