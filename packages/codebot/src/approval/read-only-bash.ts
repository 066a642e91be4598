/**
 * Whether a bash line only reads, so that it runs unasked where the mode would ask, as in Claude
 * Code (`ls -la`, `cat README.md | grep x`, `cd src && wc -l *.ts`, `git status`, `git log -p`).
 * It does when every command it runs is a program of read-only-programs.ts (or a read-only git
 * command, read-only-git.ts, or a `cd` inside), used without an option that writes or runs
 * something, with every other word a path inside what the file tools may reach (symlinks followed;
 * from the shell's working directory and from every folder a `cd` of the line may reach); with no
 * redirection to or from a file, no variable or command substitution, no `~user`, no variable set,
 * no glob reaching a hidden name (`.*` may be `..` in older bash); and, for git, when the
 * repository's own `.git` names no program git runs (hooks' gitRepositoryFiles: a `core.fsmonitor`
 * makes `git status` ask), and the repository's git folder is the project's, not one a `.git`
 * file names elsewhere (foreign-git-folder.ts).
 * Anything else is decided as before — asked, or refused with nobody to ask. Deny and ask rules
 * are checked before this, as for any call.
 */
import os from "node:os";
import path from "node:path";
import { gitRepositoryFiles, isExecutableFile } from "@codebot/hooks";
import { isDirectory } from "../fs/is-directory.js";
import { expandHome } from "../paths/home-path.js";
import { type PathPolicy, realPathOfDeepestAncestor } from "../paths/path-policy.js";
import { GLOB, globbed } from "./bash-named-files.js";
import { FILE_EDITING_PROGRAMS } from "./file-editing-programs.js";
import { readsForeignRepository } from "./foreign-git-folder.js";
import { holdsSubmodule } from "./git-submodules.js";
import { CODE_TEXT } from "./permission-rules.js";
import { isPersonOnlyWrite } from "./person-only-writes.js";
import { readOnlyGit } from "./read-only-git.js";
import { READ_ONLY_PROGRAMS, type ReadOnlyProgram, usesOption } from "./read-only-programs.js";
import { type ShellCommand, shellCommands } from "./shell-commands.js";
import { wordExpands } from "./shell-expansion.js";
import { opensQuote, quotedEnd, splitWords, unquote } from "./shell-words.js";

/** A tool whose commands run in a shell with a working directory of its own (the bash tool). */
export interface ShellTool {
  workingDirectory(): string;
  /** The shell's PATH, or undefined when it cannot be known (a hook's environment file may change it). */
  searchPath(): string | undefined;
}

export interface ReadOnlyPlace {
  /** The shell's working directory when the line runs. */
  cwd: string;
  /** The shell's PATH: a program must be found in folders outside the project. */
  searchPath: string;
  /** What the file tools may reach. */
  paths: PathPolicy;
  home?: string;
}

/** Commands bash runs itself, whatever PATH holds. */
const BUILTINS = new Set(["cd", "pushd", "echo", "printf", "pwd", "true", "false", "test", "[", "type"]);

