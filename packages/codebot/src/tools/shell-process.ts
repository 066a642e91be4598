import fs from "node:fs";
import { spawnProcess } from "@codebot/hooks";
import { OutputCap } from "./output-cap.js";

export interface ShellRun {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  outputLimit: number;
  onOutput?(chunk: string): void;
  /** A file the shell writes its working directory to when the command ends (`cd` tracking). */
  cwdFile?: string;
}

export interface ShellResult {
  /** stdout and stderr interleaved as they were written, capped. */
  output: string;
  exitCode: number | null;
  /** The signal that ended the shell, if any. */
  killedBy: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: string;
}

/** The model writes bash; fall back to sh where bash is missing. */
const SHELL = fs.existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
/**
 * Runs the command (argument 1) with `eval`, so a `cd` in it moves this shell, then writes where
 * the shell ended up to the file named by argument 2; the command's exit status is kept. A command
 * that exits itself leaves the file unwritten (the working directory stays as it was).
 */
const TRACK_CWD =
  '__codebot_cmd=$1; __codebot_cwd=$2; shift 2; eval "$__codebot_cmd"; __codebot_status=$?; pwd -P >| "$__codebot_cwd" 2>/dev/null; exit $__codebot_status';
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

    const finish = (result: Omit<ShellResult, "output" | "timedOut" | "aborted">): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      run.signal.removeEventListener("abort", onAbort);
      child.release();
      resolve({ ...result, output: cap.text(), timedOut, aborted });
    };
    const child = spawnProcess(
      {
        file: SHELL,
        args:
          run.cwdFile === undefined
            ? ["-c", run.command]
            : ["-c", TRACK_CWD, "codebot-bash", run.command, run.cwdFile],
        cwd: run.cwd,
        env: run.env,
        stdin: null,
        mergeOutput: true,
      },
      {
        onStdout: (data) => {
          const text = data.toString("utf8");
          cap.push(text);
          run.onOutput?.(text);
        },
        onStderr: (data) => {
          const text = data.toString("utf8");
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
