import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compileGlob } from "../paths/glob-pattern.js";
import { expandHome } from "../paths/home-path.js";
import { shellCommands } from "./shell-commands.js";
import { splitWords, unquote } from "./shell-words.js";
import { wordAsPaths } from "./word-as-path.js";

/** `< file` or `<file` — not `<<`, `<<<`, `<(` or `<&`. */
const INPUT_FROM = /(?<!<)<(?![<(&])\s*([^\s;&|<>()]+)/g;
/** `> file`, `>> file`, `>| file`, `2> file`, `&> file` — not `>&2` nor `>(…)`. */
const OUTPUT_TO = />\|?(?![&(>])\s*([^\s;&|<>()]+)/g;
/**
 * Programs that write no file whatever their options (a `writing` look skips their words:
 * `cat ~/.ssh/config` writes nothing there).
 */
const NEVER_WRITE = new Set([
  ...["cat", "head", "tail", "less", "more", "wc", "nl", "tac", "rev", "od", "hexdump", "strings", "cmp"],
  ...["ls", "stat", "du", "file", "realpath", "readlink", "grep", "egrep", "fgrep", "cut", "comm", "paste"],
  ...["md5sum", "sha1sum", "sha256sum", "sha512sum", "echo", "test", "[", "cd", "pushd", "pwd", "which"],
]);
/** `$(pwd)` and `` `pwd` ``: the shell's directory, as `$PWD` is. */
export const PWD_OUTPUT = /\$\(\s*pwd\s*\)|`\s*pwd\s*`/g;
export const GLOB = /[*?[]/;
/** A glob's folder with more entries than this is matched against its first ones only. */
const MAX_GLOB_ENTRIES = 2000;

/**
 * The files a bash line names, as absolute paths (symlinks not resolved, `..` kept): every word after each
 * command's program — the value too of a `--name=value` word —, and each `<` source; a relative
 * word from the project and from each folder a `cd`/`pushd` of the line names, `~/` from home, a
 * glob in its last part (`.e*`) matched against that folder's entries. Best effort, for a `Read`
 * rule (what is there to read): what a variable, `$(…)` or the program itself opens is not seen.
 * `writing`: the files it may write instead, for an `Edit` rule — each `>` target, and the words of
 * every command but those of a program that never writes (`cp x ~/.ssh/y`, `tee -a ~/.ssh/y`).
 */
export function filesNamedBy(command: string, root: string, home = os.homedir(), writing = false): string[] {
  const words: string[] = [];
  const places = [root];
  // `$(pwd)` would be read as a command substitution, whose output the words no longer show.
  const line = command.replace(PWD_OUTPUT, () => "$PWD");
  for (const { text } of shellCommands(line).commands) {
    const [program, ...rest] = splitWords(text).map(unquote);
    if ((program === "cd" || program === "pushd") && rest[0] !== undefined)
      places.push(path.resolve(root, expandHome(rest[0], home)));
    if (writing && NEVER_WRITE.has(path.basename(program ?? ""))) continue;
    // A `--name=value` or `name=value` word's value may be a file (`--input=.env`, dd's `if=.env`).
    for (const word of rest)
      words.push(word, ...(/^[\w-]+=/.test(word) ? [word.slice(word.indexOf("=") + 1)] : []));
  }
  for (const [, file] of line.matchAll(writing ? OUTPUT_TO : INPUT_FROM)) words.push(unquote(file as string));
  const files = new Set<string>();
  for (const word of words) {
    if (word === "" || word.startsWith("-")) continue;
    for (const place of places)
      for (const named of wordAsPaths(word, place, home)) for (const file of globbed(named)) files.add(file);
  }
  return [...files];
}

/** The file itself, or the entries of its folder its last part matches when that is a glob. */
export function globbed(file: string): string[] {
  const name = path.basename(file);
  if (!GLOB.test(name)) return [file];
  const folder = path.dirname(file);
  let entries: string[];
  try {
    entries = fs.readdirSync(folder).slice(0, MAX_GLOB_ENTRIES);
  } catch {
    return [];
  }
  const pattern = compileGlob(name);
  return entries.filter((entry) => pattern.matches(entry)).map((entry) => path.join(folder, entry));
}
