/**
 * `--worktree`'s git side, as claude 2.1.328 does it: `<repository>/.claude/worktrees/<name>` on
 * a new branch `worktree-<name>`, locked, made from the default branch (`origin/HEAD`) when there
 * is a remote, else from `HEAD`; a worktree of that name already there is used again (and locked
 * for the session). A worktree the session keeps is unlocked when it ends (claude's).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gitConfigCodeKeys, gitRepositoryFiles } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";

/** A worktree the session runs in, made (or found) by git. */
export interface GitWorktree {
  path: string;
  branch: string;
  /** The repository's top folder the worktree belongs to. */
  repository: string;
  /** The worktree's commit when the session started: a session that moved it changed the worktree. */
  startCommit: string;
  /** The session holds git's lock on it (false: something else had locked it): unlocked when kept. */
  locked: boolean;
}

/**
 * git with the repository's own hooks off: `--worktree` must not run a cloned repository's
 * `post-checkout` before its project was approved (claude runs them).
 */
function git(cwd: string, args: readonly string[]): string {
  return execFileSync("git", ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

/** git's stderr, for the error line. */
function gitError(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  return typeof stderr === "string" && stderr.trim() !== "" ? stderr.trim() : (error as Error).message;
}

/** The top folder of the git repository `cwd` is in, or undefined when it is in none. */
export function gitTopLevel(cwd: string): string | undefined {
  try {
    return git(cwd, ["rev-parse", "--show-toplevel"]);
  } catch {
    return undefined;
  }
}

/**
 * The worktree `name` of the repository at `top`, made now unless it is there already: from the
 * remote's default branch when there is one (`fresh`), or from `HEAD` (`head`, or no remote).
 */
export function gitWorktree(top: string, name: string, base: "fresh" | "head" = "fresh"): GitWorktree {
  const dir = path.join(top, ".claude", "worktrees", name);
  refuseLinkedFolders(top, [".claude", "worktrees", name]);
  refuseRepositoryPrograms(top);
  const branch = `worktree-${name}`;
  try {
    let locked = true;
    if (isWorktreeRoot(dir)) {
      refuseForeignWorktree(top, dir);
      // Fails when it is locked already (another session's, or one left by a crash): not ours to unlock.
      locked = tryGit(top, ["worktree", "lock", dir]) !== undefined;
    } else {
      const branchExists = tryGit(top, ["rev-parse", "--verify", "-q", `refs/heads/${branch}`]) !== undefined;
      git(top, [
        "worktree",
        "add",
        "--lock",
        ...(branchExists ? [dir, branch] : ["-b", branch, dir, base === "head" ? "HEAD" : freshBase(top)]),
      ]);
    }
    return { path: dir, branch, repository: top, startCommit: git(dir, ["rev-parse", "HEAD"]), locked };
  } catch (error) {
    throw new Error(`Error creating worktree: ${gitError(error)}`);
  }
}

/**
 * A repository may ship `.claude/worktrees` (or `.claude`, or the worktree's folder) as a symbolic
 * link: git would then check the repository out wherever it points, outside the repository (a
 * folder of yours), and a link to another repository's worktree would be "found" and run in.
 */
function refuseLinkedFolders(top: string, parts: readonly string[]): void {
  let at = top;
  for (const part of parts) {
    at = path.join(at, part);
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    if (stat === undefined) return;
    if (stat.isSymbolicLink())
      throw new Error(
        `Error creating worktree: ${visible(at)} is a symbolic link (to ${visible(fs.readlinkSync(at))}); a worktree is made inside the repository only: remove the link`,
      );
    if (!stat.isDirectory()) throw new Error(`Error creating worktree: ${visible(at)} is not a folder`);
  }
}

/**
 * A repository unpacked from an archive brings its own `.git/config`, whose filter drivers,
 * `core.fsmonitor` or includes git runs while it checks the worktree out or looks at it — a
 * program of the project, before it was approved. Its hooks are off (`core.hooksPath` above);
 * anything else that can run code refuses the worktree. A clone's config holds none of it.
 */
function refuseRepositoryPrograms(top: string): void {
  const { configs } = gitRepositoryFiles([top], top);
  const keys = configs
    .flatMap((file) => gitConfigCodeKeys(file))
    .filter((key) => key.toLowerCase() !== "core.hookspath");
  if (keys.length > 0)
    throw new Error(
      `Error creating worktree: this repository's git configuration names programs git would run (${visible([...new Set(keys)].join(", "))}), and codebot runs none of a repository's programs unasked: make the worktree yourself (git worktree add) and start codebot in it`,
    );
}

/** The default branch when there is a remote (`origin/HEAD`), else the local `HEAD`. */
function freshBase(top: string): string {
  return tryGit(top, ["rev-parse", "--verify", "-q", "refs/remotes/origin/HEAD"]) !== undefined
    ? "origin/HEAD"
    : "HEAD";
}

function tryGit(cwd: string, args: readonly string[]): string | undefined {
  try {
    return git(cwd, args);
  } catch {
    return undefined;
  }
}

/**
 * A folder found there that is the top of another repository (an archive's nested `.git`, a
 * `gitdir:` file pointing at a repository of yours) is not this repository's worktree: the session
 * would run in it with this project's approvals, and git there with its configuration.
 */
function refuseForeignWorktree(top: string, dir: string): void {
  const common = (cwd: string) =>
    fs.realpathSync(path.resolve(cwd, git(cwd, ["rev-parse", "--git-common-dir"])));
  if (common(dir) !== common(top))
    throw new Error(`${visible(dir)} is a git repository of its own, not a worktree of ${visible(top)}`);
}

/** `dir` is the top of a git worktree (a folder of the main repository would have another top). */
function isWorktreeRoot(dir: string): boolean {
  if (!fs.existsSync(dir)) return false;
  const top = tryGit(dir, ["rev-parse", "--show-toplevel"]);
  return top !== undefined && fs.realpathSync(top) === fs.realpathSync(dir);
}

/** What removing the worktree would lose: its uncommitted files (untracked ones too) and the commits made since the session started. */
export interface WorktreeStake {
  files: number;
  commits: number;
  /** HEAD is not where it was at the start, though no commit was added (a reset, a checkout). */
  moved: boolean;
}

export function worktreeStake(worktree: GitWorktree): WorktreeStake {
  const status = git(worktree.path, ["status", "--porcelain", "--untracked-files=all"]);
  const head = git(worktree.path, ["rev-parse", "HEAD"]);
  const commits = Number(git(worktree.path, ["rev-list", "--count", `${worktree.startCommit}..HEAD`]));
  return {
    files: status === "" ? 0 : status.split("\n").length,
    commits,
    moved: commits === 0 && head !== worktree.startCommit,
  };
}

/** Nothing would be lost: no uncommitted change (untracked files too), HEAD where it was at the start. */
export function stakeIsEmpty(stake: WorktreeStake): boolean {
  return stake.files === 0 && stake.commits === 0 && !stake.moved;
}

/** The session kept the worktree: git's lock on it goes with the session (when the session held it). */
export function unlockGitWorktree(worktree: GitWorktree): void {
  if (worktree.locked) git(worktree.repository, ["worktree", "unlock", worktree.path]);
}

/** Removes the worktree and its branch; `discard`: its uncommitted changes with it (the user chose so). */
export function removeGitWorktree(worktree: GitWorktree, discard = false): void {
  git(worktree.repository, ["worktree", "unlock", worktree.path]);
  git(worktree.repository, ["worktree", "remove", ...(discard ? ["--force"] : []), worktree.path]);
  git(worktree.repository, ["branch", "-D", worktree.branch]);
}
