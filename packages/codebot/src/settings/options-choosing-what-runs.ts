/**
 * Options that change which files a build tool or test runner runs (§8), for a project's allow
 * rule approved with the files its command runs from the project (allow-grant.ts): a call it
 * allows may add them after the rule's words, as Claude Code's prefix match lets it
 * (`Bash(npm test:*)` allows `npm test --prefix sub`, which runs `sub/package.json`'s script;
 * checked with claude 2.1.328). `folder`: it runs from that folder, as after a `cd` (`make -C sub`,
 * `npm --prefix sub`, `yarn --cwd sub`); `runs`: it names a file, program or configuration
 * that runs code (`make -f`, `pytest -p`, `go test -exec`, `node --require`, `npm
 * --script-shell`) or takes other packages' scripts (`npm -w`); `writes`: it names what it writes
 * (`go test -o`, `pytest --basetemp`): no approval covers that.
 */
import path from "node:path";

interface RunChoosing {
  folder?: readonly string[];
  runs?: readonly string[];
  /**
   * Options naming a file or folder it writes (`go test -o`, `pytest --junitxml`, `--basetemp`,
   * a folder pytest empties first): it may be outside the project, or a file that runs
   * (`.git/hooks/pre-commit`), so no approval covers it.
   */
  writes?: readonly string[];
  /** `make test CC=./x`: a `NAME=value` word overrides a variable a recipe may run. */
  assignmentsRun?: boolean;
  /** Its single-dash options are words of their own (`go test -exec`), never bundled (`make -sC sub`). */
  unbundled?: boolean;
  /** It takes any unambiguous start of a long option for it: make (getopt_long), npm and pnpm (nopt). */
  abbreviates?: boolean;
}

const NPM: RunChoosing = {
  abbreviates: true,
  folder: ["-C", "--prefix"],
  runs: [
    "-w",
    "--workspace",
    "--workspaces",
    "-ws",
    "--include-workspace-root",
    "-g",
    "--global",
    "--location",
    "--script-shell",
    "--node-options",
    "--userconfig",
    "--globalconfig",
    "-c",
    "--call",
  ],
};

const MAKE: RunChoosing = {
  abbreviates: true,
  folder: ["-C", "--directory"],
  runs: ["-f", "--file", "--makefile", "-I", "--include-dir", "-E", "--eval"],
  assignmentsRun: true,
};

const PYTEST: RunChoosing = {
  folder: ["--rootdir"],
  runs: ["-p", "-c", "--config-file", "-o", "--override-ini", "--confcutdir", "--pyargs"],
  writes: ["--basetemp", "--junitxml", "--junit-xml", "--debug", "--log-file", "--report-log", "--resultlog"],
};

const TABLE: Readonly<Record<string, RunChoosing>> = {
  npm: { ...NPM, writes: ["--logs-dir", "--cache"] },
  npx: {
    abbreviates: true,
    runs: ["-c", "--call", "-p", "--package", "-w", "--workspace", "--userconfig", "--node-options"],
  },
  pnpm: {
    abbreviates: true,
    folder: ["-C", "--dir"],
    runs: [
      "-w",
      "--workspace-root",
      "-F",
      "--filter",
      "-r",
      "--recursive",
      "--script-shell",
      "--node-options",
    ],
  },
  yarn: { folder: ["--cwd"], runs: ["--use-yarnrc", "--script-shell"] },
  bun: {
    folder: ["--cwd"],
    runs: ["-r", "--preload", "-c", "--config", "--filter", "-F"],
    writes: ["--coverage-dir", "--reporter-outfile"],
  },
  make: MAKE,
  gmake: MAKE,
  just: { folder: ["-d", "--working-directory"], runs: ["-f", "--justfile", "--shell", "--set"] },
  pytest: PYTEST,
  "py.test": PYTEST,
  cargo: {
    folder: ["-C"],
    runs: ["--manifest-path", "--config", "-Z"],
    writes: ["--target-dir", "--artifact-dir", "--out-dir"],
  },
  go: {
    folder: ["-C"],
    runs: ["-exec", "-toolexec", "-modfile", "-overlay", "--exec", "--toolexec"],
    // go's flags take one dash or two (`-o`, `--coverprofile`).
    writes: [
      "-o",
      "-outputdir",
      "-coverprofile",
      "-cpuprofile",
      "-memprofile",
      "-blockprofile",
      "-mutexprofile",
      "-trace",
    ].flatMap((flag) => [flag, `-${flag}`]),
    unbundled: true,
  },
  node: {
    runs: ["-r", "--require", "--import", "--loader", "--experimental-loader", "-e", "--eval", "-p"].concat([
      "--print",
      "--env-file",
      "--env-file-if-exists",
    ]),
    writes: ["--test-reporter-destination", "--cpu-prof-dir", "--heap-prof-dir", "--diagnostic-dir"].concat([
      "--report-dir",
      "--redirect-warnings",
    ]),
  },
};

