/**
 * Leaving the process cleanly: exit once stdout and stderr are drained, one line on stderr for a
 * failure, and a terminal that hung up released. Commands (one-shot, repl, demo) exit through
 * here; main.ts installs the crash handlers.
 */
import fs from "node:fs";
import { errorMessage } from "./cli-error.js";

/** How long exiting waits for stdout and stderr to drain. */
const DRAIN_LIMIT_MS = 2000;

/** The other end of a pipe or terminal is gone. */
function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "EPIPE" || code === "EIO" || code === "ERR_STREAM_DESTROYED";
}

/** The terminal hung up: Node cannot restore its modes at exit (it aborts), so we leave by SIGHUP. */
let terminalGone = false;
const hangupListeners: (() => void)[] = [];

/**
 * Calls `listener` once if the terminal goes away. A closed terminal (a killed tmux, a closed
 * window) does not always send SIGHUP; what always happens is readline failing with EIO.
 */
export function onTerminalGone(listener: () => void): void {
  hangupListeners.push(listener);
}

/** An uncaught error, or a stdio stream that failed: a gone terminal is noted, anything else fails. */
export function onCrash(error: unknown): void {
  if (isGone(error)) {
    if (!terminalGone && (process.stdin.isTTY === true || process.stdout.isTTY === true)) {
      terminalGone = true;
      for (const listener of hangupListeners.splice(0)) listener();
    }
    return;
  }
  fail(`internal error: ${errorMessage(error)}`, 1);
}

/**
 * stdout or stderr failed. A reader or terminal gone is onCrash's; any other failure (a full
 * disk, `> /dev/full`) lost output the user asked for: that fails the command, whatever it
 * would have exited with, so a script does not go on as if the answer had been written.
 */
export function onOutputError(error: unknown, stream: "stdout" | "stderr"): void {
  if (isGone(error)) onCrash(error);
  else fail(`cannot write to ${stream}: ${errorMessage(error)}`, 1);
}

/** Set by fail(): the code the process exits with, even when a command's own exit comes first. */
let failureCode: number | undefined;

/** Prints `codebot: <message>` once and exits with `code`. */
export function fail(message: string, code: number): void {
  if (failureCode !== undefined) return;
  failureCode = code;
  if (process.stderr.writable) process.stderr.write(`codebot: ${message}\n`);
  void exit(code);
}

/** Exits once stdout and stderr have been handed to the OS (pipes are async), or after a limit. */
export async function exit(code: number): Promise<never> {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_LIMIT_MS).unref());
  await Promise.race([Promise.all([drain(process.stdout), drain(process.stderr)]), limit]);
  if (terminalGone) releaseTerminal();
  process.exit(failureCode ?? code);
}

/**
 * At exit Node restores the terminal modes of its stdio and aborts when that fails, as it does on
 * a terminal that hung up. It skips descriptors that were closed, so the dead terminal's are.
 */
function releaseTerminal(): void {
  for (const [fd, stream] of [process.stdin, process.stdout, process.stderr].entries()) {
    if (!stream.isTTY) continue;
    try {
      fs.closeSync(fd);
    } catch {
      // Already closed.
    }
  }
}

function drain(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write("", () => resolve());
  });
}
