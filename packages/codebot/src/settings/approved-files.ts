/**
 * Project files as they were when a grant that covers them was approved, checked again cheaply
 * during the session: those an `env` grant loads into every `bash` call (`BASH_ENV=./setup.sh`,
 * `NODE_OPTIONS=--require ./x.js`), and those a project's allow rule runs (`Bash(./check.sh)`:
 * allow-grant.ts). Grants are checked at the start only: without checking again, an edit to
 * `setup.sh` during the session (by the model, say) would run in the next `bash` call unseen.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** One file as approved: what stat said (the cheap check) and its content's sha256. */
export interface ApprovedFile {
  /** What approved it: the env variable's name, or `allow <rule>`. */
  approvedFor: string;
  file: string;
  stat: string;
  digest: string;
}

/** The files as they are now, as approved for `approvedFor`. */
export function approvedFiles(approvedFor: string, files: readonly string[]): ApprovedFile[] {
  return files.map((file) => ({ approvedFor, file, stat: statOf(file), digest: digestOf(file) }));
}

/**
 * The first file whose content is no longer what was approved, if any. Cheap while nothing
 * changed: a stat per file; the file is read and hashed only when its stat differs (and, when
 * its content is still the same, the new stat is kept so the next check is cheap again).
 */
export function changedApprovedFile(files: ApprovedFile[]): ApprovedFile | undefined {
  for (const approved of files) {
    const stat = statOf(approved.file);
    if (stat === approved.stat) continue;
    if (digestOf(approved.file) !== approved.digest) return approved;
    approved.stat = stat;
  }
  return undefined;
}

/** What each file that is no longer as approved was approved for (its env variable, its allow rule). */
export function changedApprovals(files: ApprovedFile[]): Set<string> {
  const changed = new Set<string>();
  for (const approved of files) if (changedApprovedFile([approved])) changed.add(approved.approvedFor);
  return changed;
}

/** What `bash` answers instead of running a command while `changed` is not as approved. */
export function changedFileRefusal(changed: ApprovedFile, projectDir: string): string {
  const name = path.relative(projectDir, changed.file);
  return (
    `bash refused: ${name} changed since the project's env ${changed.approvedFor} was approved at the start ` +
    `of the session, and every bash command would load it. Put back the approved content, or restart ` +
    "codebot to approve the new one."
  );
}

/** Size, inode, modification and change times: `touch -r` can put mtime back, not ctime. */
function statOf(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.size} ${s.ino} ${s.mtimeMs} ${s.ctimeMs}`;
  } catch (error) {
    return `unreadable ${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}

function digestOf(file: string): string {
  try {
    return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  } catch (error) {
    return `unreadable ${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}
