/**
 * Project files as they were when a grant that covers them was approved, checked again cheaply
 * during the session: those an `env` grant loads into every `bash` call (`BASH_ENV=./setup.sh`,
 * `NODE_OPTIONS=--require ./x.js`), and those a project's allow rule runs (`Bash(./check.sh)`:
 * allow-grant.ts). Grants are checked at the start only: without checking again, an edit to
 * `setup.sh` during the session (by the model, say), or a `setup.sh` it creates, would run in the
 * next `bash` call unseen.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type ContentView, type ContentViews, type ReadDigests, viewedContent } from "@codebot/hooks";

/** One file as approved: what stat said (the cheap check) and its content's sha256. */
export interface ApprovedFile {
  /** What approved it: the env variable's name, or `allow <rule>`. */
  approvedFor: string;
  file: string;
  /** How its content counts (content-view.ts in @codebot/hooks): a `.git/config` by what can run code. */
  view: ContentView;
  stat: string;
  digest: string;
}

/**
 * The files as they are now, as approved for `approvedFor`, each read in its view — or as the
 * grant's own digest read it (`read`), with the stat taken before that read: a file changed since
 * then stats differently, and is hashed again at the first check.
 */
function approvedFiles(
  approvedFor: string,
  files: readonly string[],
  views?: ContentViews,
  read?: ReadDigests,
): ApprovedFile[] {
  return files.map((file) => {
    const view = views?.get(file) ?? "bytes";
    const known = read?.get(file);
    if (known !== undefined && known.view === view)
      return { approvedFor, file, view, stat: statText(known.stat), digest: known.digest };
    return { approvedFor, file, view, stat: statOf(file), digest: digestOf(file, view) };
  });
}

/**
 * The first file whose content is no longer what was approved, if any. Cheap while nothing
 * changed: a stat per file; the file is read and hashed only when its stat differs (and, when
 * its content is still the same, the new stat is kept so the next check is cheap again).
 */
function changedApprovedFile(files: ApprovedFile[]): ApprovedFile | undefined {
  for (const approved of files) {
    const stat = statOf(approved.file);
    if (stat === approved.stat) continue;
    if (digestOf(approved.file, approved.view) !== approved.digest) return approved;
    approved.stat = stat;
  }
  return undefined;
}

/**
 * What a grant runs, as approved: its files, each as it was, and how to find the files it runs
 * now. A file it runs now that it did not run then — `BASH_ENV=./setup.sh` approved before
 * `setup.sh` existed, a `conftest.py` written under `Bash(pytest)` — is as much a change as an
 * edit.
 */
export interface ApprovedRun {
  approvedFor: string;
  files: ApprovedFile[];
  /** The files' names, to look each file run now up in (a `.bin` of 1,500 programs). */
  names: ReadonlySet<string>;
  runsNow: () => readonly string[];
}

export function approvedRun(
  approvedFor: string,
  runs: readonly string[],
  runsNow: () => readonly string[],
  views?: ContentViews,
  read?: ReadDigests,
): ApprovedRun {
  return { approvedFor, files: approvedFiles(approvedFor, runs, views, read), names: new Set(runs), runsNow };
}

/** The first file of these grants no longer as approved: edited, or run now and not approved. */
export function changedRun(runs: readonly ApprovedRun[]): { approvedFor: string; file: string } | undefined {
  for (const run of runs) {
    const changed = changedApprovedFile(run.files);
    if (changed !== undefined) return changed;
    const added = run.runsNow().find((file) => !run.names.has(file));
    if (added !== undefined) return { approvedFor: run.approvedFor, file: added };
  }
  return undefined;
}

/** What each grant whose files are no longer as approved was approved for (its env variable). */
export function changedApprovals(runs: readonly ApprovedRun[]): Set<string> {
  const changed = new Set<string>();
  for (const run of runs) if (changedRun([run])) changed.add(run.approvedFor);
  return changed;
}

/**
 * `env` without the variables whose approved files changed (a stat each while none has): what a
 * program codebot starts with no question — a hook, the statusLine, the apiKeyHelper, an MCP
 * server — gets, so that it runs without the new content rather than load it unasked (`bash`
 * refuses instead: a model's command can wait for the user).
 */
export function withoutChangedLoads<T extends Record<string, string | undefined>>(
  env: T,
  runs: readonly ApprovedRun[] | undefined,
): T {
  if (!runs?.length) return env;
  const changed = changedApprovals(runs);
  if (changed.size === 0) return env;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !changed.has(name))) as T;
}

/** What `bash` answers instead of running a command while `changed` is not as approved. */
export function changedFileRefusal(
  changed: { approvedFor: string; file: string },
  projectDir: string,
): string {
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
    return statText(fs.statSync(file));
  } catch (error) {
    return `unreadable ${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}

function statText(s: fs.Stats): string {
  return `${s.size} ${s.ino} ${s.mtimeMs} ${s.ctimeMs}`;
}

function digestOf(file: string, view: ContentView): string {
  try {
    return createHash("sha256").update(viewedContent(file, view)).digest("hex");
  } catch (error) {
    return `unreadable ${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}
