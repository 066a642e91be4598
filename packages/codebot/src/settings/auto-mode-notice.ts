/**
 * codebot's `auto` mode ran every call unasked until it became Claude Code's auto mode (a
 * classifier model judges what would be asked about). A codebot settings file that says `auto`
 * now gets the tighter mode; the user is told once per file, with the name of the old one.
 */
export const AUTO_MODE_CHANGED_NOTICE =
  'permissions: mode "auto" is now Claude Code\'s auto mode: a classifier model judges each call that would be asked about (it no longer runs everything unasked); "bypassPermissions" is the mode that runs everything';

/** Whether a codebot file's `permissions` names the `auto` mode (`mode` or Claude Code's `defaultMode`). */
export function saysAutoMode(permissions: { mode?: string; defaultMode?: string } | undefined): boolean {
  return permissions?.mode === "auto" || permissions?.defaultMode === "auto";
}
