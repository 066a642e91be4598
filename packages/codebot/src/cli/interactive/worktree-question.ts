import { visible } from "../../approval/visible-text.js";
import type { SessionWorktree } from "../../worktree/session-worktree.js";
import { changesOf, stakeText, type WorktreeChoice } from "../../worktree/worktree-end.js";
import type { Styles } from "../output/styles.js";
import type { Questions } from "./questions.js";

/**
 * Leaving an interactive `--worktree` session whose git worktree has changes (claude 2.1.328's
 * "Exiting worktree session"): keep it, or remove it with its branch, losing them — one key, `1`
 * or `2` as claude numbers them. Esc, Ctrl+C or Ctrl+D keep it: removing work is not undone (in
 * claude Esc goes back to the session; codebot's is already ending). Undefined: nothing to ask (an
 * unchanged worktree is removed, a hook's is its owner's).
 */
export async function askWorktreeEnd(
  worktree: SessionWorktree | undefined,
  questions: Questions,
  view: { notice(text: string): void },
  s: Styles,
): Promise<WorktreeChoice | undefined> {
  const git = worktree?.git;
  if (git === undefined) return undefined;
  const changes = changesOf(git);
  if (changes === undefined || typeof changes === "string") return undefined;
  view.notice(
    `${s.yellow("?")} leaving the worktree session: ${stakeText(changes)} on ${visible(git.branch)}, lost if the worktree is removed`,
  );
  const choice = await questions.ask<WorktreeChoice>(
    `  ${s.bold("1")} keep it · ${s.bold("2")} remove it and its branch · ${s.bold("Esc")} keep: `,
    { "1": "keep", "2": "remove", escape: "keep" },
    "keep",
  );
  view.notice(s.dim(choice === "remove" ? "  remove" : "  keep"));
  return choice;
}
