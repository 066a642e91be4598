/**
 * The user's `statusLine` command (Claude Code's setting): run with `/bin/sh -c` when the prompt
 * comes back, the session's JSON on its stdin; its first line of output is the status line. As in
 * Claude Code, a run still going when the next one starts is cancelled. A run that fails, times out
 * or prints nothing leaves codebot's own status line, and the first failure is said once.
 */
import { spawn } from "node:child_process";
import type { Runtime } from "../../session/runtime.js";
import { terminalSafe } from "../output/terminal-safe.js";

/** Longest a run may take; a status line is not worth waiting for. */
const TIMEOUT_MS = 5_000;
/** The most output read; the first line is all that is shown. */
const OUTPUT_LIMIT = 64 * 1024;

export class StatusLineCommand {
  /** The status line the last run that succeeded printed; undefined before one, or after a failure. */
  latest: string | undefined;
  private running: { kill(): void } | undefined;
  private failureSaid = false;

  constructor(
    private readonly command: string,
    private readonly options: { cwd: string; env: NodeJS.ProcessEnv; onFailure(message: string): void },
  ) {}

  /** Runs the command with `payload` on stdin; resolves once `latest` holds its answer. */
  refresh(payload: Record<string, unknown>): Promise<void> {
    this.cancel();
    return new Promise((resolve) => {
      const child = spawn("/bin/sh", ["-c", this.command], {
        cwd: this.options.cwd,
        env: this.options.env,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      let cancelled = false;
      const killGroup = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(killGroup, TIMEOUT_MS);
      const run = {
        kill: () => {
          cancelled = true;
          killGroup();
        },
      };
      this.running = run;
      child.stdout.on("data", (chunk: Buffer) => {
        if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString("utf8");
      });
      child.stdin.on("error", () => {});
      child.stdin.end(JSON.stringify(payload));
      const done = (failure: string | undefined) => {
        clearTimeout(timer);
        if (this.running === run) this.running = undefined;
        if (!cancelled) this.take(stdout, failure);
        resolve();
      };
      child.on("error", (error) => done(`cannot start: ${error.message}`));
      child.on("close", (code, signal) => {
        if (signal !== null)
          done(signal === "SIGKILL" ? `timed out after ${TIMEOUT_MS / 1000} s` : `killed by ${signal}`);
        else if (code !== 0) {
          const why = firstLine(terminalSafe(stderr));
          done(`exit code ${code}${why ? `: ${why}` : ""}`);
        } else done(undefined);
      });
    });
  }

  /** Kills a run still going (the session is closing: nothing may be left behind). */
  cancel(): void {
    this.running?.kill();
  }

  private take(stdout: string, failure: string | undefined): void {
    this.latest = failure === undefined ? firstLine(terminalSafe(stdout, true)) || undefined : undefined;
    if (failure === undefined || this.failureSaid) return;
    this.failureSaid = true;
    this.options.onFailure(`statusLine command failed (${failure}); codebot's own status line is shown`);
  }
}

/** The session's statusLine command, when the settings name one and there is a terminal to show it on. */
export function statusLineOf(
  rt: Runtime,
  terminal: boolean,
  onFailure: (message: string) => void,
): StatusLineCommand | undefined {
  const command = rt.project.settings.statusLine;
  if (!terminal || command === undefined) return undefined;
  return new StatusLineCommand(command, {
    cwd: rt.cwd,
    env: { ...process.env, ...rt.project.settings.env },
    onFailure,
  });
}

function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim() !== "") ?? "").trimEnd();
}
