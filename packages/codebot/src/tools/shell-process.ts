import { spawn } from "node:child_process";
import fs from "node:fs";
import { OutputCap } from "./output-cap.js";

export interface ShellRun {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  outputLimit: number;
  onOutput?(chunk: string): void;
}

export interface ShellResult {
  /** stdout and stderr interleaved as they arrived, capped. */
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
/** Time between SIGTERM and SIGKILL for the process group. */
const KILL_GRACE_MS = 2000;
/** After the shell exits, how long to wait for pipes that background children may hold open. */
const PIPE_DRAIN_MS = 250;

/**
 * Runs a command in its own process group, so that a timeout or an abort kills the shell and
 * everything it started (SIGTERM, then SIGKILL after a grace period).
 */
export function runShell(run: ShellRun): Promise<ShellResult> {
  return new Promise((resolve) => {
    const cap = new OutputCap(run.outputLimit);
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let drain: NodeJS.Timeout | undefined;
    const child = spawn(SHELL, ["-c", run.command], {
      cwd: run.cwd,
      env: run.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const killGroup = (signal: NodeJS.Signals): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const stop = (): void => {
      killGroup("SIGTERM");
      setTimeout(() => killGroup("SIGKILL"), KILL_GRACE_MS).unref();
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

    const onData = (data: Buffer): void => {
      const text = data.toString("utf8");
      cap.push(text);
      run.onOutput?.(text);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);

    const finish = (result: Omit<ShellResult, "output" | "timedOut" | "aborted">): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      run.signal.removeEventListener("abort", onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ ...result, output: cap.text(), timedOut, aborted });
    };
    child.on("error", (error) => finish({ exitCode: null, killedBy: null, spawnError: error.message }));
    child.on("exit", (exitCode, killedBy) => {
      // A killed run also takes the group's stragglers down; a normal exit leaves background jobs alone.
      if (timedOut || aborted) killGroup("SIGKILL");
      const done = () => finish({ exitCode, killedBy });
      child.on("close", done);
      drain = setTimeout(done, PIPE_DRAIN_MS);
    });
  });
}
