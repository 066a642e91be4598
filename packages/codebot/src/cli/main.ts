import fs from "node:fs";
import { errorMessage, exitCodeOf } from "./cli-error.js";
import { routeModelWarnings } from "./model-warnings.js";
import { buildProgram } from "./program.js";

/** How long exiting waits for stdout and stderr to drain. */
const DRAIN_LIMIT_MS = 2000;

/**
 * Runs the command line and exits. Whatever goes wrong reaches the user as one line on stderr,
 * never as a stack trace; stdout is flushed before the process exits.
 */
export async function main(argv: readonly string[]): Promise<void> {
  routeModelWarnings((line) => process.stderr.write(`${line}\n`));
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  // A reader that has seen enough (`| head`) or a terminal that went away: output is no longer
  // wanted, but the command still ends normally (a session still closes, SessionEnd included).
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      onCrash(error);
    });
  }
  let code: number;
  try {
    code = await buildProgram().run(argv);
  } catch (error) {
    fail(errorMessage(error), exitCodeOf(error));
    return;
  }
  await exit(code);
}

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

function onCrash(error: unknown): void {
  if (isGone(error)) {
    if (!terminalGone && (process.stdin.isTTY === true || process.stdout.isTTY === true)) {
      terminalGone = true;
      for (const listener of hangupListeners.splice(0)) listener();
    }
    return;
  }
  fail(`internal error: ${errorMessage(error)}`, 1);
}

let failing = false;

function fail(message: string, code: number): void {
  if (failing) return;
  failing = true;
  if (process.stderr.writable) process.stderr.write(`codebot: ${message}\n`);
  void exit(code);
}

/** Exits once stdout and stderr have been handed to the OS (pipes are async), or after a limit. */
export async function exit(code: number): Promise<never> {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_LIMIT_MS).unref());
  await Promise.race([Promise.all([drain(process.stdout), drain(process.stderr)]), limit]);
  if (terminalGone) releaseTerminal();
  process.exit(code);
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
