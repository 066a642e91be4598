import type { GitWorktree } from "./git-worktree.js";

/** The worktree a `--worktree` session runs in. */
export interface SessionWorktree {
  path: string;
  /** The name it was asked for by (`-w <name>`, or the generated one). */
  name: string;
  /** Made or found by git; absent: a WorktreeCreate hook made it. */
  git?: GitWorktree;
}
