/**
 * The folders a `PATH` a hook command sets makes the shell search for a program named without a
 * `/` (§8, script-references.ts): `PATH=node_modules/.bin:$PATH prettier` runs the project's
 * `node_modules/.bin/prettier` as `npx prettier` does. An empty entry and `.` are the folder the
 * command is in; a relative entry is relative to it; an entry holding what codebot cannot expand
 * (`$PATH`, `$HOME/bin`) is left out — the user's own folders, not the repository's. One that
 * begins with the current directory (`$PWD/bin`, `$(pwd)/bin`) is relative to the folder the command
 * is in, as `bin` is: the hook runs in the project, so these name its folders. (Read where the
 * program is looked up, it takes in each folder a `cd` may have reached since: more, never fewer.)
 */
import path from "node:path";
import { ASSIGNMENT } from "./command-wrappers.js";
import type { ShellWord } from "./shell-words.js";
import { UNKNOWN_PART } from "./shell-words.js";

/** The folders, absolute, that `value` (a `PATH`'s) names, from each folder the command may be in. */
export function pathFolders(value: string, dirs: readonly string[]): string[] {
  const folders: string[] = [];
  for (const entry of value.split(":")) {
    if (entry.includes(UNKNOWN_PART)) continue;
    for (const dir of dirs) {
      const folder = path.resolve(dir, entry);
      if (!folders.includes(folder)) folders.push(folder);
    }
  }
  return folders;
}

/**
 * The value a `PATH=…` word among `words` gives (the last counts), or `undefined`; an entry's leading
 * current directory (`$PWD/bin`) written as `.` (`./bin`).
 */
export function pathAssigned(words: readonly ShellWord[]): string | undefined {
  const word = words.findLast(
    (w) => w.redirect === undefined && ASSIGNMENT.test(w.raw) && w.text.startsWith("PATH="),
  );
  if (word === undefined) return undefined;
  let text = word.text;
  for (const at of word.currentDir ?? []) {
    const beginsEntry = at === "PATH=".length || text[at - 1] === ":";
    const endsFolderName = at + 1 === text.length || text[at + 1] === "/" || text[at + 1] === ":";
    if (beginsEntry && endsFolderName) text = `${text.slice(0, at)}.${text.slice(at + 1)}`;
  }
  return text.slice("PATH=".length);
}
