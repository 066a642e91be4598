import type { SessionSummary } from "../../transcript/session-files.js";
import { columnsOf, cutToColumns } from "../output/columns.js";
import { sessionLineParts } from "../resume-flags.js";

/** How many sessions a list offers. */
export const LISTED = 20;

/** A row with a whole id (36 characters) and the date keeps 20 columns for the title from this width. */
const SHORT_IDS_BELOW = 82;
/** A row with a short id and the date keeps 20 columns for the title from this width (as /help). */
const TITLE_UNDER_BELOW = 55;

/**
 * The project's sessions as the interactive session lists them (`/resume`, `codebot -r`): the
 * newest LISTED, numbered, one row each on a terminal (`columns`: its width) — a row that wrapped
 * made the list twice as high, and its top scrolled out of view. On a terminal narrower than
 * TITLE_UNDER_BELOW, two rows each: the title under the number, id and date (on one row it was
 * cut to a word or two).
 */
export function sessionRows(sessions: readonly SessionSummary[], columns: number | undefined): string[] {
  return sessionRowGroups(sessions.slice(0, LISTED), columns).flat();
}

/**
 * sessionRows of all `sessions`, each session's rows (one, or two on a narrow terminal) apart: a
 * picker marks the chosen one's and shows a part of the list, numbered from `firstNumber`.
 */
export function sessionRowGroups(
  sessions: readonly SessionSummary[],
  columns: number | undefined,
  firstNumber = 1,
): string[][] {
  // On a terminal narrower than SHORT_IDS_BELOW, a whole id would leave no room for the date and
  // title that tell sessions apart: its first 8 characters then (the number picks a session).
  const idLength = columns !== undefined && columns < SHORT_IDS_BELOW ? 8 : undefined;
  const cut = (row: string) => (columns === undefined ? row : cutToColumns(row, Math.max(10, columns)));
  // A fork's mark stays in view: the title before it is cut instead.
  const titled = (before: string, title: string, fork: string) =>
    columns === undefined || fork === ""
      ? cut(`${before}${title}${fork}`)
      : cut(
          `${before}${cutToColumns(title, Math.max(10, columns - columnsOf(before) - columnsOf(fork)))}${fork}`,
        );
  return sessions.map((session, i) => {
    const { head, title, fork } = sessionLineParts(session, idLength);
    const number = `  ${String(firstNumber + i).padStart(2)}  `;
    if (columns !== undefined && columns < TITLE_UNDER_BELOW)
      return [cut(`${number}${head}`), titled(" ".repeat(number.length), title, fork)];
    return [titled(`${number}${head}  `, title, fork)];
  });
}