/** A glob part starting with a dot (`.*`, `.?x`): it may match `..` and reach the parent folder. */
const HIDDEN_GLOB = /(?:^|\/)\.[^/]*[*?[]/;

/** What a line may use: its programs, and which real paths (already inside the project) its words may name. */
interface LineScope {
  programs: Readonly<Record<string, ReadOnlyProgram>>;
  allows?(realPath: string): boolean;
}

export function readsOnly(command: string, place: ReadOnlyPlace): boolean {
  return staysWithin(command, place, { programs: READ_ONLY_PROGRAMS });
}

/**
 * Commands that change where the next ones run or what they find (`cd`, `export PATH=…`, `alias`):
 * one an allow rule let through would move the read-only check's ground under it.
 */
const SHELL_STATE = new Set([
  ...["cd", "pushd", "popd", "export", "declare", "typeset", "alias", "hash", "set", "shopt", "enable"],
  ...["builtin", "command", "eval", "exec", "source", ".", "unset", "readonly", "local"],
]);

function changesShellState(command: ShellCommand): boolean {
  return SHELL_STATE.has(unquote(splitWords(command.text)[0] ?? ""));
}

/**
 * Whether a line may run beside the other calls of its turn (the bash tool's `concurrencySafe`,
 * as Claude Code runs read-only lines of a batch together): it only reads, and changes no shell
 * state — a `cd` there would leave the next command in whichever directory the last to end chose.
 */
export function runsAlongside(command: string, place: ReadOnlyPlace): boolean {
  return readsOnly(command, place) && !shellCommands(command).commands.some(changesShellState);
}

/** Where a shell tool's next line runs, and the PATH it finds programs on; undefined for other tools. */
export function placeOfShell(tool: Partial<ShellTool>, paths: PathPolicy): ReadOnlyPlace | undefined {
  const cwd = tool.workingDirectory?.();
  const searchPath = tool.searchPath?.();
  if (cwd === undefined || searchPath === undefined) return undefined;
  return { cwd, searchPath, paths };
}

/**
 * Whether the commands of a line no allow rule matched only read (`cd sub`, `tail -5` in `cd sub &&
 * npm test 2>&1 | tail -5` under `Bash(npm test:*)`, as in Claude Code), read as one line in order
 * so that its `cd`s count. A matched command that changes the shell's state (`cd` under
 * `Bash(cd:*)`) leaves the check no ground: it does not apply then.
 */
export function unmatchedReadOnly(
  unmatched: readonly ShellCommand[],
  all: readonly ShellCommand[],
  place: ReadOnlyPlace,
): boolean {
  if (all.some((c) => changesShellState(c) && !unmatched.includes(c))) return false;
  return readsOnly(unmatched.map((c) => c.text).join("\n"), place);
}

/**
 * Whether a line only reads and makes, copies, moves or removes files inside the project (`mkdir
 * -p src/x && touch src/x/a.ts`, `mv a b`, `rm -r build`), which `acceptEdits` runs unasked as
 * Claude Code does: as readsOnly, with file-editing-programs.ts too, and no word naming the project
 * folder itself or a settings, git or tool-configuration file (`.git/`, `.claude/`, `.vscode/`,
 * `.mcp.json`, codebot's own folder: person-only-writes.ts) — as the write and edit tools under `acceptEdits`.
 */
export function editsOnlyFiles(command: string, place: ReadOnlyPlace, ownHomes: readonly string[]): boolean {
  return staysWithin(command, place, {
    programs: FILE_EDITING_PROGRAMS,
    allows: (real) => real !== place.paths.root && !isPersonOnlyWrite(real, place.paths.root, ownHomes),
  });
}

function staysWithin(command: string, place: ReadOnlyPlace, scope: LineScope): boolean {
  if (CODE_TEXT.test(command) || definesFunction(command)) return false;
  const { commands, substitutes, unmodelled } = shellCommands(command);
  if (substitutes || unmodelled || commands.length === 0) return false;
  const home = place.home ?? os.homedir();
  const reachable = (file: string) => {
    const resolved = place.paths.resolve("bash", file);
    return resolved.ok && (scope.allows?.(resolved.path) ?? true);
  };
  const inside = (word: string, from: readonly string[]) => {
    if (word.startsWith("~") && !(word === "~" || word.startsWith("~/"))) return false;
    const named = expandHome(word, home);
    if (!GLOB.test(named)) return from.every((dir) => reachable(systemPath(dir, named)));
    // A glob: only in its last part, not reaching a hidden name, and each match inside (a symlink
    // in the folder may point out of it).
    if (HIDDEN_GLOB.test(named) || GLOB.test(path.dirname(named))) return false;
    return from.every((dir) => {
      const pattern = path.join(systemPath(dir, path.dirname(named)), path.basename(named));
      return reachable(path.dirname(pattern)) && globbed(pattern).every(reachable);
    });
  };
  // Every folder the line's `cd`s may have reached: a relative word is checked from each.
  const places = [place.cwd];
  // A command that must end the line (ReadOnlyProgram.lastInLine) came: nothing may follow it.
  let ended = false;
  for (const c of commands) {
    if (ended) return false;
    if (c.redirects || c.assignments.length > 0 || c.unresolved) return false;
    const raw = splitWords(c.text);
    // A glob is a file name pattern, checked as a path; any other expansion asks.
    if (raw.some((w) => wordExpands(w.replace(/[*?[\]]/g, "_")))) return false;
    const [program, ...args] = raw.map(unquote) as [string, ...string[]];
    if (!BUILTINS.has(program) && !installedOutside(program, place)) return false;
    if (program === "cd" || program === "pushd") {
      const target = args.filter((a) => a !== "--");
      if (target.length !== 1 || target[0] === "-" || !inside(target[0] as string, places)) return false;
      // bash's cd reads `..` in the path as written (`cd link/..` is back where it started), the
      // system as the link leads: both must stay inside.
      const reached = places.map((dir) => path.resolve(dir, expandHome(target[0] as string, home)));
      if (!reached.every(reachable)) return false;
      places.push(...reached);
      continue;
    }
    if (program === "git") {
      const git = readOnlyGit(args);
      if (git === undefined || !git.dirs.every((dir) => inside(dir, places))) return false;
      const dirs = [...places, ...git.dirs.flatMap((dir) => places.map((p) => systemPath(p, dir)))];
      // What the repository's own .git makes every git run run (a `core.fsmonitor`, hooks).
      const brought = gitRepositoryFiles(dirs, place.paths.root);
      if (brought.configs.length > 0 || brought.hooks.length > 0 || dirs.some(holdsSubmodule)) return false;
      // A `.git` file naming another repository's git folder would print that repository's files.
      if (dirs.some((dir) => readsForeignRepository(dir, reachable))) return false;
      continue;
    }
    const spec = Object.hasOwn(scope.programs, program) ? scope.programs[program] : undefined;
    const folder = (word: string) =>
      places.some((dir) => isDirectory(systemPath(dir, expandHome(word, home))));
    if (spec === undefined || !readsWithin(spec, args, (word) => inside(word, places), folder)) return false;
    ended = spec.lastInLine === true;
  }
  return true;
}

/**
 * Whether the line defines a function (`cat() { … }`): its body runs where it is called, perhaps
 * after a `cd`, not where it is written. A `()` outside quotes is taken for one.
 */
export function definesFunction(command: string): boolean {
  for (let i = 0; i < command.length; i++) {
    if (command[i] === "\\") i++;
    else if (opensQuote(command, i)) {
      const end = quotedEnd(command, i);
      if (end === -1) return true;
      i = end - 1;
    } else if (command[i] === "(" && /^\(\s*\)/.test(command.slice(i))) return true;
  }
  return false;
}

/**
 * `word` from `dir` as the system finds it: a `..` leaves the folder a symlink before it points to
 * (`docs/../x` with `docs` a symlink to `/etc/ssl` is `/etc/x`), where path.resolve would drop both.
 */
function systemPath(dir: string, word: string): string {
  let at = path.isAbsolute(word) ? "/" : dir;
  for (const part of word.split("/")) {
    if (part === "..") at = path.dirname(realPathOfDeepestAncestor(at));
    else if (part !== "" && part !== ".") at = path.join(at, part);
  }
  return at;
}

/** The program's words: no refused option, operands as its entry allows, every possible path inside. */
function readsWithin(
  spec: ReadOnlyProgram,
  args: readonly string[],
  inside: (word: string) => boolean,
  folder: (word: string) => boolean,
): boolean {
  let operands = 0;
  let optionsEnded = false;
  // The pattern still expected as the first operand, and whether the next word is a pattern.
  let patternOperand = spec.pattern !== undefined;
  let patternNext = false;
  for (const word of args) {
    if (spec.refusedWord?.test(word)) return false;
    if (patternNext) {
      patternNext = false;
      continue;
    }
    if (!optionsEnded && word === "--") {
      optionsEnded = true;
      continue;
    }
    if (!optionsEnded && word.startsWith("-") && word !== "-") {
      if ((spec.refused ?? []).some((option) => usesOption(word, option))) return false;
      if (spec.pattern?.given.includes(word)) patternOperand = false;
      if (spec.pattern?.patterns.includes(word)) {
        patternNext = true;
        continue;
      }
      // The option's value may be glued (`-f/etc/x`) or given with `=`: checked as a path too.
      const value = word.startsWith("--") ? word.slice(word.indexOf("=") + 1 || word.length) : word.slice(2);
      if (spec.text !== true && value !== "" && !inside(value)) return false;
      continue;
    }
    if (patternOperand) {
      patternOperand = false;
      continue;
    }
    operands++;
    if ((spec.noGlobs === true || spec.filesOnly === true) && GLOB.test(word)) return false;
    if (spec.filesOnly === true && folder(word)) return false;
    if (spec.maxOperands !== undefined && operands > spec.maxOperands) return false;
    if (spec.operandPrefix !== undefined && !word.startsWith(spec.operandPrefix)) return false;
    if (spec.text !== true && !inside(word)) return false;
  }
  return true;
}

/**
 * Whether the shell finds `program` outside the project: every PATH folder it looks in up to it is
 * absolute and outside (a project `bin/` on PATH, or `.`, would make `ls` a file the model can write).
 * A program found nowhere runs nothing.
 */
function installedOutside(program: string, place: ReadOnlyPlace): boolean {
  if (program.includes("/")) return false;
  for (const dir of place.searchPath.split(":")) {
    if (!path.isAbsolute(dir) || place.paths.contains(realPathOfDeepestAncestor(dir))) return false;
    if (isExecutableFile(path.join(dir, program))) return true;
  }
  return true;
}
