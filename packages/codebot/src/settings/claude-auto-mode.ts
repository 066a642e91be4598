/**
 * Claude Code's `"defaultMode": "auto"` is its auto mode: edits in the project run unasked and a
 * classifier model approves or refuses every other call. codebot has no classifier, and its own
 * `auto` is Claude Code's `bypassPermissions` (everything runs unasked): read as codebot's, a
 * Claude Code user's auto mode would run every call unasked. In Claude Code's files codebot reads
 * it as `acceptEdits` — what claude's auto mode runs without its classifier runs, what the
 * classifier would decide is asked about — and says so. Recorded with claude 2.1.328 (`-p`,
 * `defaultMode: "auto"` in ~/.claude/settings.json): `touch x` in the project ran with no
 * classifier request; `node -e "…writeFileSync…"` went to the classifier first.
 */

export const CLAUDE_AUTO_MODE_NOTICE =
  'permissions.defaultMode: Claude Code\'s "auto" mode has a classifier approve the calls that are not edits in the project; codebot has none, so it reads "acceptEdits" (those edits run, every other call is asked about); codebot\'s own "auto" (Claude Code\'s "bypassPermissions") runs everything unasked';

/** The file's settings with a Claude Code `defaultMode: "auto"` as `"acceptEdits"`; `changed` says whether it had one. */
export function claudeAutoModeAsAcceptEdits(settings: Record<string, unknown>): {
  settings: Record<string, unknown>;
  changed: boolean;
} {
  const permissions = settings.permissions;
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions))
    return { settings, changed: false };
  if ((permissions as { defaultMode?: unknown }).defaultMode !== "auto") return { settings, changed: false };
  return {
    settings: { ...settings, permissions: { ...permissions, defaultMode: "acceptEdits" } },
    changed: true,
  };
}
