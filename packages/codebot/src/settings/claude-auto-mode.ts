/**
 * Claude Code's `"defaultMode": "auto"` is its auto mode: a classifier model approves or refuses
 * each call. codebot has no classifier, and its own `auto` is Claude Code's `bypassPermissions`
 * (everything runs unasked). Read as codebot's, a Claude Code user's auto mode would run every
 * call unasked; claude itself falls back to `default` where auto mode is not available, so in
 * Claude Code's files codebot reads it as `default` (ask), and says so.
 */

export const CLAUDE_AUTO_MODE_NOTICE =
  'permissions.defaultMode: Claude Code\'s "auto" mode has a classifier approve each call; codebot has none, so it asks ("default"); codebot\'s own "auto" (Claude Code\'s "bypassPermissions") runs everything unasked';

/** The file's settings with a Claude Code `defaultMode: "auto"` as `"default"`; `changed` says whether it had one. */
export function claudeAutoModeAsDefault(settings: Record<string, unknown>): {
  settings: Record<string, unknown>;
  changed: boolean;
} {
  const permissions = settings.permissions;
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions))
    return { settings, changed: false };
  if ((permissions as { defaultMode?: unknown }).defaultMode !== "auto") return { settings, changed: false };
  return {
    settings: { ...settings, permissions: { ...permissions, defaultMode: "default" } },
    changed: true,
  };
}
