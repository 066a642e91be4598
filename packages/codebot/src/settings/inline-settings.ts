/**
 * Claude Code's `--settings '<json>'`: the flag takes a file or the settings themselves. A value
 * that starts with `{` is read as settings text (a file name starting with `{` is rare enough,
 * and a typo in inline JSON is then reported as a syntax error, not as a file not found).
 */
export function isInlineSettings(value: string): boolean {
  return value.trimStart().startsWith("{");
}

/**
 * What an inline `--settings` layer is called in messages and `hooks list` (Claude Code says
 * `--settings (inline JSON)`); the second and later ones are numbered, so each stays distinct.
 */
export function inlineSettingsLabel(ordinal: number): string {
  return ordinal === 1 ? "--settings (inline JSON)" : `--settings (inline JSON #${ordinal})`;
}
