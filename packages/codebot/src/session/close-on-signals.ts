import os from "node:os";

export interface CloseOnSignalsOptions {
  /** Default: SIGINT, SIGTERM and SIGHUP (the terminal closed). */
  signals?: readonly NodeJS.Signals[];
  /** Called with 128 + the signal number once close() has finished. Default: process.exit. */
  exit?: (code: number) => void;
  /** Told when close() fails (the process still exits). */
  onError?: (error: unknown) => void;
  /** Called with the first signal, before close() (say, to record a Ctrl+C as the user's interruption). */
  onSignal?: (signal: NodeJS.Signals) => void;
}

/**
 * Makes Ctrl+C, SIGTERM and a closed terminal end the session properly: the first signal runs `close()` (SessionEnd,
 * async hooks drained) and then exits with 128 + the signal number; a second signal while
 * closing exits at once. Returns a function that removes the handlers.
 */
export function closeOnSignals(
  runtime: { close(): Promise<void> },
  options: CloseOnSignalsOptions = {},
): () => void {
  const signals = options.signals ?? ["SIGINT", "SIGTERM", "SIGHUP"];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const handler = (signal: NodeJS.Signals): void => {
    const code = 128 + (os.constants.signals[signal] ?? 0);
    if (closing) {
      exit(code);
      return;
    }
    closing = true;
    options.onSignal?.(signal);
    runtime.close().then(
      () => exit(code),
      (error: unknown) => {
        options.onError?.(error);
        exit(code);
      },
    );
  };
  for (const signal of signals) process.on(signal, handler);
  return () => {
    for (const signal of signals) process.off(signal, handler);
  };
}
