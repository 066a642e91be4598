/**
 * The entries of a project folder an approved `PATH` names (`node_modules/.bin`), listed again
 * before each `bash` call and hook to see a program added since the approval. Every entry, not
 * only the executable files: a link whose target does not exist yet, or a file not yet
 * executable, is a program as soon as its target is written or its mode set — changes its own
 * stat shows (approved-files.ts), while the folder's does not.
 *
 * A folder's listing changes only with the folder's stat (an entry added, removed or renamed sets
 * its mtime and ctime), so it is read again only then: a real `.bin` holds 1,500 entries, and
 * listing them with a stat each at every call is what made the check too slow to cover them all.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * A folder changed this close to its listing may change again within the same tick of the
 * file-system clock (coarse: a few milliseconds) and keep the same stat: it is listed again.
 */
const SAME_TICK_MS = 1000;

export function folderEntries(folder: string): string[] {
  try {
    return fs
      .readdirSync(folder)
      .sort()
      .map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** folderEntries, read again only when the folder's stat changed since the last listing. */
export function cachedFolderEntries(): (folder: string) => string[] {
  const listed = new Map<string, { stat: string; entries: string[] }>();
  return (folder) => {
    const before = listed.get(folder);
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    const key = stat === undefined ? undefined : `${stat.ino} ${stat.size} ${stat.mtimeMs} ${stat.ctimeMs}`;
    if (before !== undefined && before.stat === key) return before.entries;
    const entries = folderEntries(folder);
    const settled = stat !== undefined && Date.now() - Math.max(stat.mtimeMs, stat.ctimeMs) > SAME_TICK_MS;
    if (key !== undefined && settled) listed.set(folder, { stat: key, entries });
    else listed.delete(folder);
    return entries;
  };
}
