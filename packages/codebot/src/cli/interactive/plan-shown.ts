/** The most of a plan the terminal's question shows: its lines, and its characters in all. */
const MOST_LINES = 400;
const MOST_CHARS = 40_000;

/**
 * A plan as exit_plan_mode's question shows it: whole when it fits in MOST_LINES lines and
 * MOST_CHARS characters, else its start and a last line saying how much is not shown. The question
 * is drawn again and again (a keypress, a resize, a question queued behind it) and each drawing is
 * broken into rows at the terminal's width: a 5 MB plan took minutes to show and minutes more to
 * take its answer. The Agent SDK's `can_use_tool` and the hooks still get the whole plan.
 */
export function planShown(plan: string): string {
  const lines = plan.split("\n");
  if (lines.length <= MOST_LINES && plan.length <= MOST_CHARS) return plan;
  const kept: string[] = [];
  let chars = 0;
  for (const line of lines.slice(0, MOST_LINES)) {
    if (chars + line.length > MOST_CHARS) {
      // A line too long to show whole is cut, so a plan of one long line shows its start.
      if (kept.length === 0) kept.push(`${line.slice(0, MOST_CHARS)}…`);
      break;
    }
    kept.push(line);
    chars += line.length + 1;
  }
  const more = lines.length - kept.length;
  const rest = more > 0 ? `${more.toLocaleString("en-US")} more lines` : "the rest of its line";
  return `${kept.join("\n")}\n… ${rest} not shown (the plan is ${plan.length.toLocaleString("en-US")} characters); answer n to ask for a shorter one`;
}
