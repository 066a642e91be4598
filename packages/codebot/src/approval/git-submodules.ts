/**
 * Whether the repository a folder is in holds a submodule (a gitlink in its index), for
 * read-only-bash.ts: `git status` and `git diff` look into each submodule by running git there,
 * with that repository's own config (a `core.fsmonitor` in `.git/modules/x/config` or in an
 * embedded `sub/.git/config` runs), which the top repository's files do not show (checked with
 * git 2.39). The index is searched for a gitlink's mode as git writes it; a split index asks too.
 */
import fs from "node:fs";
import path from "node:path";

/** A gitlink's mode (0160000) as the index stores an entry's mode: 32 bits, big-endian. */
const GITLINK_MODE = Buffer.from([0, 0, 0xe0, 0]);

export function holdsSubmodule(dir: string): boolean {
  const gitDir = gitDirOf(dir);
  if (gitDir === undefined) return false;
  try {
    if (fs.readdirSync(gitDir).some((name) => name.startsWith("sharedindex."))) return true;
    return fs.readFileSync(path.join(gitDir, "index")).includes(GITLINK_MODE);
  } catch {
    return false;
  }
}

/** The git folder of the repository `dir` is in: the nearest `.git` folder, or where a `.git` file points. */
function gitDirOf(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const dotGit = path.join(at, ".git");
    try {
      if (fs.statSync(dotGit).isDirectory()) return dotGit;
      const target = /^gitdir:\s*(.*?)\s*$/m.exec(fs.readFileSync(dotGit, "utf8"))?.[1];
      return target === undefined ? undefined : path.resolve(at, target);
    } catch {
      if (path.dirname(at) === at) return undefined;
    }
  }
}
