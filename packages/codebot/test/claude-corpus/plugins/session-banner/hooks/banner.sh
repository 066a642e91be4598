#!/usr/bin/env bash
# SessionStart (startup): plain stdout is added to the context of the session.
echo "Reminder from the session-banner plugin: run the linter before you commit."
echo "Plugin data lives in ${CLAUDE_PLUGIN_DATA}."