/** What the words a call adds after a rule's command change about what runs. */
export interface ChosenRuns {
  /** Folders it runs from, as written (relative to where it runs). */
  folders: string[];
  /** It names something else to run, or a folder that may be outside the project. */
  other: boolean;
}

/**
 * For a call's command `words` (unquoted) that start with the rule's `ruleWords`: what its further
 * words choose (options up to `--`, which ends them and hands the rest to the script or tests).
 * Undefined for a command that is not the rule's, or a tool the table does not list.
 */
export function optionsChoosingWhatRuns(
  ruleWords: readonly string[],
  words: readonly string[],
): ChosenRuns | undefined {
  if (ruleWords.length === 0 || ruleWords.some((w, k) => words[k] !== w)) return undefined;
  const tool = ruleWords.map((w) => path.posix.basename(w)).find((w) => Object.hasOwn(TABLE, w));
  const table = tool === undefined ? undefined : TABLE[tool];
  if (table === undefined) return undefined;
  const chosen: ChosenRuns = { folders: [], other: false };
  for (let k = ruleWords.length; k < words.length; k++) {
    const word = words[k] as string;
    if (word === "--") break;
    if (table.assignmentsRun === true && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) chosen.other = true;
    if (
      named(word, table.runs, table.abbreviates) !== undefined ||
      named(word, table.writes, table.abbreviates) !== undefined ||
      bundles(word, table)
    )
      chosen.other = true;
    const folder = named(word, table.folder, table.abbreviates);
    if (folder === undefined) continue;
    const value = folder === "" ? words[++k] : folder;
    // A folder outside the project, or one the text does not tell, is not the approved one.
    if (value === undefined || path.isAbsolute(value) || /^~|\$|(?:^|\/)\.\.(?:\/|$)/.test(value))
      chosen.other = true;
    else chosen.folders.push(value);
  }
  return chosen;
}

/**
 * A bundle of single-letter options holding one of the table's past its first letter (`make -sC
 * sub`, `pytest -vp x`): where its value starts is not told here, so it counts as naming another.
 */
function bundles(word: string, table: RunChoosing): boolean {
  if (table.unbundled === true || !/^-[^-]./.test(word)) return false;
  const letters = [...(table.runs ?? []), ...(table.writes ?? []), ...(table.folder ?? [])].filter((o) =>
    /^-[^-]$/.test(o),
  );
  return letters.some((option) => word.slice(2).includes(option.slice(1)));
}

/**
 * Whether `word` is one of `options`: its value when attached (`--prefix=sub`, `-Csub`), "" when
 * the value is the next word (`--prefix sub`), undefined when it is none of them. For a tool that
 * `abbreviates`, a start of a long option counts as it (`make --ev=…`, `npm --prefi=sub`).
 */
function named(
  word: string,
  options: readonly string[] | undefined,
  abbreviates = false,
): string | undefined {
  const equals = word.indexOf("=");
  const name = equals === -1 ? word : word.slice(0, equals);
  const value = equals === -1 ? "" : word.slice(equals + 1);
  for (const option of options ?? []) {
    if (word === option) return "";
    if (option.length > 2 && word.startsWith(`${option}=`)) return word.slice(option.length + 1);
    if (
      abbreviates &&
      option.startsWith("--") &&
      name.length > 2 &&
      name.startsWith("--") &&
      option.startsWith(name)
    )
      return value;
    if (option.length === 2 && !word.startsWith("--") && word.startsWith(option)) return word.slice(2);
  }
  return undefined;
}
