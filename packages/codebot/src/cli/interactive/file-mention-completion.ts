import fs from "node:fs";
import path from "node:path";
import { visible } from "../../approval/visible-text.js";

/** The `@path` being typed at the cursor: `@` at the line's start or after a space. */
const MENTION_AT_END = /(?:^|\s)(@[^\s@]*)$/;

/**
 * Tab after `@` (`look at @src/pa`): the files and folders of the project whose path starts with
 * what was typed, as `@src/parse.ts` and `@src/parser/` (a folder ends with `/`, so the next Tab
 * goes into it). Names starting with `.` only once a `.` is typed, as a shell completes them.
 * A name holding a space or a control character is left out: it could not be read back as one
 * mention (a repository may name a file with an escape sequence).
 */
export function completeFileMention(line: string, cwd: string): [string[], string] {
  const typed = MENTION_AT_END.exec(line)?.[1];
  if (typed === undefined) return [[], line];
  const written = typed.slice(1);
  const slash = written.lastIndexOf("/");
  const folderPart = written.slice(0, slash + 1);
  const start = written.slice(slash + 1);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.resolve(cwd, folderPart || "."), { withFileTypes: true });
  } catch {
    return [[], typed];
  }
  const hits = entries
    .filter((entry) => entry.name.startsWith(start) && (start.startsWith(".") || !entry.name.startsWith(".")))
    .filter((entry) => !/\s/.test(entry.name) && visible(entry.name) === entry.name)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(
      (entry, i) =>
        `@${folderPart}${entry.name}${i < FOLDERS_MARKED && isFolder(entry, cwd, folderPart) ? "/" : ""}`,
    );
  return [hits, typed];
}

/**
 * How many candidates, the first in order, are looked at for a folder's `/`: a symlink's costs a
 * stat, and a repository's folder of 300,000 links took 8 s of them at each Tab, the session deaf
 * to every key. The list shows the first 60 (prompt-completion.ts); the `/` changes no shared start.
 */
const FOLDERS_MARKED = 100;

/** A folder, or a symlink to one (`@docs/` then lists it). */
function isFolder(entry: fs.Dirent, cwd: string, folderPart: string): boolean {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return fs.statSync(path.resolve(cwd, folderPart, entry.name)).isDirectory();
  } catch {
    return false;
  }
}
