import { diffLines } from "diff";

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
    for (const part of diffLines(before, after)) {
      if (part.added) this.added += part.count ?? 0;
      if (part.removed) this.removed += part.count ?? 0;
    }
  }
}
