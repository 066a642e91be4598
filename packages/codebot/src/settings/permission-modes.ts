/**
 * codebot's permission modes and Claude Code's names for them, as plain data (the CLI parses
 * `--permission-mode` without loading the settings schema). `auto` is Claude Code's auto mode (a
 * classifier model judges what would be asked about: auto-mode-classifier.ts); `bypassPermissions`
 * runs everything unasked.
 */
export const PERMISSION_MODE_NAMES = [
  "ask",
  "auto",
  "plan",
  "acceptEdits",
  "dontAsk",
  "bypassPermissions",
] as const;

export type PermissionModeName = (typeof PERMISSION_MODE_NAMES)[number];

/** Claude Code's names for codebot's modes; its other names are codebot's own. */
export const CLAUDE_MODE_ALIASES: Readonly<Record<string, PermissionModeName>> = {
  default: "ask",
  // claude 2.1.328's schema: "'manual' is accepted as an alias for 'default'" (recorded: a
  // settings file's `defaultMode` and `--permission-mode` both started in `default`).
  manual: "ask",
};

/** Every name a mode may be given by: codebot's and Claude Code's. */
export const MODE_NAMES: readonly string[] = [...PERMISSION_MODE_NAMES, ...Object.keys(CLAUDE_MODE_ALIASES)];

/** A mode by any of its names (the name must be one of MODE_NAMES). */
export function modeNamed(name: string): PermissionModeName {
  return CLAUDE_MODE_ALIASES[name] ?? (name as PermissionModeName);
}

/** A mode as Claude Code names it (hook payloads, stream-json's init line). */
export function claudePermissionMode(mode: PermissionModeName): string {
  return mode === "ask" ? "default" : mode;
}
