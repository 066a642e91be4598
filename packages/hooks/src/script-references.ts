/**
 * The files inside a project that a hook command runs (§8): the program (`./hook.sh`,
 * `cd .claude/hooks && ./b.sh`, `${CLAUDE_PROJECT_DIR:-.}/x.sh`), also behind wrappers (`timeout
 * 10 bash x`, `nice`, `sudo`, `xargs`: command-wrappers.ts); an interpreter's script and what its
 * options load (`bash -o pipefail .claude/hooks/check`, `node -r ./setup`, `python3 -m pkg`,
 * `awk -f x`: interpreter-syntax.ts, interpreter-files.ts); the command line of `sh -c '…'` (read
 * as a command of its own); a build tool's file (`make`, `npm test`: build-files.ts); what a test runner or build tool
 * loads on its own (`pytest`'s `conftest.py` files, `cargo`'s `build.rs`: runner-files.ts); a word with a
 * script extension; the source of `<` for a shell or interpreter reading its script from stdin
 * (`sh < setup.sh`); the files of a command piped into one (`cat x | sh`) or whose output
 * `$(…)` puts where code or a program goes (`eval "$(cat x)"`, `sh -c "$(cat x)"`, `$(cat x)`); the
 * input of `xargs sh` (`xargs sh < x`, `xargs -a x sh`), whose words are its script; any executable file
 * argument; and, failing closed, any other project file an argument names whose role codebot does
 * not know (`mytool config`). Their content is part of what the user approves, so editing one asks
 * again. Not hashed, or a hook would ask again after each run: files the command writes, what
 * commands known to read data name (`cat`, `jq`, `grep`…), and the arguments of a script it runs
 * (`python3 x.py state.json`: the script, approved, decides what they are). Words whose file
 * codebot cannot know (`$DIR/x.sh`, `$(dirname "$0")/x.sh`, a missing `./gen.sh`, what the lexer
 * cannot follow) are listed, for the consent screen to say the approval does not cover them. It
 * sees the words of the command only, not files those scripts read in turn (where each word may be:
 * command-place.ts). Bounded: it examines
 * so many words, so many directories a `cd` may have reached, and `sh -c` inside `sh -c` so deep,
 * and says what lies beyond is unchecked.
 */
import path from "node:path";
import { AnalysisCache } from "./analysis-cache.js";
import { noteAssignments, usesUnknownValue, type Variables, variableReadings } from "./assigned-variables.js";
import { buildFileNames, PACKAGE_MANAGER_CONFIGS } from "./build-files.js";
import {
  changeDirectory,
  INVENTED_NAME,
  inside,
  noteCopies,
  type Place,
  type ProjectFile,
  projectFiles,
  statOf,
} from "./command-place.js";
import { ASSIGNMENT, type CommandStart, commandStart } from "./command-wrappers.js";
import { runsComputedCode } from "./computed-code-loads.js";
import { type ContentView, type ContentViews, noteView } from "./content-view.js";
import { copyOf, currentDirRelative } from "./copied-files.js";
import { gitConfigCommand } from "./git-config-env.js";
import { gitConfigFileCommand } from "./git-config-file.js";
import { gitExecPrograms } from "./git-exec-path.js";
import { gitRepositoryFiles, type NamedRepository } from "./git-repository-files.js";
import { gitTemplateFiles } from "./git-template-dir.js";
import { codeNames, loadedNames, scriptNames } from "./interpreter-files.js";
import { interpreterName, interpreterRun, isShell } from "./interpreter-syntax.js";
import { mayBeInvented } from "./invented-names.js";
import { argumentsKnown, declares, readsData, writesArgument } from "./known-programs.js";
import { launchedBinNames, packageBins } from "./launched-bins.js";
import { isLoadingVariable, loadedFileNames } from "./loading-variables.js";
import { commandLineArgument, findRuns, gitRuns } from "./nested-commands.js";
import { configWords } from "./package-manager-config.js";
import { pathAssigned, pathFolders } from "./path-variable.js";
import { runnerFiles } from "./runner-files.js";
import { type ShellWord, type SimpleCommand, simpleCommands, UNKNOWN_PART } from "./shell-words.js";

export interface ScriptReferences {
  /**
   * Absolute paths of the existing regular files inside the project the command runs, in order,
   * and those of the git folder of a repository it runs git in (gitFolderFiles), even above it.
   */
  files: string[];
  /** Words, as written, that look like something run but whose file codebot cannot determine. */
  unchecked: string[];
  /**
   * Of `files`, those in it only because an argument names them and codebot does not know what the
   * program does with them (failing closed): the consent screen says "runs or reads".
   */
  unknownRole: string[];
  /** Of `files`, those an approval reads in a view other than their bytes (content-view.ts); the rest are read as bytes. */
  views: ContentViews;
  /**
   * Of `files`, those of a repository's git folder its `git` commands reach (its configuration
   * when it counts, its hook programs), wherever `cd`, `-C`, `--git-dir` or `GIT_DIR` point them.
   */
  gitFolderFiles: string[];
  /**
   * Words, as written, that run a file by a name worked out as the command runs, which codebot
   * cannot name: an interpreter's inline code doing so (`node -e "require('./' + x)"`:
   * computed-code-loads.ts), a program or script word using a variable set from a command's output
   * (`root=$(git rev-parse --show-toplevel); "$root/fmt"`). Also in `unchecked`. A user's own hook
   * holding one is held in the project as one running a project file is (hook-consent.ts).
   */
  unnamedRuns: string[];
}

