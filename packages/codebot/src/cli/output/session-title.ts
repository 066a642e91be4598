import { visible } from "../../approval/visible-text.js";
import { cutToColumns } from "./columns.js";
import { terminalSafe } from "./terminal-safe.js";

/** On the status line the title leaves room for the model, context and cost after it (in columns). */
const STATUS_TITLE_WIDTH = 40;

/**
 * A session's title or first prompt as a list or the status line shows it: a hook gave the one, a
 * paste the other, so one line, nothing the terminal would act on (escape sequences, BEL dropped),
 * and characters that reorder or hide text written out (`\u202e`), as a trace line's preview.
 */
export function shownTitle(title: string): string {
  return visible(terminalSafe(title).replace(/\s+/g, " ").trim());
}

/** The status line under the prompt, led by the session's title once a hook named it (`Fix the parser · anthropic/… · context …`). */
export function titledStatus(title: string | undefined, status: string): string {
  if (title === undefined) return status;
  const shown = shownTitle(title);
  if (shown === "") return status;
  return `${cutToColumns(shown, STATUS_TITLE_WIDTH)} · ${status}`;
}
