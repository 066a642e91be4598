import type { SessionSummary } from "../../transcript/session-files.js";
import { cutToColumns } from "../output/columns.js";
import { sessionLine } from "../resume-flags.js";

/** How many sessions a list offers. */
export const LISTED = 20;

/** A row with a whole id (36 characters) and the date keeps 20 columns for the title from this width. */
const SHORT_IDS_BELOW = 82;

/**
 * The project's sessions as the interactive session lists them (`/resume`, `codebot -r`): the
 * newest LISTED, numbered, one row each on a terminal (`columns`: its width) — a row that wrapped
 * made the list twice as high, and its top scrolled out of view.
 */
export function sessionRows(sessions: readonly SessionSummary[], columns: number | undefined): string[] {
  // On a terminal narrower than SHORT_IDS_BELOW, a whole id would leave no room for the date and
  // title that tell sessions apart: its first 8 characters then (the number picks a session).
  const idLength = columns !== undefined && columns < SHORT_IDS_BELOW ? 8 : undefined;
  return sessions.slice(0, LISTED).map((session, i) => {
    const row = `  ${String(i + 1).padStart(2)}  ${sessionLine(session, idLength)}`;
    return columns === undefined ? row : cutToColumns(row, Math.max(10, columns));
  });
}
