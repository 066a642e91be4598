/**
 * A short user command run with `/bin/sh -c` outside any hook or tool: the statusLine command,
 * the apiKeyHelper's later runs. In a process group of its own, so a timeout or a cancel kills
 * what it started too; output capped.
 */
import { spawn } from "node:child_process";

export interface ShortCommandOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** Written to its stdin, which is then closed (none: stdin is closed at once). */
  input?: string;
  timeoutMs: number;
  /** The most of stdout and of stderr kept. */
  outputLimit: number;
}

export interface ShortCommandResult {
  stdout: string;
  stderr: string;
  /** Why it did not succeed (`exit code 3: <first stderr line>`, `timed out after 5 s`…); undefined when it exited 0. */
  failure?: string;
}

export interface ShortCommandRun {
  /** Settles once it ended, however it ended; never rejects. */
  result: Promise<ShortCommandResult>;
  /** Kills it and everything it started. */
  kill(): void;
}

/** `stderrLine` turns stderr into the line a failure quotes (the caller makes it safe to show). */
export function startShortCommand(
  command: string,
  options: ShortCommandOptions,
  stderrLine: (stderr: string) => string = firstLine,
): ShortCommandRun {
  const child = spawn("/bin/sh", ["-c", command], {
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    env: options.env,
    detached: true,
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let timedOut = false;
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, options.timeoutMs);
  child.stdout?.on("data", (chunk: Buffer) => {
    if (stdout.length < options.outputLimit) stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    if (stderr.length < options.outputLimit) stderr += chunk.toString("utf8");
  });
  if (options.input !== undefined) {
    child.stdin?.on("error", () => {});
    child.stdin?.end(options.input);
  }
  const result = new Promise<ShortCommandResult>((resolve) => {
    const done = (failure: string | undefined) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, ...(failure !== undefined ? { failure } : {}) });
    };
    child.on("error", (error) => done(`cannot start: ${error.message}`));
    child.on("close", (code, signal) => {
      if (timedOut) done(`timed out after ${options.timeoutMs / 1000} s`);
      else if (signal !== null) done(`killed by ${signal}`);
      else if (code !== 0) {
        const why = stderrLine(stderr);
        done(`exit code ${code}${why ? `: ${why}` : ""}`);
      } else done(undefined);
    });
  });
  return { result, kill: killGroup };
}

/** The first line of `text` that is not blank, without its trailing spaces. */
export function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim() !== "") ?? "").trimEnd();
}
