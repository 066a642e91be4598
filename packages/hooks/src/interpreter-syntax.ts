/**
 * Where an interpreter's command line names what it runs (§8): the script (`bash -o pipefail x`,
 * `python3 -W ignore x.py`, `deno run -A x.ts`), the files options load (`node -r ./setup.js`,
 * `bash --rcfile x`, `awk -f x.awk`), inline code (`bash -c '…'`, `node -e …`), modules
 * (`python3 -m pkg`, `perl -Mlib`) and the directories searched for them (`perl -I lib`); when it
 * reads its script from stdin (`sh`, `bash -s`, `python3 -`); and where the arguments of what it
 * runs begin — data for that script, not files the interpreter runs.
 */

interface Syntax {
  /** Options whose value is the next word (unless given as `--opt=value` or glued to a letter). */
  valued: readonly string[];
  /** Options (or words) whose value runs instead of a script: inline code or a module. */
  code: readonly string[];
  /** Of `valued` and `code`: options whose value names a module it runs or loads (`-m`, `-M`). */
  modules?: readonly string[];
  /** Of `valued`: options whose value is a directory searched for modules (`perl -I lib`). */
  searchPath?: readonly string[];
  /** Of `valued`: options whose value is a file the interpreter loads and runs too. */
  loads?: readonly string[];
  /** Options after which the script is read from stdin (`bash -s a b`). */
  stdin?: readonly string[];
  /** Single-letter options may be grouped (`-eo pipefail`, `-uc '…'`) and `+o` is an option. */
  grouped?: boolean;
  /** Words before the script that name what to do (`deno run`, `bun run`). */
  subcommands?: readonly string[];
  /** The first argument is the program's text, not a file, and stdin is data (`awk '{…}' f`, `sed`). */
  programText?: boolean;
}

const SHELL: Syntax = {
  valued: ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"],
  code: ["-c", "--command"],
  loads: ["--rcfile", "--init-file"],
  stdin: ["-s"],
  grouped: true,
};
const NODE_LOADS = ["-r", "--require", "--import", "--loader", "--experimental-loader"];
const NODE: Syntax = {
  valued: [...NODE_LOADS, "-C", "--conditions", "--input-type", "--env-file", "--title"],
  // `-pe` is node's own spelling of `--print --eval` (node does not group other letters).
  code: ["-e", "--eval", "-p", "--print", "-pe"],
  loads: NODE_LOADS,
};
const PYTHON: Syntax = { valued: ["-W", "-X", "-Q"], code: ["-c", "-m"], modules: ["-m"], grouped: true };
const AWK: Syntax = {
  valued: ["-F", "-v", "-f", "--file", "-i", "--include", "-E", "--exec"],
  code: [],
  loads: ["-f", "--file", "-i", "--include", "-E", "--exec"],
  programText: true,
};

const SYNTAX: Readonly<Record<string, Syntax>> = {
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  fish: SHELL,
  source: { valued: [], code: [] },
  ".": { valued: [], code: [] },
  node: NODE,
  tsx: NODE,
  "ts-node": NODE,
  bun: { ...NODE, valued: [...NODE.valued, "--preload", "--cwd"], subcommands: ["run"] },
  deno: {
    valued: ["-c", "--config", "--import-map", "--lock", "-L", "--log-level", "--env-file"],
    code: ["eval", "repl"],
    subcommands: ["run"],
  },
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  ruby: { valued: ["-I", "-r", "-C", "-E", "-F"], code: ["-e"], loads: ["-r"], grouped: true },
  perl: {
    valued: ["-I", "-M", "-m"],
    code: ["-e", "-E"],
    modules: ["-M", "-m"],
    searchPath: ["-I"],
    grouped: true,
  },
  php: { valued: ["-c", "-d", "-z"], code: ["-r"] },
  lua: { valued: ["-l"], code: ["-e"] },
  pwsh: { valued: ["-ExecutionPolicy", "-WorkingDirectory"], code: ["-Command", "-c", "-EncodedCommand"] },
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  sed: {
    valued: ["-e", "--expression", "-f", "--file", "-l", "--line-length"],
    code: [],
    loads: ["-f", "--file"],
    grouped: true,
    programText: true,
  },
};

/** Shells: their inline code (`-c '…'`) is a command line, read as a hook command is. */
export function isShell(interpreter: string): boolean {
  return SYNTAX[interpreter] === SHELL;
}

/** `python3.12`, `/usr/bin/python3`: the interpreter a command's program is, by its name. */
export function interpreterName(program: string): string | undefined {
  const name = program.slice(program.lastIndexOf("/") + 1);
  if (Object.hasOwn(SYNTAX, name)) return name;
  // Versioned names run the same interpreter: `python3.12`, `perl5.36`, `ruby3.3`.
  const unversioned = /^(python[23]?|perl|ruby|php|lua)[0-9.]+$/.exec(name)?.[1];
  return unversioned !== undefined && Object.hasOwn(SYNTAX, unversioned) ? unversioned : undefined;
}

