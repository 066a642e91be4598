/**
 * A configuration problem with where it is: the hooks loader's (§3.1) and, in a harness, those of
 * the rest of the settings (`scope: "settings"`). One type so every report prints it one way.
 */
export interface Problem {
  severity: "error" | "warning";
  /** The settings file it is in; absent for a problem whose message names its place itself. */
  file?: string;
  /** `settings`: a problem outside the `hooks` key, whose message names its key itself. */
  scope?: "settings";
  /** 1-based position of a JSONC syntax error. */
  line?: number;
  column?: number;
  /** The key under `hooks` (an event name, possibly unknown). */
  event?: string;
  /** The entry's index in that event's list. */
  index?: number;
  /** The entry's field (`matcher`, `if`, `command`, …), or the settings key (`permissions.allow[1]`). */
  field?: string;
  message: string;
  /**
   * Claude Code's words for the same problem where they differ from `message` (a settings file it
   * cannot parse: `Invalid or malformed JSON`), for the Agent SDK's settings `errors`.
   */
  claudeMessage?: string;
}

/**
 * One line naming the place: `settings.json: hooks.PreToolUse[2].matcher: invalid regular
 * expression …`, or for the rest of the settings `settings: /p/.codebot/settings.json:3:7:
 * property name expected (layer skipped)`.
 */
export function formatProblem(p: Problem): string {
  if (p.file === undefined) return p.message;
  if (p.scope === "settings") {
    const where = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`;
    return `settings: ${where}: ${p.message}`;
  }
  let where = "";
  if (p.event !== undefined) {
    where = `hooks.${p.event}`;
    if (p.index !== undefined) where += `[${p.index}]`;
    if (p.field !== undefined) where += `.${p.field}`;
  } else if (p.field !== undefined) {
    where = p.field;
  }
  return where ? `${p.file}: ${where}: ${p.message}` : `${p.file}: ${p.message}`;
}
