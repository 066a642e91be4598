/**
 * Where an interpreter's command line names the script it runs (§8): `bash -o pipefail x`,
 * `python3 -W ignore x.py`, `node -r ./setup.js x.js`, `deno run -A x.ts`; and when it runs no
 * script file (`bash -c '…'`, `python3 -m pkg`, `node -e …`) or reads its script from stdin
 * (`sh`, `bash -s`, `python3 -`).
 */

interface Syntax {
  /** Options whose value is the next word (unless given as `--opt=value` or glued to a letter). */
  valued: readonly string[];
  /** Options after which the code to run is given inline or a module is named: no script file. */
  code: readonly string[];
  /** Options whose value is a file the interpreter loads and runs too (`node -r ./setup.js`). */
  loads?: readonly string[];
  /** Options after which the script is read from stdin (`bash -s a b`). */
  stdin?: readonly string[];
  /** Single-letter options may be grouped (`-eo pipefail`, `-uc '…'`) and `+o` is an option. */
  grouped?: boolean;
  /** Words before the script that name what to do (`deno run`, `bun run`). */
  subcommands?: readonly string[];
}

const SHELL: Syntax = {
  valued: ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"],
  code: ["-c", "--command"],
  stdin: ["-s"],
  grouped: true,
};
const NODE: Syntax = {
  valued: [
    "-r",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "-C",
    "--conditions",
    "--input-type",
    "--env-file",
    "--title",
  ],
  code: ["-e", "--eval", "-p", "--print"],
  loads: ["-r", "--require", "--import", "--loader", "--experimental-loader"],
};
const PYTHON: Syntax = { valued: ["-W", "-X", "-Q"], code: ["-c", "-m"], grouped: true };

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
  ruby: { valued: ["-I", "-r", "-C", "-E", "-F"], code: ["-e"], grouped: true },
  perl: { valued: ["-I", "-M", "-m"], code: ["-e", "-E"], grouped: true },
  php: { valued: ["-c", "-d", "-z"], code: ["-r"] },
  lua: { valued: ["-l"], code: ["-e"] },
  pwsh: { valued: ["-ExecutionPolicy", "-WorkingDirectory"], code: ["-Command", "-c", "-EncodedCommand"] },
};

/** Commands whose arguments are a script or code they run. */
export function isInterpreter(program: string): boolean {
  return Object.hasOwn(SYNTAX, program);
}

/** What an interpreter's arguments say it runs, as indexes into the arguments. */
export interface InterpreterRun {
  /** The argument naming the script it runs, if any. */
  script?: number;
  /** Option values naming files it loads and runs too (`node -r ./setup.js`). */
  loaded: number[];
  /** It reads its script from stdin: no script argument and no inline code. */
  readsStdin: boolean;
}

/** Reads `args` (the words after `program`, as the shell passes them) as `program` would. */
export function interpreterRun(program: string, args: readonly string[]): InterpreterRun {
  const syntax = SYNTAX[program] ?? { valued: [], code: [] };
  const run: InterpreterRun = { loaded: [], readsStdin: true };
  let stdin = false;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg === "--") {
      if (k + 1 < args.length && !stdin) {
        run.script = k + 1;
        run.readsStdin = false;
      }
      break;
    }
    if (syntax.subcommands?.includes(arg) && run.script === undefined) continue;
    if (syntax.code.includes(arg)) return noScript(run);
    const option = arg.startsWith("-") || (syntax.grouped === true && arg.startsWith("+"));
    if (!option || arg === "-") {
      if (!stdin && arg !== "-") {
        run.script = k;
        run.readsStdin = false;
      }
      break;
    }
    const name = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
    if (syntax.code.includes(name)) return noScript(run);
    if (syntax.stdin?.includes(arg)) stdin = true;
    if (syntax.valued.includes(arg)) {
      if (syntax.loads?.includes(arg) && k + 1 < args.length) run.loaded.push(k + 1);
      k++;
      continue;
    }
    if (syntax.grouped === true && /^[-+][A-Za-z]{2,}/.test(arg)) {
      const grouped = groupedOption(arg, syntax);
      if (grouped === "code") return noScript(run);
      if (grouped === "stdin") stdin = true;
      if (grouped === "valued") k++;
    }
  }
  return run;
}

function noScript(run: InterpreterRun): InterpreterRun {
  return { loaded: run.loaded, readsStdin: false };
}

/** `-eo`, `-uc`, `-Wignore`: what the letters say, read one by one up to one that takes a value. */
function groupedOption(arg: string, syntax: Syntax): "code" | "stdin" | "valued" | "glued" | "flags" {
  const sign = arg[0] as string;
  let stdin = false;
  for (let j = 1; j < arg.length; j++) {
    const letter = `${sign}${arg[j]}`;
    if (syntax.code.includes(letter)) return "code";
    if (syntax.stdin?.includes(letter)) stdin = true;
    // A letter taking a value takes the rest of the word, or the next word.
    if (syntax.valued.includes(letter)) return j === arg.length - 1 ? "valued" : "glued";
  }
  return stdin ? "stdin" : "flags";
}
