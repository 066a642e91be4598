import { diffLines } from "diff";
import { MAX_DIFFED_EDITS } from "../tools/claude-result-shapes.js";

/**
 * The lines the file tools (write, edit) added and removed over the session in this process,
 * every agent's, as claude 2.1.328's `/cost` counts its `Total code changes` (a line changed is
 * one removed and one added).
 */
export class CodeChanges {
  added = 0;
  removed = 0;

  /**
   * A file written: `before` undefined when it is new. claude counts a new file's lines as its
   * text split at each newline — a final newline adds one (recorded: a new `one\ntwo\nthree\n`
   * was 4 lines added) — and a replaced file's by their difference.
   */
  count(before: string | undefined, after: string): void {
    if (before === undefined) {
      this.added += after.split("\n").length;
      return;
    }
    const changed = changedLines(before, after);
    this.added += changed.added;
    this.removed += changed.removed;
  }
}

/**
 * The lines `after` adds to `before` and removes from it (a line changed: one of each). Past
 * MAX_DIFFED_EDITS changed lines the change is not diffed line by line — every write of a whole
 * rewrite of a 10,000-line file took 20 s, the time growing with the square — but counted as
 * every line out and every line in.
 */
export function changedLines(before: string, after: string): { added: number; removed: number } {
  const parts = diffLines(before, after, { maxEditLength: MAX_DIFFED_EDITS });
  if (parts === undefined) return { added: lineCount(after), removed: lineCount(before) };
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.added) added += part.count ?? 0;
    if (part.removed) removed += part.count ?? 0;
  }
  return { added, removed };
}

/** Lines as the diff counts them: a final newline ends the last line, it does not start one. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}
