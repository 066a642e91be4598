import type { SessionSummary } from "../../transcript/session-files.js";
import { cutToColumns } from "../output/columns.js";
import { sessionLine } from "../resume-flags.js";

/** How many sessions a list offers. */
export const LISTED = 20;

/**
 * The project's sessions as the interactive session lists them (`/resume`, `codebot -r`): the
 * newest LISTED, numbered, one row each on a terminal (`columns`: its width) — a row that wrapped
 * made the list twice as high, and its top scrolled out of view.
 */
export function sessionRows(sessions: readonly SessionSummary[], columns: number | undefined): string[] {
  return sessions.slice(0, LISTED).map((session, i) => {
    const row = `  ${String(i + 1).padStart(2)}  ${sessionLine(session)}`;
    return columns === undefined ? row : cutToColumns(row, Math.max(10, columns));
  });
}
