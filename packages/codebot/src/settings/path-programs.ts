/**
 * The programs of an approved `env` PATH folder (its executable files among the first names),
 * looked up again before each `bash` call and hook (env-grant.ts, approved-files.ts). Listing a
 * big folder (a project's `node_modules/.bin` of 1,500 links) and checking each entry cost
 * ≈ 5–10 ms a call on a loaded machine; here a folder's list is kept while its own stat is the
 * same (adding, removing or renaming an entry changes it) and the entries that were not programs
 * are stat'ed again (one made executable, a link whose target appeared). A program rewritten in
 * place is not looked at here: the approved files' own stat check catches it (approved-files.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { isExecutableFile } from "@codebot/hooks";

/**
 * A stat this close to the listing (ms) may hide a change made in the same clock tick (the
 * kernel's file times are coarse): such a list is made again at the next look.
 */
const RACY_MS = 1000;

interface Listing {
  /** The folder's stat when listed. */
  folder: string;
  programs: string[];
  /** The entries that were not programs, each with its stat then. */
  others: { file: string; stat: string }[];
}

/** By `<limit>:<folder>`. */
const listings = new Map<string, Listing>();

/** The executable files among `folder`'s first `limit` names, as a shell's PATH search finds them. */
export function pathPrograms(folder: string, limit: number): string[] {
  const at = `${limit}:${folder}`;
  const kept = listings.get(at);
  if (
    kept !== undefined &&
    kept.folder === statKey(folder) &&
    kept.others.every((o) => o.stat === statKey(o.file))
  )
    return kept.programs;
  const listedAt = Date.now();
  const folderStat = statKey(folder);
  const names = listedNames(folder, limit);
  const programs: string[] = [];
  const others: Listing["others"] = [];
  // An entry's stat is taken after it is looked at: one changed in between is too recent to keep.
  for (const file of names) {
    if (isExecutableFile(file)) programs.push(file);
    else others.push({ file, stat: statKey(file) });
  }
  const stats = [folderStat, ...others.map((other) => other.stat)];
  if (stats.every((stat) => settledBefore(stat, listedAt)))
    listings.set(at, { folder: folderStat, programs, others });
  else listings.delete(at);
  return programs;
}

/**
 * The first `limit` names of the folder (sorted, as folderFiles takes them), as paths: every
 * entry, not only files as folderFiles gives, since a link that leads nowhere or to a folder may
 * lead to a program later with no change to this folder.
 */
function listedNames(folder: string, limit: number): string[] {
  try {
    return fs
      .readdirSync(folder)
      .sort()
      .slice(0, limit)
      .map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** What stat says of `file` (links followed): what changes when it is edited, replaced, made executable. */
function statKey(file: string): string {
  const s = fs.statSync(file, { throwIfNoEntry: false });
  if (s === undefined) return "missing";
  return `${s.dev} ${s.ino} ${s.mode} ${s.uid} ${s.gid} ${s.size} ${s.mtimeMs} ${s.ctimeMs}`;
}

/** Whether a stat's times are older than `at` by more than the clock's tick: no later change can share them. */
function settledBefore(stat: string, at: number): boolean {
  if (stat === "missing") return true;
  const [mtime, ctime] = stat.split(" ").slice(-2).map(Number);
  return (mtime as number) < at - RACY_MS && (ctime as number) < at - RACY_MS;
}
