import os from "node:os";
import { type AbandonedHooks, abandonedNotice } from "./undelivered-hooks.js";

export interface CloseOnSignalsOptions {
  /** Default: SIGINT, SIGTERM and SIGHUP (the terminal closed). */
  signals?: readonly NodeJS.Signals[];
  /** Called with 128 + the signal number once close() has finished. Default: process.exit. */
  exit?: (code: number) => void;
  /** Told when close() fails (the process still exits). */
  onError?: (error: unknown) => void;
  /** Called with the first signal, before close() (say, to record a Ctrl+C as the user's interruption). */
  onSignal?: (signal: NodeJS.Signals) => void;
  /**
   * Shows the `codebot: exiting now: …` line of an abandoning exit. Default: stderr. A session
   * that draws a status line passes its own, so the line does not land at the end of the status.
   */
  say?: (line: string) => void;
}

/** What the handlers need of a session (Runtime has it all). */
export interface ClosableSession {
  close(): Promise<void>;
  /** close() has begun (the end of a `-p` run, `/exit`). */
  readonly isClosing?: boolean;
  /** Saves the hook runs that have not finished to the spool file, before an immediate exit. */
  abandonHooks?(): AbandonedHooks;
}

/**
 * Makes Ctrl+C, SIGTERM and a closed terminal end the session properly: the first signal runs
 * `close()` (SessionEnd, async hooks drained) and then exits with 128 + the signal number. A
 * second signal while closing — or a Ctrl+C while a close begun otherwise waits for hooks —
 * exits at once, after saving the hook runs it abandons (`abandonHooks`) and saying so in one
 * `codebot: …` line on stderr. Returns a function that removes the handlers.
 */
export function closeOnSignals(runtime: ClosableSession, options: CloseOnSignalsOptions = {}): () => void {
  const signals = options.signals ?? ["SIGINT", "SIGTERM", "SIGHUP"];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  let closing = false;
  const handler = (signal: NodeJS.Signals): void => {
    const code = 128 + (os.constants.signals[signal] ?? 0);
    // A Ctrl+C while a close already under way (the end of a run, /exit) waits for hooks is what the
    // waiting line offers: stop waiting. A first SIGTERM or SIGHUP then is an orderly end like one
    // that comes mid-run (HOOKS.md §7.4: close waits for async hooks "also on Ctrl+C or SIGTERM",
    // each up to its own timeout): the close goes on. A closed terminal also ends the input, which
    // begins the close a moment before its hang-up arrives.
    if (closing || (signal === "SIGINT" && runtime.isClosing === true)) {
      exitAbandoning(runtime, say, () => exit(code));
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

/** Saves what is abandoned and says where, synchronously, then exits. */
function exitAbandoning(runtime: ClosableSession, say: (line: string) => void, exit: () => void): void {
  const abandoned = runtime.abandonHooks?.();
  const notice = abandoned && abandonedNotice(abandoned);
  if (notice !== undefined) say(`codebot: ${notice}`);
  exit();
}
