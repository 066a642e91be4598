import { ANSWER_CAP, EVENT_ANSWER_BUDGET } from "./answer-cap.js";

/**
 * What one firing's hooks may read of their answers past ANSWER_CAP, together. A Claude Code
 * group's hook may answer 32 MiB (answer-cap.ts), and an event's hooks run side by side: each
 * answer is held as bytes, then as text, then parsed, so 8 hooks each answering 30 MB took
 * codebot to 877 MB, 24 to 2.3 GB. Every hook reads its first ANSWER_CAP bytes (HOOKS.md §6.1's
 * 1 MiB, a codebot hook's whole answer) whatever the others took; only the bytes past it are
 * drawn from this budget, as they come. A hook left without any is cut there — it keeps its first
 * ANSWER_CAP bytes, gives the rest back, and its failure says why (interpret.ts) — so the others,
 * read side by side, go on: as many whole answers as the budget holds, not every one cut halfway.
 */
export class AnswerBudget {
  private left: number;

  constructor(readonly bytes: number = EVENT_ANSWER_BUDGET) {
    this.left = bytes;
  }

  /**
   * How much of `chunk` bytes a hook that has read `read` bytes so far may keep: what stays
   * under ANSWER_CAP, and what the budget still holds past it (taken from it).
   */
  take(read: number, chunk: number): number {
    const free = Math.min(chunk, Math.max(0, ANSWER_CAP - read));
    const drawn = Math.min(chunk - free, this.left);
    this.left -= drawn;
    return free + drawn;
  }

  /** Bytes a hook that was cut drew and dropped: for the others. */
  giveBack(bytes: number): void {
    this.left += bytes;
  }
}
