import { type FileHunk, hunkLineCounts, patchHunks } from "../tools/claude-result-shapes.js";

/**
 * The lines the file tools (write, edit) added and removed over the session in this process,
 * every agent's, as claude 2.1.328's `/cost` counts its `Total code changes` (a line changed is
 * one removed and one added). A replaced file's lines are counted when first asked for, from the
 * hunks its write gave hooks too (changeHunks): one diff a write, not one each.
 */
export class CodeChanges {
  private counted = { added: 0, removed: 0 };
  private pending: (() => FileHunk[])[] = [];

  /**
   * A file written: `before` undefined when it is new. claude counts a new file's lines as its
   * text split at each newline — a final newline adds one (recorded: a new `one\ntwo\nthree\n`
   * was 4 lines added) — and a replaced file's by their difference (its `hunks`).
   */
  count(before: string | undefined, after: string, hunks: () => FileHunk[]): void {
    if (before === undefined) this.counted.added += after.split("\n").length;
    else this.pending.push(hunks);
  }

  get added(): number {
    return this.settled().added;
  }

  get removed(): number {
    return this.settled().removed;
  }

  private settled(): { added: number; removed: number } {
    for (const hunks of this.pending.splice(0)) {
      const changed = hunkLineCounts(hunks());
      this.counted.added += changed.added;
      this.counted.removed += changed.removed;
    }
    return this.counted;
  }
}

/**
 * The lines `after` adds to `before` and removes from it (a line changed: one of each). Past
 * MAX_DIFFED_EDITS changed lines the change is not diffed line by line — a whole rewrite of a
 * 10,000-line file took 20 s, the time growing with the square — but counted as every line out
 * and every line in.
 */
export function changedLines(before: string, after: string): { added: number; removed: number } {
  return hunkLineCounts(patchHunks(before, after));
}
