/**
 * `cp`, `ln`, `install`, `mv`: a hook command may copy, link or move a project file and run it by
 * its new name (`cp bin/fmt /tmp/f; /tmp/f`, `ln -s "$PWD/n" /tmp/y && sh /tmp/y`), which runs the
 * project's code as running the file itself does (script-references.ts). This reads such a command's
 * sources and the names the copies may have: the destination itself, and, as it may be a folder,
 * each source's name inside it (`cp a b /tmp/`, `cp -t /tmp a`) — more names than are made, never
 * fewer. Another way to copy (`cat n > /tmp/y`, `dd`, a script) is not followed.
 */
import path from "node:path";
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

const COPIES = new Set(["cp", "ln", "install", "mv"]);
/** Options of those programs whose value is the next word (`-t DIR`, `install -m 755`). */
const TAKES_VALUE = /^(?:-[tmogS]|--target-directory|--suffix|--mode|--owner|--group)$/;
const TARGET = /^(?:-t|--target-directory=)(.+)$/;

export interface Copy {
  /** The sources as written (a leading `$PWD/` read as `./`). */
  sources: string[];
  /** The names a copy may have, as written (relative ones are relative to where the command is). */
  destinations: string[];
}

/** What `program` with `args` copies where, or `undefined` when it is not one of those programs. */
export function copyOf(program: string, args: readonly ShellWord[]): Copy | undefined {
  if (!COPIES.has(program)) return undefined;
  const names: string[] = [];
  let target: string | undefined;
  let options = true;
  for (let k = 0; k < args.length; k++) {
    const word = args[k] as ShellWord;
    if (word.redirect !== undefined) continue;
    const text = currentDirRelative(word);
    if (options && text === "--") options = false;
    else if (options && TAKES_VALUE.test(text)) {
      const value = args[k + 1];
      if ((text === "-t" || text === "--target-directory") && value !== undefined)
        target = currentDirRelative(value);
      k++;
    } else if (options && text.startsWith("-") && text !== "-") {
      const attached = TARGET.exec(text);
      if (attached !== null) target = attached[1] as string;
    } else names.push(text);
  }
  const destination = target ?? names.pop();
  if (destination === undefined || names.length === 0) return undefined;
  const inside = names.map((name) => `${destination.replace(/\/+$/, "")}/${path.basename(name)}`);
  return { sources: names, destinations: target === undefined ? [destination, ...inside] : inside };
}

/** The word's text, a leading `$PWD` or `$(pwd)` before a `/` (the hook runs in the project) read as `.`. */
function currentDirRelative(word: ShellWord): string {
  const { text } = word;
  const leading = word.currentDir?.includes(0) === true && text[0] === UNKNOWN_PART;
  return leading && (text.length === 1 || text[1] === "/") ? `.${text.slice(1)}` : text;
}
