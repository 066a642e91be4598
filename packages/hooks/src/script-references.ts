/**
 * The files inside a project that a hook command runs (§8): the program (`./hook.sh`,
 * `cd .claude/hooks && ./b.sh`, `${CLAUDE_PROJECT_DIR:-.}/x.sh`), an interpreter's script
 * (`bash -o pipefail .claude/hooks/check`, `node -r ./setup.js x.js`), a word with a script
 * extension, the source of `<` for a shell or interpreter reading its script from stdin
 * (`sh < setup.sh`), the files of a command piped into one (`cat x | sh`), and any executable
 * file argument. Their content is part of what the user approves, so editing one asks again;
 * other files a command names (data it reads or appends to) are not, or a hook would ask again
 * after each run. Words whose file codebot cannot know (`$DIR/x.sh`, `$(dirname "$0")/x.sh`, a
 * missing `./gen.sh`, what the lexer cannot follow) are listed, for the consent screen to say
 * the approval does not cover them. It sees the words of the command only, not files those
 * scripts read in turn. Bounded: it examines so many words, and so many directories a `cd` may
 * have reached, and says what lies beyond is unchecked.
 */
import fs from "node:fs";
import path from "node:path";
import { interpreterRun, isInterpreter } from "./interpreter-syntax.js";
import { type ShellWord, type SimpleCommand, simpleCommands, UNKNOWN_PART } from "./shell-words.js";

export interface ScriptReferences {
  /** Absolute paths of the existing regular files inside the project the command runs, in order. */
  files: string[];
  /** Words, as written, that look like something run but whose file codebot cannot determine. */
  unchecked: string[];
}

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
/** Commands that run the program named after their options: `npx tsx x.ts`. */
const LAUNCHERS = new Set(["npx", "bunx", "pnpx"]);
/**
 * Commands whose file arguments are written, created or removed, not read: hashing them would make
 * the hook ask again after each run. For these, the last argument only (the destination).
 */
const WRITES_ALL = new Set(["tee", "touch", "rm", "rmdir", "mkdir", "truncate", "mv"]);
const WRITES_LAST = new Set(["cp", "ln", "install"]);
/** `NAME=value` before a command: a variable for it, not the command. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const CHANGES_DIRECTORY = new Set(["cd", "pushd"]);
/** More directories than this a command may be in: it is treated as unknown, and no more are added. */
const MAX_DIRECTORIES = 16;
/** Words past this many are not examined: the rest of the command is listed as unchecked. */
const MAX_WORDS = 2000;

/** Where the command may be when it reaches a word: each directory a `cd` before it may have reached. */
interface Place {
  dirs: string[];
  /** A `cd` went somewhere codebot cannot tell (`cd "$X"`, `cd`, `cd -`, too many places). */
  unknown: boolean;
}

/** The project's files `command` runs and the words it cannot check (see ScriptReferences). */
export function scriptReferences(command: string, projectDir: string): ScriptReferences {
  const root = path.resolve(projectDir);
  const found: ScriptReferences = { files: [], unchecked: [] };
  const place: Place = { dirs: [root], unknown: false };
  const commands = simpleCommands(command, root);
  const feedShell = feedingShell(commands);
  let examined = 0;
  for (const [k, { words }] of commands.entries()) {
    examined += words.length;
    if (examined > MAX_WORDS) {
      found.unchecked.push(
        `${(words[0] as ShellWord).raw.slice(0, 40)}… (past the first ${MAX_WORDS} words)`,
      );
      break;
    }
    referencesOf(words, root, place, found, feedShell.has(k));
  }
  return found;
}

/** The existing project files `command` runs (ScriptReferences.files): what fingerprints hash. */
export function referencedScripts(command: string, projectDir: string): string[] {
  return scriptReferences(command, projectDir).files;
}

/** The commands whose output `|` sends to a shell or interpreter that runs it (`cat x | sh`). */
function feedingShell(commands: readonly SimpleCommand[]): Set<number> {
  const feeding = new Set<number>();
  for (const { words, pipedFrom } of commands)
    if (pipedFrom !== undefined && interpretation(words)?.run.readsStdin === true) feeding.add(pipedFrom);
  return feeding;
}

