/**
 * Whether the repository a folder is in holds a submodule (a gitlink in its index), for
 * read-only-bash.ts: `git status` and `git diff` look into each submodule by running git there,
 * with that repository's own config (a `core.fsmonitor` in `.git/modules/x/config` or in an
 * embedded `sub/.git/config` runs), which the top repository's files do not show (checked with
 * git 2.39). The index is searched for a gitlink's mode as git writes it; a split index asks too.
 */
import fs from "node:fs";
import path from "node:path";
import { gitFoldersOf } from "@codebot/hooks";

/** A gitlink's mode (0160000) as the index stores an entry's mode: 32 bits, big-endian. */
const GITLINK_MODE = Buffer.from([0, 0, 0xe0, 0]);

export function holdsSubmodule(dir: string): boolean {
  // The repository git finds (a `.git` folder that is no git folder is passed over, as git does).
  const gitDir = gitFoldersOf(dir)?.gitDir;
  if (gitDir === undefined) return false;
  try {
    if (fs.readdirSync(gitDir).some((name) => name.startsWith("sharedindex."))) return true;
    return fs.readFileSync(path.join(gitDir, "index")).includes(GITLINK_MODE);
  } catch {
    return false;
  }
}
