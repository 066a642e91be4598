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

  /** @internal Called by the loop. */
  push(event: AgentEvent): void {
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

  async *[Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
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
      }
      if (this.done) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }
}
