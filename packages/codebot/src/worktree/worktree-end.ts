/**
 * The end of an interactive `--worktree` session (claude's documented behaviour; claude asks
 * keep/remove for a changed worktree, codebot keeps it without a question and says where): a git
 * worktree the session left unchanged is removed with its branch, and WorktreeRemove fires for it
 * first, while its folder is still there for the hooks to run in; a changed one is kept. A
 * folder a WorktreeCreate hook made is never removed by codebot: WorktreeRemove fires for it so
 * the hook's owner can clean up.
 */

import type { SessionWorktree } from "../cli/worktree-flag.js";
import type { ClosingStep } from "../session/runtime.js";
import { type GitWorktree, removeGitWorktree, worktreeChanged } from "./git-worktree.js";

export function worktreeClosing(worktree: SessionWorktree, say: (line: string) => void): ClosingStep {
  let remove = false;
  return {
    fire(hooks) {
      const git = worktree.git;
      const changed = git === undefined ? false : changedOrWhy(git);
      if (git !== undefined && changed !== false) {
        say(
          `kept the worktree ${git.path} (branch ${git.branch}): ${changed === true ? "it has changes" : changed}`,
        );
        return;
      }
      remove = git !== undefined;
      hooks.fire("WorktreeRemove", { worktreePath: worktree.path });
    },
    done() {
      if (!remove || worktree.git === undefined) return;
      try {
        removeGitWorktree(worktree.git);
        say(`removed the worktree ${worktree.path} and its branch ${worktree.git.branch}: it had no changes`);
      } catch (error) {
        say(`could not remove the worktree ${worktree.path}: ${(error as Error).message}`);
      }
    },
  };
}

/** Whether the session changed the worktree; git's error when that cannot be told (then it is kept). */
function changedOrWhy(git: GitWorktree): boolean | string {
  try {
    return worktreeChanged(git);
  } catch (error) {
    return `git could not tell whether it has changes (${(error as Error).message})`;
  }
}
