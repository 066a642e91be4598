/**
 * The bound of one prompt or http hook run: its own timeout and the caller's signal, as one
 * signal, remembering which of the two fired (a timeout is reported differently from an abort).
 */

export interface RunDeadline {
  /** Aborts when the timeout passes or the caller's signal aborts. */
  signal: AbortSignal;
  /** True once the timeout (not the caller) ended the run. */
  readonly timedOut: boolean;
  /** How a stopped run is described: `timed out after 5s` or `aborted`. */
  stopReason(): string;
  /** Clears the timer and the listener; call once the run is over. */
  dispose(): void;
}

export function startDeadline(timeoutMs: number, parent: AbortSignal): RunDeadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${formatSeconds(timeoutMs)}`));
  }, timeoutMs);
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    stopReason: () => (timedOut ? `timed out after ${formatSeconds(timeoutMs)}` : "aborted"),
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

/** `5s`, `0.25s`: how a time limit is named in error messages. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}
