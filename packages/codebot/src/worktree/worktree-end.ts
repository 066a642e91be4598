/**
 * The end of an interactive `--worktree` session (claude's documented behaviour): a git worktree
 * the session left unchanged is removed with its branch, and WorktreeRemove fires for it first,
 * while its folder is still there for the hooks to run in; a changed one is kept unless the user
 * chose to remove it when asked (worktree-question.ts) — then it goes, changes and all; kept, it is
 * unlocked. A folder a
 * WorktreeCreate hook made is never removed by codebot: WorktreeRemove fires for it so the hook's
 * owner can clean up.
 */

import fs from "node:fs";
import path from "node:path";
import type { ClosingStep } from "../session/runtime-parts.js";
import {
  type GitWorktree,
  removeGitWorktree,
  stakeIsEmpty,
  unlockGitWorktree,
  type WorktreeStake,
  worktreeStake,
} from "./git-worktree.js";
import type { SessionWorktree } from "./session-worktree.js";

/** What the user chose for a changed worktree; without a question it is kept. */
export type WorktreeChoice = "keep" | "remove";

export function worktreeClosing(
  worktree: SessionWorktree,
  say: (line: string) => void,
  choice: () => WorktreeChoice | undefined = () => undefined,
): ClosingStep {
  /** Set when the git worktree goes: what its removal discards (nothing when it was unchanged). */
  let removal: { discarded: string | undefined } | undefined;
  return {
    fire(hooks) {
      const git = worktree.git;
      if (git !== undefined) {
        if (folderGone(git)) {
          say(
            `the worktree's folder was deleted during the session: ${git.path}; its branch ${git.branch} is kept, with its commits`,
          );
          unlockKept(git, say);
          return;
        }
        const changes = changesOf(git);
        if (typeof changes === "string" || (changes !== undefined && choice() !== "remove")) {
          const why = typeof changes === "string" ? changes : stakeText(changes);
          say(`kept the worktree on branch ${git.branch} (${why}): ${git.path}`);
          unlockKept(git, say);
          return;
        }
        removal = { discarded: changes === undefined ? undefined : stakeText(changes) };
      }
      hooks.fire("WorktreeRemove", { worktreePath: worktree.path });
    },
    done() {
      const git = worktree.git;
      if (removal === undefined || git === undefined) return;
      try {
        removeGitWorktree(git, removal.discarded !== undefined);
        const what = removal.discarded === undefined ? " (no changes)" : `, discarding ${removal.discarded}`;
        say(`removed the worktree and its branch ${git.branch}${what}: ${git.path}`);
      } catch (error) {
        say(`could not remove the worktree ${git.path}: ${(error as Error).message}`);
      }
    },
  };
}

/** A kept worktree is unlocked (claude's): git may prune or move it once the session is over. */
function unlockKept(git: GitWorktree, say: (line: string) => void): void {
  try {
    unlockGitWorktree(git);
  } catch (error) {
    say(`could not unlock the worktree ${git.path}: ${(error as Error).message}`);
  }
}

/**
 * What the session changed in the worktree (undefined: nothing), or git's error when that cannot
 * be told (then it is kept).
 */
export function changesOf(git: GitWorktree): WorktreeStake | string | undefined {
  if (folderGone(git)) return "its folder was deleted during the session";
  try {
    const stake = worktreeStake(git);
    return stakeIsEmpty(stake) ? undefined : stake;
  } catch (error) {
    return `git could not tell whether it has changes: ${(error as Error).message}`;
  }
}

/**
 * The worktree's folder was deleted (a `rm -rf "$PWD"`), or its `.git` file with it and the folder
 * made again by a later write: git would then run in the repository around it, or not at all,
 * and say nothing about the worktree. Its branch is what is left of it.
 */
function folderGone(git: GitWorktree): boolean {
  return !fs.existsSync(path.join(git.path, ".git"));
}

/** `1 uncommitted file and 2 commits`, `HEAD moved since the session started`. */
export function stakeText(stake: WorktreeStake): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return [
    stake.files > 0 ? plural(stake.files, "uncommitted file") : "",
    stake.commits > 0 ? plural(stake.commits, "commit") : "",
    stake.moved ? "HEAD moved since the session started" : "",
  ]
    .filter(Boolean)
    .join(" and ");
}
