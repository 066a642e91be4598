/**
 * The files inside a project that a hook command names (§8): `./hook.sh`, `bash -o pipefail
 * .claude/hooks/check`, `cd .claude/hooks && ./b.sh`, `node "${CLAUDE_PROJECT_DIR:-.}"/a.js`,
 * `jq -f filter.jq`, `sh < setup.sh`. Their content is part of what the user approves, so editing
 * one asks again. Every word is tried, whatever its place, since a file read as data can be what
 * runs (`cat x | sh`); only files the command writes are left out. Words whose file codebot cannot
 * know (`$DIR/x.sh`, `$(dirname "$0")/x.sh`, a missing `./gen.sh`) are listed, for the consent
 * screen to say the approval does not cover them. It sees the words of the command only, not
 * files those scripts read in turn.
 */
import fs from "node:fs";
import path from "node:path";
import { type ShellWord, simpleCommands, UNKNOWN_PART } from "./shell-words.js";

export interface ScriptReferences {
  /** Absolute paths of the existing regular files inside the project the command names, in order. */
  files: string[];
  /** Words, as written, that look like something run but whose file codebot cannot determine. */
  unchecked: string[];
}

/** Commands whose next non-option arguments are a script or code they run. */
const INTERPRETERS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "source",
  ".",
  "node",
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "python",
  "python2",
  "python3",
  "ruby",
  "perl",
  "php",
  "lua",
  "pwsh",
]);
/** Words with these endings name a script whatever runs them (`npx tsx x.ts`, `deno run x.ts`). */
const SCRIPT_EXTENSION = /\.(sh|bash|zsh|fish|js|mjs|cjs|ts|mts|cts|py|rb|pl|php|lua|ps1)$/;
/** Words before the command itself: they leave the next word in command position. */
const PREFIXES = new Set([
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
  "!",
  "time",
  "exec",
  "command",
  "nohup",
  "env",
  "{",
]);
/**
 * Commands whose file arguments are written, created or removed, not read: hashing them would make
 * the hook ask again after each run. For these, the last argument only (the destination).
 */
const WRITES_ALL = new Set(["tee", "touch", "rm", "rmdir", "mkdir", "truncate", "mv"]);
const WRITES_LAST = new Set(["cp", "ln", "install"]);
/** `NAME=value` before a command: a variable for it, not the command. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const CHANGES_DIRECTORY = new Set(["cd", "pushd"]);
/** More directories than this a command may be in: it is treated as unknown. */
const MAX_DIRECTORIES = 16;

/** Where the command may be when it reaches a word: each directory a `cd` before it may have reached. */
interface Place {
  dirs: string[];
  /** A `cd` went somewhere codebot cannot tell (`cd "$X"`, `cd`, `cd -`). */
  unknown: boolean;
}

/** The project's files `command` names and the words it cannot check (see ScriptReferences). */
export function scriptReferences(command: string, projectDir: string): ScriptReferences {
  const root = path.resolve(projectDir);
  const found: ScriptReferences = { files: [], unchecked: [] };
  const place: Place = { dirs: [root], unknown: false };
  for (const words of simpleCommands(command, root)) referencesOf(words, root, place, found);
  return found;
}

/** The existing project files `command` names (ScriptReferences.files): what fingerprints hash. */
export function referencedScripts(command: string, projectDir: string): string[] {
  return scriptReferences(command, projectDir).files;
}

