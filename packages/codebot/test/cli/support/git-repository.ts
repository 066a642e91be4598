/**
 * The git repositories the worktree and tmux tests start from: `git` run with a made-up identity
 * (commits need one; the machine may have none), and the sandbox's project as a repository with one
 * commit.
 */
import { execFileSync } from "node:child_process";
import { type Sandbox, sandbox } from "./cli-fixtures.js";

const IDENTITY = ["-c", "user.name=t", "-c", "user.email=t@t"];

/** `git ARGS` in `cwd`: its stdout, trimmed. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", [...IDENTITY, ...args], { cwd, encoding: "utf8" }).trim();
}

/** A fresh sandbox whose project is a git repository with one commit (of `a.txt`). */
export function committedRepository(): Sandbox {
  const box = sandbox();
  git(box.project, "init", "-q");
  box.write("a.txt", "a\n");
  git(box.project, "add", ".");
  git(box.project, "commit", "-q", "-m", "first");
  return box;
}
