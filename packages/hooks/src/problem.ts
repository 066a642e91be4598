/** A configuration problem found while loading hooks, with where it is (§3.1). */
export interface Problem {
  severity: "error" | "warning";
  /** The settings file it is in. */
  file: string;
  /** The key under `hooks` (an event name, possibly unknown). */
  event?: string;
  /** The entry's index in that event's list. */
  index?: number;
  /** The entry's field (`matcher`, `if`, `command`, …). */
  field?: string;
  message: string;
}

/** One line naming the place: `settings.json: hooks.PreToolUse[2].matcher: invalid regular expression …`. */
export function formatProblem(p: Problem): string {
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
