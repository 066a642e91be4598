/**
 * A hook's `continue: false` ends its run, but the hooks already running beside it (the other
 * members of its group, another parallel call's hooks) are left to finish, and the run's result
 * waits for them: claude 2.1.328 does so (recorded: the other hook's file was written and its
 * `hook_response` said `success`, the result came after it). Killing them would cut a formatter or
 * an audit log half-way through for no fault of their own. A hook not yet started when the stop
 * came does not start.
 */

/** The reason a run's signal is aborted with when a hook ended it (session.stopRun). */
export class RunEndedByHook extends Error {
  private readonly finishing = new Set<Promise<void>>();

  /** `cutShort` fires when the hooks left to finish must stop after all (Esc, Ctrl+C, the session's end). */
  constructor(
    message: string,
    readonly cutShort: AbortSignal,
  ) {
    super(message);
  }

  /** Resolves once every hook left to finish has finished (or was cut short). */
  async finished(): Promise<void> {
    while (this.finishing.size) await Promise.all([...this.finishing]);
  }

  /** A hook left to finish: `finished()` waits for `done`. */
  hold(done: Promise<void>): void {
    this.finishing.add(done);
    void done.then(() => this.finishing.delete(done));
  }
}

/** The signal a running hook's process is killed by, and `release` for when its run is over. */
export interface HookKill {
  signal: AbortSignal;
  release(): void;
}

/**
 * `runSignal`, except that a hook running when a hook ended the run (RunEndedByHook) is left to
 * finish, and killed only if the stop is cut short. A hook starting after that is killed at once.
 */
export function hookKill(runSignal: AbortSignal): HookKill {
  if (runSignal.aborted) return { signal: runSignal, release: () => undefined };
  const controller = new AbortController();
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const follow = (signal: AbortSignal, onAbort: () => void) => {
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    void done.then(() => signal.removeEventListener("abort", onAbort));
  };
  follow(runSignal, () => {
    const reason: unknown = runSignal.reason;
    if (!(reason instanceof RunEndedByHook)) return controller.abort(reason);
    reason.hold(done);
    follow(reason.cutShort, () => controller.abort(reason.cutShort.reason));
  });
  return { signal: controller.signal, release };
}
