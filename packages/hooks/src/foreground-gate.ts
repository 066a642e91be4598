/**
 * Keeps background hook work off the agent's critical path. Spawning a process blocks Node's main
 * thread for milliseconds; async hooks (observers by definition) therefore wait while tool calls
 * are in progress, and start as soon as none is — or after `maxDeferMs`, so they are never starved.
 */

/** How often waiting hooks look whether the agent is between tool calls. */
const CHECK_EVERY_MS = 5;

export class ForegroundGate {
  private busy = 0;
  private waiters: (() => void)[] = [];
  private check: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;

  constructor(private readonly maxDeferMs: number) {}

  /** Runs foreground work (one tool call through the middleware). */
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await work();
    } finally {
      this.busy--;
    }
  }

  /**
   * Resolves on a later turn of the event loop when no foreground work is running, or once the
   * oldest waiter has waited `maxDeferMs`. The count is sampled by a timer rather than on every
   * call's end: a caller running tool calls back to back starts the next one in the same tick the
   * last one ended, and an immediate per call would cost each call an extra event-loop turn.
   */
  idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      this.deadline ??= setTimeout(() => this.releaseAll(), this.maxDeferMs);
      this.check ??= setTimeout(() => this.sample(), CHECK_EVERY_MS);
    });
  }

  private sample(): void {
    this.check = undefined;
    if (this.busy === 0) this.releaseAll();
    else this.check = setTimeout(() => this.sample(), CHECK_EVERY_MS);
  }

  private releaseAll(): void {
    clearTimeout(this.deadline);
    clearTimeout(this.check);
    this.deadline = undefined;
    this.check = undefined;
    for (const release of this.waiters.splice(0)) release();
  }
}
