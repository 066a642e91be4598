/**
 * The lines of a transcript a resume could not read (a line a crash cut off, one that is not JSON)
 * and has told the user of: `{"type":"codebot-reported-lines","lines":[6],…}`, written by that
 * resume. Later resumes skip those lines without saying so again; the lines themselves stay in the
 * file as they were, where the user can look at them. claude 2.1.328 skips such a line without a
 * word (recorded); claude skips this line, a type it does not know, in the same way.
 */
import type { CheckedLine } from "./line-shape.js";

const REPORTED_LINES_TYPE = "codebot-reported-lines";

export function reportedLinesLine(lines: readonly number[], sessionId: string): object {
  return { type: REPORTED_LINES_TYPE, lines, sessionId, timestamp: new Date().toISOString() };
}

/** The line numbers a reported-lines line names; none for another line. */
export function reportedLinesOf(line: CheckedLine): number[] {
  if (line.type !== REPORTED_LINES_TYPE) return [];
  const { lines } = line as { lines?: unknown };
  return Array.isArray(lines) ? lines.filter((n): n is number => Number.isSafeInteger(n)) : [];
}
