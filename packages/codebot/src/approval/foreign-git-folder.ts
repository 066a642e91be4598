/**
 * Whether git, run in a folder, would read a repository kept somewhere else, for read-only-bash.ts:
 * a repository unpacked from an archive can bring a `.git` file whose `gitdir:` line — or a `.git`
 * folder whose `commondir`, `objects` symlink or `objects/info/alternates` — names a git folder
 * outside the project (`gitdir: ../../../../etc/.git`, another of your repositories), and `git log
 * -p` or `git show HEAD:creds.txt` there prints that repository's files. A git folder the file
 * tools may reach, or a linked worktree's (its `gitdir` file names this `.git` file back, as `git
 * worktree add` writes it), is the project's own. Its files are read as settings files are
 * (regular files only, never blocking): a named pipe there held the session for ever.
 */
import fs from "node:fs";
import path from "node:path";
import { gitFoldersOf, isWithin } from "@codebot/hooks";
import { readSettingsText } from "../settings/read-settings-text.js";

export function readsForeignRepository(dir: string, reachable: (file: string) => boolean): boolean {
  const folders = gitFoldersOf(dir);
  if (folders === undefined) return false;
  const { gitDir, commonDir, dotGitFile } = folders;
  const linkedWorktree = dotGitFile !== undefined && namesBack(gitDir, dotGitFile);
  if (!linkedWorktree) {
    if (dotGitFile !== undefined && !reachable(gitDir)) return true;
    if (!isWithin(real(commonDir), real(gitDir)) && !reachable(commonDir)) return true;
  }
  const objects = path.join(commonDir, "objects");
  if (!isWithin(real(objects), real(commonDir)) && !reachable(objects)) return true;
  // An alternates file that is no regular file (a named pipe git would wait on) fails closed.
  const alternates = readSettingsText(path.join(objects, "info", "alternates"));
  return alternates.kind === "error" || (alternates.kind === "text" && alternates.text.trim() !== "");
}

/** Whether the linked worktree folder `gitDir`'s `gitdir` file names `dotGitFile`. */
function namesBack(gitDir: string, dotGitFile: string): boolean {
  const read = readSettingsText(path.join(gitDir, "gitdir"));
  const named = read.kind === "text" ? read.text.trim() : "";
  return named !== "" && real(path.resolve(gitDir, named)) === real(dotGitFile);
}

function real(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