/** Words with these endings name a script whatever runs them (`npx tsx x.ts`, `deno run x.ts`). */
const SCRIPT_EXTENSION = /\.(sh|bash|zsh|fish|js|mjs|cjs|ts|mts|cts|py|rb|pl|php|lua|ps1)$/;
/** Commands that run the program named after their options: `npx tsx x.ts`. */
const LAUNCHERS = new Set(["npx", "bunx", "pnpx"]);
/** Files that are a process's own stdin: a script named so is read from it. */
const STDIN_FILES = /^\/(?:dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/;
/** The builtins that run a script in the shell itself. */
const SOURCES = new Set([".", "source"]);
const CHANGES_DIRECTORY = new Set(["cd", "pushd"]);
/** Words past this many are not examined: the rest of the command is listed as unchecked. */
const MAX_WORDS = 2000;
/** `sh -c` inside `sh -c` deeper than this is not read: listed as unchecked instead. */
const MAX_INLINE_DEPTH = 8;
/** Readings of a command, for copies and variable values found later in it, past which the command is listed as unchecked. */
const MAX_PASSES = 8;
/** Readings of one command with its variables' values past this many are not read. */
const MAX_READINGS = 16;
/** For a command line read without the variables of the command around it. */
const NO_VARIABLES: Variables = { values: new Map(), unknown: new Set() };

/** One reading of a hook command, with the command lines it runs (`sh -c '…'`) read into it too. */
interface Analysis {
  root: string;
  found: ScriptReferences;
  /** Words examined so far, across the command lines read. */
  examined: number;
  /** The files found in a role codebot knows (run, loaded, read as a script): not `unknownRole`. */
  known: Set<string>;
  /** The repository configuration files already read for a `git` (read once, though they run `git -c …`). */
  gitConfigsRead: Set<string>;
}

/** Each command's analysis, kept while the files it read are unchanged (analysis-cache.ts). */
const analyses = new AnalysisCache<ScriptReferences>();

/**
 * The project's files `command` runs and the words it cannot check (see ScriptReferences). Read
 * once per command and project while the files the reading looked at stay as they were; a fresh
 * copy each time, so a caller may change it.
 */
export function scriptReferences(command: string, projectDir: string): ScriptReferences {
  const root = path.resolve(projectDir);
  const found = analyses.get(`${root}\0${command}`, () => analyseCommand(command, root));
  return {
    files: [...found.files],
    unchecked: [...found.unchecked],
    unknownRole: [...found.unknownRole],
    views: new Map(found.views),
    gitFolderFiles: [...found.gitFolderFiles],
    unnamedRuns: [...found.unnamedRuns],
  };
}

function analyseCommand(command: string, root: string): ScriptReferences {
  const copies = new Map<string, ProjectFile[]>();
  const folderCopies = new Map<string, string[]>();
  const variables: Variables = { values: new Map(), unknown: new Set() };
  const opaqueWords = new Set<string>();
  let analysis: Analysis;
  // Read again while a reading finds more copies or variable values: a copy made or a variable set
  // after the word that runs it counts too, as a loop, a function or the hook's next run reaches it.
  for (let pass = 0, size = 0; ; pass++) {
    analysis = {
      root,
      found: {
        files: [],
        unchecked: [],
        unknownRole: [],
        views: new Map(),
        gitFolderFiles: [],
        unnamedRuns: [],
      },
      examined: 0,
      known: new Set(),
      gitConfigsRead: new Set(),
    };
    readCommandLine(
      command,
      { dirs: [root], unknown: false, copies, folderCopies, variables, opaqueWords },
      analysis,
      0,
    );
    const now =
      variables.unknown.size +
      opaqueWords.size +
      [copies, folderCopies, variables.values].reduce(
        (sum, map) => sum + [...map.values()].reduce((n, list) => n + list.length, 0),
        0,
      );
    if (now === size) break;
    size = now;
    if (pass === MAX_PASSES) {
      note(analysis, `${command.slice(0, 40)}… (copies past ${MAX_PASSES} readings)`);
      break;
    }
  }
  const { found, known } = analysis;
  found.unknownRole = found.files.filter((file) => !known.has(file));
  for (const [file, view] of found.views) if (view === "bytes") found.views.delete(file);
  return found;
}

/**
 * The existing project files `command` runs (ScriptReferences.files): what fingerprints hash. The
 * view an approval reads each in goes into `views` (content-view.ts) when given.
 */
export function referencedScripts(command: string, projectDir: string, views?: ContentViews): string[] {
  const { files, views: found } = scriptReferences(command, projectDir);
  if (views !== undefined) for (const file of files) noteView(views, file, found.get(file) ?? "bytes");
  return files;
}

/**
 * The existing project files `command` runs in a role codebot knows: not a file only named as an
 * argument of a program codebot does not know (`unknownRole`), which in a grant's value or a
 * user's own hook is data, not code.
 */
export function filesRunBy(command: string, projectDir: string, views?: ContentViews): string[] {
  return knownRoleFiles(scriptReferences(command, projectDir), views);
}

/** Of what scriptReferences found, the files run in a known role (filesRunBy), their views noted in `views`. */
export function knownRoleFiles(references: ScriptReferences, views?: ContentViews): string[] {
  const { files, unknownRole, views: found } = references;
  const run = files.filter((file) => !unknownRole.includes(file));
  if (views !== undefined) for (const file of run) noteView(views, file, found.get(file) ?? "bytes");
  return run;
}

function readCommandLine(command: string, place: Place, analysis: Analysis, depth: number): void {
  const commands = simpleCommands(command, analysis.root);
  const feedShell = feedingShell(commands);
  for (const [k, { words }] of commands.entries()) {
    const upstream = [...upstreamOf(commands, [k])].flatMap(
      (before) => (commands[before] as SimpleCommand).words,
    );
    if (analysis.examined > MAX_WORDS) return;
    analysis.examined += words.length;
    if (analysis.examined > MAX_WORDS) {
      note(analysis, `${(words[0] as ShellWord).raw.slice(0, 40)}… (past the first ${MAX_WORDS} words)`);
      return;
    }
    referencesOf(words, place, analysis, { feedsShell: feedShell.has(k), upstream }, depth);
  }
}

/** The commands whose output reaches one of the commands `from`: through `|` or `$(…)`, and theirs in turn. */
function upstreamOf(commands: readonly SimpleCommand[], from: Iterable<number>): Set<number> {
  const reached = new Set<number>();
  const next = [...from];
  for (let k = next.pop(); k !== undefined; k = next.pop()) {
    const { words, pipedFrom } = commands[k] as SimpleCommand;
    for (const before of [...(pipedFrom ?? []), ...words.flatMap((w) => w.outputOf ?? [])])
      if (!reached.has(before)) {
        reached.add(before);
        next.push(before);
      }
  }
  return reached;
}

/** A command line a command runs (`sh -c '…'`, `flock -c '…'`), read where that command is. */
function readInlineCommand(
  word: ShellWord,
  from: number,
  place: Place,
  analysis: Analysis,
  depth: number,
): void {
  // What an expansion holds is not known: the line as a whole is unchecked, its known parts still read.
  if (word.dynamic || depth >= MAX_INLINE_DEPTH) note(analysis, word.raw);
  if (depth >= MAX_INLINE_DEPTH) return;
  readCommandLine(
    word.text.slice(from),
    {
      dirs: [...place.dirs],
      unknown: place.unknown,
      ...(place.path === undefined ? {} : { path: place.path }),
      ...(place.copies === undefined ? {} : { copies: place.copies }),
      ...(place.folderCopies === undefined ? {} : { folderCopies: place.folderCopies }),
      ...(place.variables === undefined ? {} : { variables: place.variables }),
      ...(place.opaqueWords === undefined ? {} : { opaqueWords: place.opaqueWords }),
    },
    analysis,
    depth + 1,
  );
}

/**
 * Code that may run a file by a name it works out (computed-code-loads.ts), or a program or script
 * word using a variable set from a command's output: unchecked, and listed as such (unnamedRuns).
 */
function unnamed(analysis: Analysis, word: string): void {
  note(analysis, word);
  if (!analysis.found.unnamedRuns.includes(word)) analysis.found.unnamedRuns.push(word);
}

function note(analysis: Analysis, word: string): void {
  if (!analysis.found.unchecked.includes(word)) analysis.found.unchecked.push(word);
}

/**
 * The commands whose output a shell or interpreter runs: sent by `|` or `< <(…)` to one reading its
 * script from stdin (`cat x | sh`) or to `xargs sh` (its words name what runs), or landing through
 * `$(…)`, backquotes or `<(…)` in a program word, the arguments of `eval` or `trap`, an
 * interpreter's code (`sh -c "$(cat x)"`) or its script or loaded words (`bash <(cat x)`). Output
 * landing in other arguments or in an assignment (`echo "$(cat x)"`, `x=$(cat x)`, `diff <(cat x)
 * y`) is data. What flows into such a command counts too, failing closed: every command before it
 * in its pipe chain (`cat x | tr a b | sh`) and those whose output lands in its words (`echo
 * "$(cat x)" | sh`), though a command may drop its input; and a command whose output goes to a
 * shell reading stdin inside its `>(…)` (`tee >(sh) < x`).
 */
function feedingShell(commands: readonly SimpleCommand[]): Set<number> {
  const feeding = new Set<number>();
  /** Commands reading their script from a stdin no `|` gives them: inside `>(…)`, the output of the command holding it. */
  const readingOwnInput = new Set<number>();
  for (const [at, { words, pipedFrom }] of commands.entries()) {
    const start = commandStart(words);
    const interpreter = interpretation(words, start);
    const readsInput =
      interpreter?.run.readsStdin === true || scriptFromInput(words, start, interpreter) !== undefined;
    if (pipedFrom !== undefined && readsInput) for (const before of pipedFrom) feeding.add(before);
    if (pipedFrom === undefined && readsInput) readingOwnInput.add(at);
    // `tee >(sh) < x`, `cat x > >(sh)`, failing closed for a `$(…)` that holds such a command too.
    if (words.some((w) => w.outputOf?.some((inner) => readingOwnInput.has(inner)))) feeding.add(at);
    const inputs = readsInput ? words.flatMap((w, k) => (w.redirect === "in" ? [k] : [])) : [];
    for (const k of [...wordsRun(words, start, interpreter), ...inputs])
      for (const inner of (words[k] as ShellWord).outputOf ?? []) feeding.add(inner);
  }
  for (const before of upstreamOf(commands, feeding)) feeding.add(before);
  return feeding;
}

/** The indexes of the words of a command that are run as code or name what runs (see feedingShell). */
function wordsRun(
  words: readonly ShellWord[],
  start: CommandStart,
  interpreter: ReturnType<typeof interpretation>,
): number[] {
  const run = [...start.commandLines.map((line) => line.at), ...(interpreter?.runs.keys() ?? [])];
  if (interpreter?.code !== undefined) run.push(interpreter.code.at);
  if (start.program === -1) return run;
  run.push(start.program);
  const program = path.basename((words[start.program] as ShellWord).text);
  const after = words.slice(start.program + 1);
  // `eval "$(cat x)"`, `trap "$(cat x)" EXIT`: every argument, failing closed.
  if (commandLineArgument(program, after) !== undefined)
    after.forEach((w, k) => {
      if (w.redirect === undefined) run.push(start.program + 1 + k);
    });
  return run;
}

/** `-a`, `--arg-file`, also after xargs's flags without a value (`-0a`), its value in the next word. */
const ARG_FILE_OPTION = /^(?:-[0oprtx]*a|--arg-file)$/;
/** `-ax`, `-0ax`, `--arg-file=x`: the value attached. */
const ARG_FILE_ATTACHED = /^(?:-[0oprtx]*a|--arg-file=)(.+)$/;

/**
 * `xargs sh < x`, `xargs -a x sh`: the words of `x` become the interpreter's script, so `x` decides
 * what runs and counts as run. Returns those words' indexes, with the file name each holds.
 */
function xargsInputs(words: readonly ShellWord[], start: CommandStart): Map<number, string> {
  const inputs = new Map<number, string>();
  const xargs = start.appendsInput;
  if (xargs === undefined) return inputs;
  words.forEach((w, k) => {
    if (w.redirect === "in") inputs.set(k, w.here === true ? w.text.trim() : w.text);
    if (k <= xargs || k >= start.program || w.redirect !== undefined) return;
    const before = words[k - 1] as ShellWord;
    const attached = ARG_FILE_ATTACHED.exec(w.text);
    if (k > xargs + 1 && ARG_FILE_OPTION.test(before.text) && before.redirect === undefined)
      inputs.set(k, w.text);
    else if (attached !== null) inputs.set(k, attached[1] as string);
  });
  return inputs;
}

/**
 * For an interpreter (`bash …`, `npx tsx …`): which it is and, as word indexes, what its arguments
 * say it runs (script and loaded files, with where the value starts in the word), its inline code,
 * the names of other files it loads, and the first word that is an argument of what it runs.
 */
function interpretation(words: readonly ShellWord[], start: CommandStart) {
  if (start.program === -1) return undefined;
  let at = start.program;
  if (LAUNCHERS.has(path.basename((words[at] as ShellWord).text))) {
    const launched = words.findIndex((w, k) => k > at && w.redirect === undefined && !w.text.startsWith("-"));
    if (launched !== -1) at = launched;
  }
  const name = interpreterName((words[at] as ShellWord).text);
  if (name === undefined) return undefined;
  const args = words.flatMap((w, k) => (k > at && w.redirect === undefined ? [k] : []));
  const texts = args.map((k) => (words[k] as ShellWord).text);
  const run = interpreterRun(name, texts);
  // `sh /dev/stdin < x`, `. /dev/fd/0 <<< …`: the script it names is its stdin.
  if (run.script !== undefined && STDIN_FILES.test(texts[run.script] as string)) run.readsStdin = true;
  // `xargs sh`: its script is a word xargs reads from stdin, and stdin is not the script.
  if (start.appendsInput !== undefined && run.readsStdin) run.readsStdin = false;
  const word = (i: number) => args[i] as number;
  const runs = new Map<number, number>();
  if (run.script !== undefined) runs.set(word(run.script), 0);
  for (const value of run.loaded) runs.set(word(value.at), value.from);
  return {
    name,
    run,
    runs,
    names: loadedNames(name, texts, run),
    /** Words holding a module or a directory searched for modules: read through `names`, not as files. */
    moduleWords: new Set([...run.modules, ...run.searchPath].map((v) => word(v.at))),
    code: run.code === undefined ? undefined : { at: word(run.code.at), from: run.code.from },
    argumentsFrom: run.argumentsFrom < args.length ? word(run.argumentsFrom) : words.length,
  };
}

/** How a command's input and output flow: into a shell (feedingShell), and from which commands' words. */
interface Flow {
  feedsShell: boolean;
  /** The words of the commands whose output reaches it (`cat n | tee y`, `echo "$(cat n)" > y`). */
  upstream: readonly ShellWord[];
}

/** The command's words with those using a variable set in the command replaced by each text they may have. */
function variableWords(words: readonly ShellWord[], variables: Variables | undefined): ShellWord[][] {
  if (variables === undefined || variables.values.size === 0) return [];
  let readings: ShellWord[][] = [];
  words.forEach((word, k) => {
    const texts = variableReadings(word, variables);
    if (texts === undefined) return;
    const base = readings.length === 0 ? [[...words]] : readings;
    readings = base
      .flatMap((reading) =>
        texts.map((text) =>
          reading.map((w, j) => (j === k ? { ...w, text, dynamic: text.includes(UNKNOWN_PART) } : w)),
        ),
      )
      .slice(0, MAX_READINGS);
  });
  return readings;
}

function referencesOf(
  words: ShellWord[],
  place: Place,
  analysis: Analysis,
  flow: Flow,
  depth: number,
  otherReading = false,
): void {
  const { root, found } = analysis;
  const { feedsShell } = flow;
  const start = commandStart(words);
  // The command as it reads when a wrapper's unknown option took the next word as its value, and
  // as it reads with the values of the variables set in the command (once: readings are not multiplied).
  if (!otherReading) {
    for (const from of start.orFrom) referencesOf(words.slice(from), place, analysis, flow, depth, true);
    for (const reading of variableWords(words, place.variables))
      referencesOf(reading, place, analysis, flow, depth, true);
    if (place.variables !== undefined) noteAssignments(words, start.program, place.variables);
  }
  const programAt = start.program;
  const program = programAt === -1 ? "" : path.basename((words[programAt] as ShellWord).text);
  const pathSet = pathAssigned(programAt === -1 ? words : words.slice(0, programAt));
  // `PATH=bin:$PATH;`, `export PATH=…`: in force for the commands after it.
  const exported = declares(program) ? pathAssigned(words.slice(programAt + 1)) : undefined;
  if (programAt === -1 || exported !== undefined) place.path = exported ?? pathSet ?? place.path;
  if (CHANGES_DIRECTORY.has(program)) {
    changeDirectory(words.slice(programAt + 1), place);
    return;
  }
  const add = (file: string, knownRole = true, view: ContentView = "bytes") => {
    if (!found.files.includes(file)) found.files.push(file);
    if (knownRole) analysis.known.add(file);
    noteView(found.views, file, view);
  };
  for (const line of start.commandLines)
    readInlineCommand(words[line.at] as ShellWord, line.from, place, analysis, depth);
  if (program === "find")
    for (const run of findRuns(words))
      referencesOf(run, place, analysis, { feedsShell: false, upstream: [] }, depth);
  if (program === "git")
    readGit(
      words.slice(programAt + 1),
      place,
      analysis,
      depth,
      add,
      namedRepository(words.slice(0, programAt)),
    );
  const builtinLine = commandLineArgument(program, words.slice(programAt + 1));
  if (builtinLine !== undefined) readInlineCommand(builtinLine, 0, place, analysis, depth);
  const interpreter = interpretation(words, start);
  if (interpreter?.code !== undefined && isShell(interpreter.name))
    readInlineCommand(words[interpreter.code.at] as ShellWord, interpreter.code.from, place, analysis, depth);
  else if (interpreter?.code !== undefined) {
    const code = words[interpreter.code.at] as ShellWord;
    if (runsComputedCode(interpreter.name, code.text.slice(interpreter.code.from)))
      unnamed(analysis, code.raw);
  }
  const fromInput = scriptFromInput(words, start, interpreter);
  if (fromInput !== undefined) note(analysis, fromInput);
  const runInputs = fromInput === undefined ? new Map<number, string>() : xargsInputs(words, start);
  const argumentTexts = words.flatMap((w, k) => (k > programAt && w.redirect === undefined ? [w.text] : []));
  const tool = projectScript(words[programAt]) ? "" : program;
  for (const name of launchedBinNames(program, argumentTexts))
    for (const { file } of projectFiles(name, root, place)) {
      add(file);
      // A launched package's manifest names the program it runs (`npx @acme/srv`: its `bin`).
      if (path.basename(file) === "package.json")
        for (const bin of packageBins(file))
          for (const named of projectFiles(bin, root, { dirs: [path.dirname(file)], unknown: false }))
            add(named.file);
    }
  for (const name of [...(interpreter?.names ?? []), ...buildFileNames(tool, argumentTexts)])
    for (const { file } of projectFiles(name, root, place)) {
      add(file);
      // What a package manager's configuration names runs with every script (yarnPath, script-shell).
      if (PACKAGE_MANAGER_CONFIGS.has(path.basename(file)))
        for (const word of configWords(file))
          for (const named of projectFiles(word, root, { dirs: [path.dirname(file)], unknown: false }))
            add(named.file);
    }
  for (const file of runnerFiles(tool, argumentTexts, place.dirs, root)) add(file);
  const programFiles =
    programAt === -1 ? [] : projectFiles((words[programAt] as ShellWord).text, root, place);
  // A program named bare is looked up on PATH: the project's folders a PATH set here names count.
  const searchPath = pathSet ?? place.path;
  /** The project files a bare name is on that PATH: the program, or the script `.` and `source` look up there. */
  const onPath = (name: string) =>
    searchPath === undefined || name.includes("/")
      ? []
      : pathFolders(searchPath, place.dirs).flatMap((folder) =>
          projectFiles(path.join(folder, name), root, place),
        );
  if (programAt !== -1) for (const { file } of onPath((words[programAt] as ShellWord).text)) add(file);
  const lastArgument = words.findLastIndex((w, k) => k > programAt && w.redirect === undefined);
  // Arguments passed on to what runs (a project program, an interpreter's script or code) are its data.
  const dataFrom = programFiles.length > 0 ? programAt + 1 : (interpreter?.argumentsFrom ?? words.length);
  const knownProgram = argumentsKnown(program);
  const namedPrograms = programOptionValues(program, words, programAt);
  words.forEach((word, k) => {
    if (word.redirect === "out") return;
    // A here-document or here-string is the command's input, not a file (readHereInput), save for xargs's words.
    if (word.here === true && !runInputs.has(k)) {
      readHereInput(
        word,
        { interpreter, xargs: start.appendsInput !== undefined, feedsShell },
        place,
        analysis,
        depth,
      );
      return;
    }
    const argument = programAt !== -1 && k > programAt && word.redirect === undefined;
    if (argument && writesArgument(program, k === lastArgument)) return;
    const option = argument && word.text.startsWith("-");
    const assignment =
      (k < programAt || programAt === -1 || (argument && declares(program))) &&
      word.redirect === undefined &&
      ASSIGNMENT.test(word.raw);
    const loadedFrom = interpreter?.runs.get(k);
    // `--require=./x.js`, `S=./x.sh`: the value may name a script; an option alone does not.
    // `"$PWD/n"`, `"$(pwd)/n"`: the hook runs in the project, so `./n`.
    const whole = currentDirRelative(word);
    const text =
      runInputs.get(k) ??
      (loadedFrom !== undefined
        ? loadedFrom === 0
          ? whole
          : word.text.slice(loadedFrom)
        : option || assignment
          ? word.text.slice(word.text.indexOf("=") + 1 || word.text.length)
          : whole);
    const assigned = assignment ? word.text.slice(0, word.text.indexOf("=")) : "";
    if (assignment && isLoadingVariable(assigned))
      for (const name of loadedFileNames(text))
        for (const { file } of projectFiles(name, root, place)) add(file);
    // `GIT_CONFIG_PARAMETERS="'core.fsmonitor'='./x'" git status`: the `git -c` it stands for.
    const gitConfig = assignment ? gitConfigCommand(assigned, text) : undefined;
    if (gitConfig !== undefined) readInlineCommand({ ...word, text: gitConfig }, 0, place, analysis, depth);
    if (assigned === "GIT_EXEC_PATH") for (const file of gitExecPrograms(text, place.dirs, root)) add(file);
    const role = {
      program: k === programAt || namedPrograms.has(k),
      input: word.redirect === "in",
      interpreted: loadedFrom !== undefined,
    };
    // Failing closed: a file an argument names whose role codebot does not know may be run.
    const unknownRole =
      argument &&
      !knownProgram &&
      k < dataFrom &&
      interpreter?.code?.at !== k &&
      interpreter?.moduleWords.has(k) !== true;
    const runs =
      role.program ||
      role.interpreted ||
      runInputs.has(k) ||
      SCRIPT_EXTENSION.test(text) ||
      (role.input && interpreter?.run.readsStdin === true) ||
      (feedsShell && (argument || role.input));
    const files = role.interpreted
      ? [
          ...resolvedScript(interpreter?.name ?? "", text, root, place),
          ...(SOURCES.has(interpreter?.name ?? "") ? onPath(text) : []),
        ]
      : projectFiles(text, root, place);
    for (const { file, executable } of files)
      if (runs || executable || unknownRole) add(file, runs || executable);
    // `root=$(git rev-parse --show-toplevel); "$root/fmt"`, `read f; sh "$f"`, `sh ./s*`: a program named as the command runs.
    const runRole =
      role.program ||
      role.interpreted ||
      runInputs.has(k) ||
      (role.input && interpreter?.run.readsStdin === true);
    if (runRole && usesUnknownValue(word, place.variables ?? NO_VARIABLES)) unnamed(analysis, word.raw);
    // `~/bin/copy n /tmp/y; sh /tmp/y`: a file a program codebot cannot read may have written.
    // A bare program name is looked up on PATH, not in the folder the copy may be in.
    const lookedUp = role.program && !text.includes("/");
    // `~/bin/stage n; sh /tmp/staged.sh`: one it may have written under a name of its own (invented-names.ts).
    if (
      runRole &&
      !lookedUp &&
      files.length === 0 &&
      (mayBeWritten(text, place) || mayBeInvented(text, place))
    )
      unnamed(analysis, word.raw);
    // A data reader's argument is not run: a missing one is not an unchecked script.
    if (!(argument && readsData(program)) && unchecked(word, text, files.length, role, root, place))
      note(analysis, word.raw);
  });
  if (
    programAt !== -1 &&
    !argumentsKnown(program) &&
    !SOURCES.has(program) &&
    place.opaqueWords !== undefined
  )
    words.forEach((word, k) => {
      // Not what it runs itself (`sh ~/copy.sh n /tmp/y`: the script's arguments).
      if (
        k > programAt &&
        word.redirect === undefined &&
        interpreter?.runs.has(k) !== true &&
        !namedPrograms.has(k)
      ) {
        place.opaqueWords?.add(word.text);
        // A project file it is given it may write anywhere, under a name of its own.
        if (projectFiles(word.text, root, place).length > 0)
          for (const at of [programAt, ...(interpreter?.runs.keys() ?? [])])
            place.opaqueWords?.add(INVENTED_NAME + (words[at] as ShellWord).text);
      }
    });
  // A command whose operands are data has no program word (`rsync a b`): its first word copies.
  const copier =
    programAt !== -1
      ? programAt
      : words.findIndex((w) => w.redirect === undefined && !ASSIGNMENT.test(w.raw));
  const copy =
    copier === -1
      ? undefined
      : copyOf(path.basename((words[copier] as ShellWord).text), words.slice(copier + 1), flow.upstream);
  if (copy !== undefined) noteCopies(copy, root, place);
}

/**
 * Whether a program codebot cannot read was given `text`, a path, as a word or inside its code
 * (`python3 -c "shutil.copy('n', '/tmp/y')"`): it may have written a copy there (Place.opaqueWords).
 */
function mayBeWritten(text: string, place: Place): boolean {
  if (text === "" || text.includes(UNKNOWN_PART)) return false;
  const name = path.normalize(text);
  // Inside code only a path, not a bare word that any code may hold.
  for (const word of place.opaqueWords ?? [])
    if (word.startsWith(INVENTED_NAME)) continue;
    else if (path.normalize(word) === name || (text.includes("/") && word.includes(text))) return true;
  return false;
}

/** Builtins naming a file they run by an option: `hash -p FILE name` (run for `name` after), `enable -f FILE name` (loaded into bash). */
const PROGRAM_OPTIONS: Readonly<Record<string, string>> = { hash: "-p", enable: "-f" };

/** The indexes of the words `hash -p` or `enable -f` name a program by (PROGRAM_OPTIONS). */
function programOptionValues(program: string, words: readonly ShellWord[], programAt: number): Set<number> {
  const option = PROGRAM_OPTIONS[program];
  const values = new Set<number>();
  if (option === undefined) return values;
  for (let k = programAt + 1; k < words.length - 1; k++)
    if ((words[k] as ShellWord).text === option && (words[k + 1] as ShellWord).redirect === undefined)
      values.add(k + 1);
  return values;
}

/**
 * A here-document or here-string (`sh <<EOF`, `bash <<< ". ./x"`): the script of a shell reading
 * its stdin, read as a command line of its own, and, failing closed, the same for a command piped
 * into a shell (`cat <<EOF | sh`); for another interpreter reading its code there (`python3 <<EOF`),
 * what that code names, as for `-c`. Other commands' input is data.
 */
function readHereInput(
  word: ShellWord,
  reader: { interpreter: ReturnType<typeof interpretation>; xargs: boolean; feedsShell: boolean },
  place: Place,
  analysis: Analysis,
  depth: number,
): void {
  const { interpreter } = reader;
  const add = (name: string) => {
    for (const { file } of projectFiles(name, analysis.root, place)) {
      if (!analysis.found.files.includes(file)) analysis.found.files.push(file);
      analysis.known.add(file);
    }
  };
  const readsScript = interpreter?.run.readsStdin === true;
  // `. /dev/stdin <<EOF`: the current shell runs it.
  if (readsScript && !isShell(interpreter.name) && !SOURCES.has(interpreter.name)) {
    if (word.dynamic) note(analysis, word.raw);
    if (runsComputedCode(interpreter.name, word.text)) unnamed(analysis, word.raw);
    for (const name of codeNames(interpreter.name, word.text)) add(name);
  } else if (readsScript || reader.feedsShell) readInlineCommand(word, 0, place, analysis, depth);
  // `xargs -I{} sh {} <<< x`: its words may name the script xargs runs.
  else if (reader.xargs && interpreter !== undefined) for (const name of word.text.split(/\s+/)) add(name);
}

/**
 * What git runs that its words name (nested-commands.ts): its command lines; the project
 * configuration files it includes, with what their values run (git-config-file.ts); the `hooks/`
 * and `config` of a project template folder (git-template-dir.ts); and, whatever its words, what
 * the repository's own git folder brings: its hook programs and its configuration when that names
 * more than every repository has (git-repository-files.ts), that configuration counting by what
 * of it can run code (content-view.ts).
 */
function readGit(
  words: readonly ShellWord[],
  place: Place,
  analysis: Analysis,
  depth: number,
  add: (file: string, knownRole?: boolean, view?: ContentView) => void,
  environment: { gitDir?: ShellWord; commonDir?: ShellWord },
): void {
  const { root } = analysis;
  const git = gitRuns(words);
  for (const line of git.lines) readInlineCommand(line, 0, place, analysis, depth);
  const inRepository = repositoryPlace(git.directories, place);
  const gitDir = git.gitDir ?? environment.gitDir;
  for (const word of [...git.directories, gitDir, environment.commonDir])
    if (word?.dynamic === true) note(analysis, word.raw);
  const readConfig = (file: string, word: ShellWord, view: ContentView = "bytes") => {
    add(file, true, view);
    const config = gitConfigFileCommand(file);
    if (config !== undefined) readInlineCommand({ ...word, text: config }, 0, place, analysis, depth);
  };
  for (const word of git.configFiles)
    for (const { file } of projectFiles(word.text, root, place)) readConfig(file, word);
  const named: NamedRepository = {
    ...(gitDir === undefined ? {} : { gitDir: gitDir.text }),
    ...(environment.commonDir === undefined ? {} : { commonDir: environment.commonDir.text }),
  };
  const repository = gitRepositoryFiles(inRepository.dirs, root, named);
  for (const file of [...repository.configs, ...repository.hooks])
    if (!analysis.found.gitFolderFiles.includes(file)) analysis.found.gitFolderFiles.push(file);
  for (const file of repository.configs) {
    if (analysis.gitConfigsRead.has(file)) continue;
    analysis.gitConfigsRead.add(file);
    readConfig(file, { text: "", raw: file, dynamic: false }, "git-config-code");
  }
  for (const file of repository.hooks) add(file);
  for (const word of git.templateDirs) {
    if (word.dynamic) note(analysis, word.raw);
    const template = gitTemplateFiles(word.text, place.dirs, root);
    for (const file of template.hooks) add(file);
    for (const file of template.configs) readConfig(file, word);
  }
}

/** Where git works once `-C` moved it: each folder, from each place the command may be. */
function repositoryPlace(directories: readonly ShellWord[], place: Place): Place {
  const moved: Place = { dirs: [...place.dirs], unknown: place.unknown };
  for (const word of directories) changeDirectory([word], moved);
  return moved;
}

/** `GIT_DIR=…`, `GIT_COMMON_DIR=…` set before the `git` program (the last of each counts). */
function namedRepository(before: readonly ShellWord[]): { gitDir?: ShellWord; commonDir?: ShellWord } {
  const value = (name: string) => {
    const word = before.findLast((w) => w.redirect === undefined && w.text.startsWith(`${name}=`));
    return word === undefined ? undefined : { ...word, text: word.text.slice(name.length + 1) };
  };
  const gitDir = value("GIT_DIR");
  const commonDir = value("GIT_COMMON_DIR");
  return { ...(gitDir === undefined ? {} : { gitDir }), ...(commonDir === undefined ? {} : { commonDir }) };
}

/**
 * A relative path to a program (`.githooks/pre-commit`, `scripts/make`) names a project script, not
 * the installed tool of that name — except the wrappers projects ship (`./gradlew`, `./mvnw`).
 */
function projectScript(word: ShellWord | undefined): boolean {
  if (word === undefined || !word.text.includes("/") || word.text.startsWith("/")) return false;
  return !/(?:^|\/)(?:gradlew|mvnw)$/.test(word.text);
}

/** `xargs sh`, as written: an interpreter whose script is a word xargs reads from stdin. */
function scriptFromInput(
  words: readonly ShellWord[],
  start: CommandStart,
  interpreter: ReturnType<typeof interpretation>,
): string | undefined {
  if (start.appendsInput === undefined || interpreter === undefined) return undefined;
  const { run } = interpreter;
  if (run.script !== undefined || run.code !== undefined || run.modules.length > 0) return undefined;
  return words
    .slice(start.appendsInput)
    .map((w) => w.raw)
    .join(" ");
}

/** The files an interpreter's script or loaded word names, as the interpreter resolves it (`./x` → `x.js`). */
function resolvedScript(interpreter: string, text: string, root: string, place: Place) {
  for (const name of scriptNames(interpreter, text)) {
    const files = projectFiles(name, root, place);
    if (files.length > 0) return files;
  }
  return [];
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
