import type { AnswerBudget } from "./answer-budget.js";
import { ANSWER_CAP } from "./answer-cap.js";

/** Bytes of one stream (a hook's stdout or stderr, an http hook's response body) up to a cap. */
export class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** Some bytes were dropped at the cap, or past what the budget gave. */
  truncated = false;
  /** The bytes were dropped because the firing's budget was spent, before the cap (answer-budget.ts). */
  cutByBudget = false;

  /** `budget`: shared with the other hooks of the firing, for an answer. */
  constructor(
    private readonly cap: number,
    private budget?: AnswerBudget,
  ) {}

  /** Keeps what fits under the cap and the budget; the rest is dropped and marks the buffer truncated. */
  push(chunk: Buffer): void {
    if (this.cutByBudget) return;
    const room = this.cap - this.size;
    if (chunk.length > room) {
      this.truncated = true;
      chunk = chunk.subarray(0, room);
    }
    if (this.budget !== undefined && chunk.length > 0) {
      const granted = this.budget.take(this.size, chunk.length);
      if (granted < chunk.length) {
        // What the budget gave of this chunk is kept first, so that all it gave goes back.
        this.keep(chunk.subarray(0, granted));
        this.cutByBudget = true;
        this.truncated = true;
        this.keepOnly(ANSWER_CAP, this.budget);
        return;
      }
    }
    this.keep(chunk);
  }

  /**
   * The answer will not be read (its hook was killed, or its run failed mid-answer): it keeps its
   * first ANSWER_CAP bytes, to show, and gives what it drew back to the firing's other hooks.
   */
  release(): void {
    if (this.budget !== undefined) this.keepOnly(ANSWER_CAP, this.budget);
  }

  /**
   * Draws from `next` from now on (an async hook's output after its reply is read past the
   * firing, command-executor.ts): what it drew of its firing's budget goes back there, and is
   * drawn again from `next`.
   */
  moveTo(next: AnswerBudget): void {
    const held = this.chunks.splice(0);
    this.budget?.giveBack(Math.max(0, this.size - ANSWER_CAP));
    this.budget = next;
    this.size = 0;
    // A buffer already cut holds no more than ANSWER_CAP, drawn from no budget: kept as it is.
    const cut = this.cutByBudget;
    for (const chunk of held) {
      if (cut) this.keep(chunk);
      else this.push(chunk);
    }
  }

  private keep(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** Drops what is past `bytes`, giving what it had drawn back to `budget`. */
  private keepOnly(bytes: number, budget: AnswerBudget): void {
    if (this.size <= bytes) return;
    budget.giveBack(this.size - bytes);
    let left = bytes;
    const kept: Buffer[] = [];
    for (const chunk of this.chunks) {
      if (left === 0) break;
      kept.push(chunk.length <= left ? chunk : chunk.subarray(0, left));
      left -= Math.min(chunk.length, left);
    }
    this.chunks.splice(0, this.chunks.length, ...kept);
    this.size = bytes;
  }

  /** Lenient UTF-8: invalid bytes become U+FFFD. */
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/** Where a cut answer was cut, for its outcome: at the hook's own cap, or where the firing's budget ran out. */
export function answerCut(
  answer: CappedBuffer,
  cap: number,
  budget: AnswerBudget | undefined,
): { stdoutCap: number } | { stdoutBudget: number } {
  return answer.cutByBudget && budget !== undefined ? { stdoutBudget: budget.bytes } : { stdoutCap: cap };
}
