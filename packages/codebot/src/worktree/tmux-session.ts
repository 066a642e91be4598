/**
 * `--tmux`'s tmux side, as claude 2.1.328 does it (classic tmux; iTerm2's native panes are
 * macOS-only): one session per worktree, `<repository folder>_worktree-<name>`, whose window runs
 * the session in the worktree's folder. Inside tmux (`TMUX` set) the session is made detached and
 * the client switched to it; outside, tmux attaches this terminal to it. A session of that name
 * already there is joined, not made again.
 */
import { spawnSync } from "node:child_process";

export interface TmuxSessionRequest {
  /** The session's name (`tmuxSessionName`). */
  name: string;
  /** The folder its window starts in. */
  cwd: string;
  /** The program and its arguments the window runs. */
  command: readonly string[];
  /** This process's environment: `TMUX` says whether it runs inside tmux. */
  env: NodeJS.ProcessEnv;
}

/** Whether the user's terminal is now in the session; if not, one line saying why. */
export type TmuxOutcome = { ok: true } | { ok: false; message: string };

/** tmux's session name for a worktree: tmux reads "." and ":" in a target as window and pane, so they become "_" (as claude's). */
export function tmuxSessionName(repositoryFolder: string, branch: string): string {
  return `${repositoryFolder}_${branch}`.replace(/[.:]/g, "_");
}

/** Whether tmux can be run: false when it is not on PATH. */
export function tmuxInstalled(env: NodeJS.ProcessEnv): boolean {
  const r = spawnSync("tmux", ["-V"], { env, stdio: "ignore" });
  return r.error === undefined && r.status === 0;
}

/** Makes (or finds) the session and puts the user's terminal in it. */
export function openTmuxSession(request: TmuxSessionRequest): TmuxOutcome {
  const { name, env } = request;
  // "=" matches the name exactly (a bare name also matches a session it begins).
  const target = `=${name}`;
  const inside = env.TMUX !== undefined && env.TMUX !== "";
  const exists = tmux(["has-session", "-t", target], env, "ignore").status === 0;
  if (!exists) {
    const made = tmux(
      [
        "new-session",
        ...(inside ? ["-d"] : []),
        "-s",
        name,
        "-e",
        `CLAUDE_CODE_TMUX_SESSION=${name}`,
        "-c",
        request.cwd,
        "--",
        ...request.command,
      ],
      env,
      inside ? "pipe" : "inherit",
    );
    if (made.status !== 0) return failed(`could not make the tmux session ${name}`, made.stderr);
    if (!inside) return { ok: true };
  }
  const joined = inside
    ? tmux(["switch-client", "-t", target], env, "pipe")
    : tmux(["attach-session", "-t", target], env, "inherit");
  if (joined.status !== 0)
    return failed(
      `the tmux session ${name} is running, but tmux could not ${inside ? "switch to" : "attach"} it; attach with: tmux attach -t '${name}'`,
      joined.stderr,
    );
  return { ok: true };
}

function tmux(args: readonly string[], env: NodeJS.ProcessEnv, stdio: "pipe" | "inherit" | "ignore") {
  const r = spawnSync("tmux", args, {
    env,
    encoding: "utf8",
    stdio: stdio === "inherit" ? "inherit" : ["ignore", "ignore", stdio],
  });
  return { status: r.error === undefined ? r.status : null, stderr: r.stderr ?? "" };
}

function failed(message: string, stderr: string): TmuxOutcome {
  const why = stderr.trim().split("\n")[0];
  return { ok: false, message: why ? `${message} (tmux: ${why})` : message };
}
