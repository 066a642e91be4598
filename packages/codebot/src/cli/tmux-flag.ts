/**
 * `--tmux` (with `-w/--worktree`, Claude Code's): the worktree's session runs in a tmux session
 * of its own instead of this terminal (worktree/tmux-session.ts). `--tmux=classic` is the same
 * here: claude's other mode uses iTerm2's native panes, which are macOS-only.
 */
import path from "node:path";
import { openTmuxSession, tmuxInstalled, tmuxSessionName } from "../worktree/tmux-session.js";
import { CliError } from "./cli-error.js";
import type { SessionFlags } from "./session-flags.js";

/** The command line with `--tmux=classic` read as `--tmux` (the parser knows `--tmux` alone). */
export function withClassicTmux(argv: readonly string[]): string[] {
  const end = argv.indexOf("--");
  return argv.map((arg, i) => {
    if ((end !== -1 && i > end) || !arg.startsWith("--tmux=")) return arg;
    if (arg === "--tmux=classic") return "--tmux";
    throw new CliError(`${arg}: the only --tmux mode is classic (iTerm2's native panes are not codebot's)`);
  });
}

/** Refuses `--tmux` before any worktree is made, as claude does: without `-w`, on Windows, without tmux. */
export function checkTmuxFlag(worktree: string | true | undefined): void {
  if (worktree === undefined) throw new CliError("--tmux requires --worktree");
  if (process.platform === "win32") throw new CliError("--tmux is not supported on Windows");
  if (!tmuxInstalled(process.env))
    throw new CliError(
      "tmux is not installed. Install tmux (sudo apt install tmux, or brew install tmux) or leave out --tmux",
    );
}

/**
 * Runs the session of `flags` (its worktree made by `withWorktree`) in a tmux session and returns
 * the exit code. The window runs codebot with the same command line less `--tmux`: a git worktree
 * again with `-w <name>` from the project it was made from (found there, so its approvals and
 * its end — the keep-or-remove question — are those of a `-w` session); a folder a WorktreeCreate
 * hook made without it (the hook is not run twice), as a project of its own.
 */
export function runWorktreeInTmux(flags: SessionFlags, projectDir: string, argv: readonly string[]): number {
  const worktree = flags.worktree;
  if (worktree === undefined) throw new Error("runWorktreeInTmux: the session has no worktree");
  const sessionName = worktree.git
    ? tmuxSessionName(path.basename(worktree.git.repository), worktree.git.branch)
    : tmuxSessionName(path.basename(projectDir), `worktree-${worktree.name}`);
  const again = worktree.git ? ["--cwd", projectDir, "-w", worktree.name] : [];
  const outcome = openTmuxSession({
    name: sessionName,
    cwd: worktree.path,
    command: [process.execPath, process.argv[1] as string, ...again, ...argsInTmux(argv)],
    env: process.env,
  });
  if (!outcome.ok) throw new CliError(outcome.message);
  return 0;
}

/** The command line less `--tmux`, `-w/--worktree [name]` and `--cwd <dir>` (the window gets its own). */
export function argsInTmux(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      kept.push(...argv.slice(i));
      break;
    }
    if (arg === "--tmux" || arg.startsWith("--tmux=")) continue;
    if (arg.startsWith("--worktree=") || arg.startsWith("--cwd=")) continue;
    if (arg === "--cwd") {
      i++;
      continue;
    }
    if (arg === "-w" || arg === "--worktree") {
      // Its name is optional: the next word is the name unless it is an option.
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith("-")) i++;
      continue;
    }
    if (/^-w[^-]/.test(arg)) continue;
    kept.push(arg);
  }
  return kept;
}
