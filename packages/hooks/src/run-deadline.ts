/**
 * The bound of one prompt, agent, http or SDK callback hook run: its own timeout and the caller's
 * signal, as one signal, remembering which of the two fired (a timeout is reported differently
 * from an abort).
 */
import type { RunContext, RunOutcome } from "./executor.js";

export interface RunDeadline {
  /** Aborts when the timeout passes or the caller's signal aborts. */
  signal: AbortSignal;
  /** True once the timeout (not the caller) ended the run. */
  readonly timedOut: boolean;
  /** How a stopped run is described: `timed out after 5s` or `aborted`. */
  stopReason(): string;
  /**
   * The outcome of a run that threw `err`, its error `<label>: ` and the stop reason when the
   * deadline stopped it, else the error's message and `detail`.
   */
  failed(label: string, err: unknown, detail?: string): RunOutcome;
  /** Clears the timer and the listener; call once the run is over. */
  dispose(): void;
}

export function startDeadline(ctx: Pick<RunContext, "timeoutMs" | "limitMs" | "signal">): RunDeadline {
  const parent = ctx.signal;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(timedOutMessage(ctx)));
  }, ctx.timeoutMs);
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener("abort", onAbort, { once: true });
  const stopReason = () => (timedOut ? timedOutMessage(ctx) : "aborted");
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    stopReason,
    failed(label, err, detail = "") {
      const failed: RunOutcome = { stdout: "", stderr: "", exitCode: null };
      if (!controller.signal.aborted) failed.error = `${label}: ${(err as Error).message}${detail}`;
      else {
        failed.error = `${label}: ${stopReason()}`;
        if (timedOut) failed.timedOut = true;
      }
      return failed;
    },
    dispose() {
      clearTimeout(timer);
      parent.removeEventListener("abort", onAbort);
    },
  };
}

/** Races a promise against a signal, so a callee that ignores the signal cannot outlive the run. */
export function untilAborted<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/**
 * `timed out after 5s`, naming the hook's timeout as configured: the time the run was given may
 * be less (the approval wait counts against it), and `after 4.96s` would read as another limit.
 */
export function timedOutMessage(ctx: Pick<RunContext, "timeoutMs" | "limitMs">): string {
  return `timed out after ${formatSeconds(ctx.limitMs ?? ctx.timeoutMs)}`;
}

/** `5s`, `0.25s`: how a time limit is named in error messages. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}
