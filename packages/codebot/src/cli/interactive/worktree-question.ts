import { visible } from "../../approval/visible-text.js";
import type { SessionWorktree } from "../../worktree/session-worktree.js";
import { changesOf, stakeText, type WorktreeChoice } from "../../worktree/worktree-end.js";
import type { Styles } from "../output/styles.js";
import type { Questions } from "./questions.js";

/** The answer: keep or remove the worktree, or `stay` — back to the session, which does not end. */
export type WorktreeEndAnswer = WorktreeChoice | "stay";

/**
 * Leaving an interactive `--worktree` session whose git worktree has changes (claude 2.1.328's
 * "Exiting worktree session"): keep it, or remove it with its branch, losing them — one key, `1`
 * or `2` as claude numbers them. Esc goes back to the session, as claude's does. Ctrl+C or Ctrl+D
 * keep it and leave (claude's second Ctrl+C leaves too): removing work is not undone. Undefined:
 * nothing to ask (an unchanged worktree is removed, a hook's is its owner's).
 */
export async function askWorktreeEnd(
  worktree: SessionWorktree | undefined,
  questions: Questions,
  view: { notice(text: string): void },
  s: Styles,
): Promise<WorktreeEndAnswer | undefined> {
  const git = worktree?.git;
  if (git === undefined) return undefined;
  const changes = changesOf(git);
  if (changes === undefined || typeof changes === "string") return undefined;
  view.notice(
    `${s.yellow("?")} leaving the worktree session: ${stakeText(changes)} on ${visible(git.branch)}, lost if the worktree is removed`,
  );
  const choice = await questions.ask<WorktreeEndAnswer>(
    `  ${s.bold("1")} keep it · ${s.bold("2")} remove it and its branch · ${s.bold("Esc")} back to the session: `,
    { "1": "keep", "2": "remove", escape: "stay" },
    "keep",
  );
  view.notice(s.dim(`  ${choice === "stay" ? "back to the session" : choice}`));
  return choice;
}
