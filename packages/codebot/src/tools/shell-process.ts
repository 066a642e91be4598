import fs from "node:fs";
import { spawnProcess } from "@codebot/hooks";
import { OutputCap } from "./output-cap.js";

export interface ShellRun {
  command: string;
  cwd: string;
  /** Variables set on top of process.env. */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  outputLimit: number;
  onOutput?(chunk: string): void;
  /** Report the directory the shell ended in (`endCwd`), so that a `cd` can carry over. */
  trackCwd?: boolean;
}

export interface ShellResult {
  /**
   * stdout and stderr interleaved as they were written, capped. With `trackCwd`, what the shell
   * itself said on its stderr after the command (see TRACK_CWD) comes last, and is not streamed.
   */
  output: string;
  exitCode: number | null;
  /** The signal that ended the shell, if any. */
  killedBy: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: string;
  /** With `trackCwd`: where the shell ended, unless the command ended the shell itself (`exit`). */
  endCwd?: string;
}

/** The model writes bash; fall back to sh where bash is missing. */
const SHELL = fs.existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
/**
 * Runs the command (argument 1) with `eval`, so a `cd` in it moves this shell, with its stderr on
 * its stdout (one stream, in the order written); then writes where the shell ended up, between two
 * NULs, to the shell's own stderr, and exits with the command's status. That stderr carries nothing
 * else but what the shell itself still says (a start-up warning, `set -x`'s trace of `exit`, an EXIT
 * trap), which goes to the output. A command that exits itself writes no report (the working
 * directory stays as it was). `command` keeps a function of the command's from standing in for
 * printf or pwd. No file is involved: creating, reading and removing one cost ≈ 0.5 ms a call.
 */
const TRACK_CWD =
  "__codebot_cmd=$1; shift; eval \"$__codebot_cmd\" 2>&1; __codebot_status=$?; { command printf '\\0'; command pwd -P; command printf '\\0'; } >&2 2>/dev/null; exit $__codebot_status";
/** The most of the shell's own stderr kept while tracking the directory (its report is one path). */
const REPORT_LIMIT = 64 * 1024;
/** Time between SIGTERM and SIGKILL for the process group. */
const KILL_GRACE_MS = 2000;
/** After the shell exits, how long to wait for pipes that background children may hold open. */
const PIPE_DRAIN_MS = 250;

/**
 * Runs a command in its own process group (started by the hooks' process host, so without
 * forking Node), so that a timeout or an abort kills the shell and everything it started
 * (SIGTERM, then SIGKILL after a grace period). Background jobs it leaves end with the session.
 */
export function runShell(run: ShellRun): Promise<ShellResult> {
  return new Promise((resolve) => {
    const cap = new OutputCap(run.outputLimit);
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let exit: { exitCode: number | null; killedBy: NodeJS.Signals | null } | undefined;
    let outputClosed = false;
    let drain: NodeJS.Timeout | undefined;

    const report = new OutputCap(REPORT_LIMIT);
    const finish = (result: Omit<ShellResult, "output" | "timedOut" | "aborted">): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      run.signal.removeEventListener("abort", onAbort);
      child.release();
      const { messages, endCwd } = readReport(report.text());
      // Anything the shell itself said on its stderr (a warning at its start) is output too.
      if (messages !== "") cap.push(messages);
      resolve({
        ...result,
        output: cap.text(),
        timedOut,
        aborted,
        ...(endCwd === undefined ? {} : { endCwd }),
      });
    };
    const child = spawnProcess(
      {
        file: SHELL,
        args: run.trackCwd ? ["-c", TRACK_CWD, "codebot-bash", run.command] : ["-c", run.command],
        cwd: run.cwd,
        env: run.env,
        inheritEnv: true,
        stdin: null,
        mergeOutput: !run.trackCwd,
      },
      {
        onStdout: (data) => {
          const text = data.toString("utf8");
          cap.push(text);
          run.onOutput?.(text);
        },
        onStderr: (data) => {
          const text = data.toString("utf8");
          if (run.trackCwd) {
            report.push(text);
            return;
          }
          cap.push(text);
          run.onOutput?.(text);
        },
        onError: (failure) => finish({ exitCode: null, killedBy: null, spawnError: failure.message }),
        onExit: (exitCode, killedBy) => {
          // A killed run also takes the group's stragglers down; a normal exit leaves background jobs alone.
          if (timedOut || aborted) child.killGroup("SIGKILL");
          exit = { exitCode, killedBy };
          if (outputClosed) finish(exit);
          else drain = setTimeout(() => finish(exit ?? { exitCode, killedBy }), PIPE_DRAIN_MS);
        },
        onClose: () => {
          outputClosed = true;
          if (exit) finish(exit);
        },
      },
    );
    const stop = (): void => {
      child.killGroup("SIGTERM");
      setTimeout(() => child.killGroup("SIGKILL"), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, run.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The shell's stderr while tracking: its own messages, around the NUL-enclosed directory it ended in. */
function readReport(text: string): { messages: string; endCwd?: string } {
  const end = text.lastIndexOf("\0");
  const start = end > 0 ? text.lastIndexOf("\0", end - 1) : -1;
  if (start === -1) return { messages: text };
  const endCwd = text.slice(start + 1, end).replace(/\n$/, "");
  return { messages: text.slice(0, start) + text.slice(end + 1), ...(endCwd === "" ? {} : { endCwd }) };
}