function referencesOf(words: ShellWord[], root: string, place: Place, found: ScriptReferences): void {
  const programAt = programIndex(words);
  const program = programAt === -1 ? "" : path.basename((words[programAt] as ShellWord).text);
  if (CHANGES_DIRECTORY.has(program)) {
    changeDirectory(words.slice(programAt + 1), place);
    return;
  }
  const lastArgument = words.findLastIndex((w, k) => k > programAt && w.redirect === undefined);
  let interpreterArguments = INTERPRETERS.has(program);
  words.forEach((word, k) => {
    if (word.redirect === "out") return;
    const argument = k > programAt && word.redirect === undefined;
    if (argument && (WRITES_ALL.has(program) || (WRITES_LAST.has(program) && k === lastArgument))) return;
    const option = argument && word.text.startsWith("-");
    const assignment =
      (k < programAt || programAt === -1) && word.redirect === undefined && ASSIGNMENT.test(word.raw);
    // `--require=./x.js`, `S=./x.sh`: the value may name a file; an option alone does not.
    const text =
      option || assignment ? word.text.slice(word.text.indexOf("=") + 1 || word.text.length) : word.text;
    const files = projectFiles(text, root, place);
    for (const file of files) if (!found.files.includes(file)) found.files.push(file);
    const role = {
      program: k === programAt,
      input: word.redirect === "in",
      interpreted: interpreterArguments && argument && !option,
    };
    if (role.interpreted && files.length > 0) interpreterArguments = false;
    if (unchecked(word, text, files, role, root, place) && !found.unchecked.includes(word.raw))
      found.unchecked.push(word.raw);
  });
}

/** The index of the word the simple command runs: after assignments, redirects and `if`, `exec`… */
function programIndex(words: ShellWord[]): number {
  let afterPrefix = false;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as ShellWord;
    if (w.redirect !== undefined || ASSIGNMENT.test(w.raw)) continue;
    if (afterPrefix && w.text.startsWith("-")) continue;
    if (!PREFIXES.has(w.text)) return k;
    afterPrefix = true;
  }
  return -1;
}

/** `cd dir`, `pushd dir`: later words may be relative to `dir` as well (the `cd` may fail or be conditional). */
function changeDirectory(args: ShellWord[], place: Place): void {
  const target = args.find((w) => w.redirect === undefined && !/^-[LPe@]+$/.test(w.text));
  if (target === undefined || target.dynamic || target.text === "-" || target.text.startsWith("~")) {
    place.unknown = true;
    return;
  }
  const reached = place.dirs.map((dir) => path.resolve(dir, target.text));
  place.dirs = [...new Set([...place.dirs, ...reached])];
  if (place.dirs.length > MAX_DIRECTORIES) place.unknown = true;
}

/** The regular files inside the project that `text` names from any directory the command may be in. */
function projectFiles(text: string, root: string, place: Place): string[] {
  if (text === "" || text.includes(UNKNOWN_PART) || text.startsWith("~")) return [];
  const candidates = path.isAbsolute(text)
    ? [path.resolve(text)]
    : place.dirs.map((d) => path.resolve(d, text));
  return candidates.filter(
    (file) => inside(file, root) && fs.statSync(file, { throwIfNoEntry: false })?.isFile(),
  );
}

function inside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * Whether the consent screen must say codebot cannot check `word`: it looks like something run
 * (the program, a `<` source, an interpreter's argument, a path) and holds an expansion codebot
 * cannot know, or is a relative path naming no project file from where the command may be.
 * Absolute and `~` paths are shown as written; the command itself says they are outside.
 */
function unchecked(
  word: ShellWord,
  text: string,
  files: string[],
  role: { program: boolean; input: boolean; interpreted: boolean },
  root: string,
  place: Place,
): boolean {
  if (word.dynamic)
    return (
      role.program || role.input || role.interpreted || text.includes("/") || SCRIPT_EXTENSION.test(text)
    );
  if (path.isAbsolute(text) || text.startsWith("~") || text.includes(":")) return false;
  const pathLike =
    text.startsWith("./") ||
    text.startsWith("../") ||
    SCRIPT_EXTENSION.test(text) ||
    role.input ||
    (role.program && text.includes("/"));
  if (!pathLike) return false;
  if (files.length > 0) return place.unknown;
  // A directory (`ls src/`) is not a file that is missing.
  return !place.dirs.some((d) => inside(path.resolve(d, text), root) && fs.existsSync(path.resolve(d, text)));
}
