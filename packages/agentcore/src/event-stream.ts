import type { AgentEvent, LoopResult } from "./events.js";

/**
 * The events of one run as an async iterable, plus its final result. The run does not wait for a
 * reader: events are buffered, so `result()` alone is enough to drive a run to its end. One reader only.
 */
export class AgentEventStream implements AsyncIterable<AgentEvent> {
  private readonly buffer: AgentEvent[] = [];
  private head = 0;
  private done = false;
  private wake: (() => void) | undefined;
  private readonly settled: Promise<LoopResult>;
  /** Events pushed so far, and those the reader has finished with (it asked for the next one). */
  private pushed = 0;
  private handled = 0;
  private reading = false;
  private waiters: { upTo: number; resolve: () => void }[] = [];
  private resolveResult!: (result: LoopResult) => void;

  constructor() {
    this.settled = new Promise((resolve) => {
      this.resolveResult = resolve;
    });
  }

  /** Resolves when the run has ended (after `agent_end`). Never rejects: failures are `reason: "error"`. */
  result(): Promise<LoopResult> {
    return this.settled;
  }

  /**
   * Resolves once the reader has finished with every event pushed so far — its listeners have
   * run (a transcript written from `message_end` has the line) — or at once when nobody reads.
   */
  delivered(): Promise<void> {
    if (!this.reading || this.handled >= this.pushed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ upTo: this.pushed, resolve }));
  }

  /** @internal Called by the loop. */
  push(event: AgentEvent): void {
    this.pushed += 1;
    this.buffer.push(event);
    this.notify();
  }

  /** @internal Called by the loop once, after the last event. */
  end(result: LoopResult): void {
    this.done = true;
    this.resolveResult(result);
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private release(all: boolean): void {
    const waiting = this.waiters;
    this.waiters = all ? [] : waiting.filter((w) => w.upTo > this.handled);
    for (const w of waiting) if (all || w.upTo <= this.handled) w.resolve();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
    this.reading = true;
    try {
      yield* this.events();
    } finally {
      this.reading = false;
      this.release(true);
    }
  }

  private async *events(): AsyncGenerator<AgentEvent> {
    for (;;) {
      while (this.head < this.buffer.length) {
        const event = this.buffer[this.head] as AgentEvent;
        // Drop consumed events so a long run does not keep them all alive.
        this.buffer[this.head] = undefined as unknown as AgentEvent;
        this.head += 1;
        if (this.head > 1024 && this.head * 2 > this.buffer.length) {
          this.buffer.splice(0, this.head);
          this.head = 0;
        }
        yield event;
        this.handled += 1;
        if (this.waiters.length) this.release(false);
      }
      if (this.done) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }
}
