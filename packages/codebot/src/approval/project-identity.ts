import { execFileSync } from "node:child_process";

/**
 * Which repository a project directory holds, so approvals given to one repository are not
 * inherited by another one cloned later to the same path: `origin <url>` for a clone, else
 * `root <first commit(s)>` for a local repository, else `no git repository`. Asks git (read-only,
 * no optional locks), ignoring any GIT_DIR/GIT_WORK_TREE of the environment.
 */
export function projectIdentity(projectDir: string): string {
  // One call for the common cases: `--local` fails (not 1, "no such key") outside a repository.
  const origin = readOnlyGit(projectDir, ["config", "--local", "--get", "remote.origin.url"]);
  if (origin.status === 0 && origin.out !== "") return `origin ${origin.out}`;
  if (origin.status !== 1) return "no git repository";
  const roots = readOnlyGit(projectDir, ["rev-list", "--max-parents=0", "HEAD"]);
  if (roots.status !== 0 || roots.out === "") return "git repository without commits";
  return `root ${roots.out.split("\n").sort().join(",")}`;
}

/**
 * git, read-only, in a folder that may be a cloned repository: no optional locks, no prompt, its
 * `core.fsmonitor` off and the environment's GIT_DIR and the like ignored. A bare repository git
 * would find on its own is refused (`safe.bareRepository=explicit`): a repository can ship one, as
 * tracked files (`HEAD`, `objects/`, `refs/`, a `config` and an index of its choosing), in any of
 * its folders, and git started there would answer from it. status null: no git.
 */
export function readOnlyGit(cwd: string, args: string[]): { status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0" };
  for (const name of [
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_COMMON_DIR",
    "GIT_CEILING_DIRECTORIES",
  ])
    delete env[name];
  try {
    const out = execFileSync(
      "git",
      ["-c", "core.fsmonitor=false", "-c", "safe.bareRepository=explicit", ...args],
      {
        cwd,
        env,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        timeout: 10_000,
      },
    );
    return { status: 0, out: out.trim() };
  } catch (error) {
    // A missing git (ENOENT) has no status: like no repository.
    return { status: (error as { status?: number | null }).status ?? null, out: "" };
  }
}
