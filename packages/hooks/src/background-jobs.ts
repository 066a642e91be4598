/**
 * Hook work nobody waits for (async events, `async: true` hooks): it starts once no tool call is
 * running (bounded, foreground-gate.ts), at most `maxConcurrent` hook processes at once, and is
 * kept until `drain()` so a session's end waits for it. A bug in it is reported, never an
 * unhandled rejection.
 */
import { ForegroundGate } from "./foreground-gate.js";
import { Semaphore } from "./semaphore.js";

export interface BackgroundJobsOptions {
  maxConcurrent: number;
  maxDeferMs: number;
  /** A job failed unexpectedly (`what` names it). */
  report: (what: string, error: unknown) => void;
}

export class BackgroundJobs {
  readonly gate: ForegroundGate;
  /** Caps the hook processes of background work. */
  readonly semaphore: Semaphore;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: BackgroundJobsOptions) {
    this.gate = new ForegroundGate(options.maxDeferMs);
    this.semaphore = new Semaphore(options.maxConcurrent);
  }

  /**
   * Starts `work` on a later turn of the event loop, once no tool call is running (bounded):
   * spawning blocks the main thread, and must not sit between a tool's result and the agent.
   */
  start(what: string, work: () => Promise<unknown>): void {
    this.track(what, this.gate.idle().then(work));
  }

  /** Keeps a promise someone may not wait for (SessionStart's before any prompt) for `drain()`. */
  track(what: string, work: Promise<unknown>): void {
    const done: Promise<void> = work
      .then(
        () => {},
        (err: unknown) => this.options.report(what, err),
      )
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Waits until nothing is in flight; jobs started meanwhile (SessionEnd after a last PostToolUse) too. */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}