/** An option's value: the argument holding it, and where in it the value starts (`-Ilib`: 2). */
export interface OptionValue {
  at: number;
  from: number;
}

/** What an interpreter's arguments say it runs, as indexes into the arguments. */
export interface InterpreterRun {
  /** The argument naming the script it runs, if any. */
  script?: number;
  /** Option values naming files it loads and runs too (`node -r ./setup.js`, `awk -f x.awk`). */
  loaded: OptionValue[];
  /** Inline code it runs (`bash -c '…'`, `node -e '…'`). */
  code?: OptionValue;
  /** Modules it runs or loads (`python3 -m pkg`, `perl -MFoo`). */
  modules: OptionValue[];
  /** Directories searched for those modules (`perl -I lib`). */
  searchPath: OptionValue[];
  /** It reads its script from stdin: no script argument and no inline code. */
  readsStdin: boolean;
  /** The first argument passed to what it runs (`$0` of `bash -c`, `sys.argv[1]`): data, not run. */
  argumentsFrom: number;
}

/** Reads `args` (the words after the interpreter `name`, as the shell passes them) as it would. */
export function interpreterRun(name: string, args: readonly string[]): InterpreterRun {
  const syntax = SYNTAX[name] ?? { valued: [], code: [] };
  const run: InterpreterRun = {
    loaded: [],
    modules: [],
    searchPath: [],
    readsStdin: syntax.programText !== true,
    argumentsFrom: args.length,
  };
  let stdin = false;
  /** Records the value of `option` found at `value`; true when what runs is now known (code, a module). */
  const recordValue = (option: string, value: OptionValue): boolean => {
    if (value.at >= args.length) return false;
    if (syntax.loads?.includes(option)) run.loaded.push(value);
    if (syntax.searchPath?.includes(option)) run.searchPath.push(value);
    if (syntax.modules?.includes(option)) run.modules.push(value);
    if (!syntax.code.includes(option)) return false;
    if (!syntax.modules?.includes(option)) run.code = value;
    run.readsStdin = false;
    run.argumentsFrom = value.at + 1;
    return true;
  };
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg === "--") {
      if (k + 1 < args.length && !stdin && syntax.programText !== true) {
        run.script = k + 1;
        run.readsStdin = false;
      }
      run.argumentsFrom = Math.min(run.argumentsFrom, k + (run.script === undefined ? 1 : 2));
      break;
    }
    if (syntax.subcommands?.includes(arg) && run.script === undefined) continue;
    if (syntax.code.includes(arg)) {
      if (recordValue(arg, { at: k + 1, from: 0 })) return run;
      return { ...run, readsStdin: false, argumentsFrom: k + 1 };
    }
    const option = arg.startsWith("-") || (syntax.grouped === true && arg.startsWith("+"));
    if (!option || arg === "-") {
      // `awk 'BEGIN { system("./x.sh") }'`: the program text is code, its quoted paths read as such.
      if (syntax.programText === true) {
        run.argumentsFrom = k;
        run.code = { at: k, from: 0 };
      } else if (!stdin && arg !== "-") {
        run.script = k;
        run.readsStdin = false;
        run.argumentsFrom = k + 1;
      } else run.argumentsFrom = k + (arg === "-" ? 1 : 0);
      break;
    }
    const name = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
    if (name !== arg && [...syntax.valued, ...syntax.code].includes(name)) {
      if (recordValue(name, { at: k, from: name.length + 1 })) return run;
      continue;
    }
    if (syntax.stdin?.includes(arg)) stdin = true;
    if (syntax.valued.includes(arg)) {
      recordValue(arg, { at: k + 1, from: 0 });
      k++;
      continue;
    }
    if (syntax.grouped === true && /^[-+][A-Za-z]./.test(arg)) {
      const grouped = groupedOption(arg, syntax);
      if (grouped.stdin) stdin = true;
      if (grouped.option !== undefined) {
        const value = grouped.glued ? { at: k, from: grouped.from } : { at: k + 1, from: 0 };
        if (recordValue(grouped.option, value)) return run;
        if (!grouped.glued) k++;
      }
    }
  }
  return run;
}

/** `-eo`, `-uc`, `-Ilib`, `-MFoo`: the letters read one by one up to one that takes a value. */
function groupedOption(
  arg: string,
  syntax: Syntax,
): { stdin: boolean; option?: string; glued?: boolean; from: number } {
  const sign = arg[0] as string;
  let stdin = false;
  for (let j = 1; j < arg.length; j++) {
    const letter = `${sign}${arg[j]}`;
    if (syntax.stdin?.includes(letter)) stdin = true;
    // A letter taking a value (or code) takes the rest of the word, or the next word.
    if (syntax.valued.includes(letter) || syntax.code.includes(letter))
      return { stdin, option: letter, glued: j < arg.length - 1, from: j + 1 };
  }
  return { stdin, from: arg.length };
}