/** For an interpreter (`bash …`, `npx tsx …`): which word it is and what its arguments say it runs. */
function interpretation(words: readonly ShellWord[]) {
  const programAt = programIndex(words);
  if (programAt === -1) return undefined;
  let at = programAt;
  if (LAUNCHERS.has(path.basename((words[at] as ShellWord).text))) {
    const launched = words.findIndex((w, k) => k > at && w.redirect === undefined && !w.text.startsWith("-"));
    if (launched !== -1) at = launched;
  }
  const program = path.basename((words[at] as ShellWord).text);
  if (!isInterpreter(program)) return undefined;
  const args = words.flatMap((w, k) => (k > at && w.redirect === undefined ? [k] : []));
  const run = interpreterRun(
    program,
    args.map((k) => (words[k] as ShellWord).text),
  );
  const runs = [run.script, ...run.loaded].flatMap((a) => (a === undefined ? [] : [args[a] as number]));
  return { run, runs: new Set(runs) };
}

function referencesOf(
  words: ShellWord[],
  root: string,
  place: Place,
  found: ScriptReferences,
  feedsShell: boolean,
): void {
  const programAt = programIndex(words);
  const program = programAt === -1 ? "" : path.basename((words[programAt] as ShellWord).text);
  if (CHANGES_DIRECTORY.has(program)) {
    changeDirectory(words.slice(programAt + 1), place);
    return;
  }
  const interpreter = interpretation(words);
  const lastArgument = words.findLastIndex((w, k) => k > programAt && w.redirect === undefined);
  words.forEach((word, k) => {
    if (word.redirect === "out") return;
    const argument = k > programAt && word.redirect === undefined;
    if (argument && (WRITES_ALL.has(program) || (WRITES_LAST.has(program) && k === lastArgument))) return;
    const option = argument && word.text.startsWith("-");
    const assignment =
      (k < programAt || programAt === -1) && word.redirect === undefined && ASSIGNMENT.test(word.raw);
    // `--require=./x.js`, `S=./x.sh`: the value may name a script; an option alone does not.
    const text =
      option || assignment ? word.text.slice(word.text.indexOf("=") + 1 || word.text.length) : word.text;
    const role = {
      program: k === programAt,
      input: word.redirect === "in",
      interpreted: interpreter?.runs.has(k) === true,
    };
    const runs =
      role.program ||
      role.interpreted ||
      SCRIPT_EXTENSION.test(text) ||
      (role.input && interpreter?.run.readsStdin === true) ||
      (feedsShell && (argument || role.input));
    const files = projectFiles(text, root, place);
    for (const { file, executable } of files)
      if ((runs || executable) && !found.files.includes(file)) found.files.push(file);
    if (unchecked(word, text, files.length, role, root, place) && !found.unchecked.includes(word.raw))
      found.unchecked.push(word.raw);
  });
}

/** The index of the word the simple command runs: after assignments, redirects and `if`, `exec`… */
function programIndex(words: readonly ShellWord[]): number {
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

/**
 * `cd dir`, `pushd dir`: later words may be relative to `dir` as well (the `cd` may fail or be
 * conditional). Past MAX_DIRECTORIES places the command is somewhere unknown, and no more are added.
 */
function changeDirectory(args: ShellWord[], place: Place): void {
  const target = args.find((w) => w.redirect === undefined && !/^-[LPe@]+$/.test(w.text));
  if (target === undefined || target.dynamic || target.text === "-" || target.text.startsWith("~")) {
    place.unknown = true;
    return;
  }
  const dirs = [...new Set([...place.dirs, ...place.dirs.map((dir) => path.resolve(dir, target.text))])];
  if (dirs.length > MAX_DIRECTORIES) place.unknown = true;
  else place.dirs = dirs;
}

/** The regular files inside the project that `text` names from any directory the command may be in. */
function projectFiles(text: string, root: string, place: Place): { file: string; executable: boolean }[] {
  if (text === "" || text.includes(UNKNOWN_PART) || text.startsWith("~")) return [];
  const candidates = path.isAbsolute(text)
    ? [path.resolve(text)]
    : place.dirs.map((d) => path.resolve(d, text));
  return candidates.flatMap((file) => {
    if (!inside(file, root)) return [];
    const stat = statOf(file);
    return stat?.isFile() ? [{ file, executable: (stat.mode & 0o111) !== 0 }] : [];
  });
}

/** Any error looking a word up (too long a name, a file in the middle of the path) means no file. */
function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function inside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * Whether the consent screen must say codebot cannot check `word`: it looks like something run
 * (the program, a `<` source, an interpreter's script, a path) and holds an expansion codebot
 * cannot know, or is a relative path naming no project file from where the command may be.
 * Absolute and `~` paths are shown as written; the command itself says they are outside.
 */
function unchecked(
  word: ShellWord,
  text: string,
  fileCount: number,
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
  if (fileCount > 0) return place.unknown;
  // A directory (`ls src/`) is not a file that is missing.
  return !place.dirs.some(
    (d) => inside(path.resolve(d, text), root) && statOf(path.resolve(d, text)) !== undefined,
  );
}
