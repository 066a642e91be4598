import fs from "node:fs";
import path from "node:path";
import { readSettingsText } from "../settings/read-settings-text.js";

/**
 * The branch checked out in the git repository holding `cwd`, read from its HEAD (no git is run:
 * a session's transcript lines name it, as claude's `gitBranch` does); undefined outside a
 * repository and on a detached HEAD. A worktree's `.git` file points at its own HEAD.
 */
export function gitBranch(cwd: string): string | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const gitDir = gitDirOf(dir);
    if (gitDir !== undefined) {
      const head = readSmallFile(path.join(gitDir, "HEAD"));
      return head === undefined ? undefined : /^ref: refs\/heads\/(.+)$/m.exec(head)?.[1]?.trim();
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The git folder of `dir`'s `.git` (a folder, or a worktree's file naming one), if it has one. */
function gitDirOf(dir: string): string | undefined {
  const dotGit = path.join(dir, ".git");
  try {
    if (fs.statSync(dotGit).isDirectory()) return dotGit;
    const named = /^gitdir: (.+)$/m.exec(readSmallFile(dotGit) ?? "")?.[1];
    return named === undefined ? undefined : path.resolve(dir, named.trim());
  } catch {
    return undefined;
  }
}

/**
 * A git file's text, read as a settings file is (a regular file only, never blocking): an
 * unpacked repository's `.git` or `HEAD` that was a named pipe held the session for ever.
 */
function readSmallFile(file: string): string | undefined {
  const read = readSettingsText(file);
  return read.kind === "text" ? read.text : undefined;
}
