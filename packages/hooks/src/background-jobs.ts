/**
 * Hook work nobody waits for (async events, `async: true` hooks): it starts once no tool call is
 * running (bounded, foreground-gate.ts), waits for its turn in its lane (background-lanes.ts), and
 * is kept until `drain()` so a session's end waits for it. Each hook run is also listed until it
 * has finished, so that a session ending at once can save what it abandons (`unfinished()`).
 * A bug in it is reported, never an unhandled rejection.
 */
import { BackgroundLanes } from "./background-lanes.js";
import type { CompiledHook } from "./compiled-hook.js";
import { ForegroundGate } from "./foreground-gate.js";
import type { HookJob } from "./hook-job.js";

export interface BackgroundJobsOptions {
  /** How many runs of one lane (an http origin, command hooks, …) may be under way at once. */
  maxConcurrent: number;
  maxDeferMs: number;
  /** A job failed unexpectedly (`what` names it). */
  report: (what: string, error: unknown) => void;
}

/** A background hook run that has not finished. */
export interface UnfinishedRun {
  hook: CompiledHook;
  job: HookJob;
  /** When it was fired. */
  queuedAt: Date;
  /** Its executor has started (it left its lane's queue). */
  running: boolean;
  /** Its start's `runId`, once its HookStart was reported: an end given up at exit pairs with it. */
  runId?: string;
}

/** Waits for a hook's turn in its lane, then runs its executor. */
export type TakeTurn = <T>(task: () => Promise<T>) => Promise<T>;

export class BackgroundJobs {
  readonly gate: ForegroundGate;
  private readonly lanes: BackgroundLanes;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly runs = new Set<UnfinishedRun>();

  constructor(private readonly options: BackgroundJobsOptions) {
    this.gate = new ForegroundGate(options.maxDeferMs);
    this.lanes = new BackgroundLanes(options.maxConcurrent);
  }

  /**
   * Starts one hook's run on a later turn of the event loop, once no tool call is running
   * (bounded): spawning blocks the main thread, and must not sit between a tool's result and the
   * agent. `work` gets the function that waits for the hook's turn in its lane, and the run as listed.
   */
  startRun(
    hook: CompiledHook,
    job: HookJob,
    work: (takeTurn: TakeTurn, run: UnfinishedRun) => Promise<unknown>,
  ): void {
    const run: UnfinishedRun = { hook, job, queuedAt: new Date(), running: false };
    this.runs.add(run);
    const takeTurn: TakeTurn = (task) =>
      this.lanes.run(hook.spec, () => {
        run.running = true;
        return task();
      });
    this.track(
      hook.event,
      this.gate
        .idle()
        .then(() => work(takeTurn, run))
        .finally(() => this.runs.delete(run)),
    );
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

  /** The hook runs started in the background that have not finished, queued or running. */
  unfinished(): UnfinishedRun[] {
    return [...this.runs];
  }

  /** Waits until nothing is in flight; jobs started meanwhile (SessionEnd after a last PostToolUse) too. */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}
