/**
 * The command lines a command runs inside its own words (§8, script-references.ts), read as
 * commands of their own: what `find … -exec … ;` runs, `eval 'sh x'`, `trap 'sh x' EXIT`. (A
 * shell's `-c` is an interpreter's code: interpreter-syntax.ts; `flock -c`, `env -S`:
 * command-wrappers.ts.) And what git runs that its words name, with the configuration files and
 * template folders they name.
 */
import { isIncludePath } from "./git-config-file.js";
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

/** `find … -exec CMD … ;`: the words of a command find runs, up to `;` or `+`. */
const FIND_RUNS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/**
 * `eval 'sh x'` (its arguments joined), `trap 'sh x' EXIT` (its first), `alias f='sh x' g=./y`
 * (its values, one a line: `/bin/sh` expands aliases in a hook's command, on the lines after the
 * definition): the command line they run.
 */
export function commandLineArgument(program: string, words: readonly ShellWord[]): ShellWord | undefined {
  const args = words.filter((w) => w.redirect === undefined);
  if (program === "trap") return args.find((w) => !w.text.startsWith("-"));
  if (program === "alias") {
    const defined = args.filter((w) => w.text.includes("="));
    if (defined.length === 0) return undefined;
    return {
      text: defined.map((w) => w.text.slice(w.text.indexOf("=") + 1)).join("\n"),
      raw: defined.map((w) => w.raw).join(" "),
      dynamic: defined.some((w) => w.dynamic),
    };
  }
  if (program !== "eval" || args.length === 0) return undefined;
  return {
    text: args.map((w) => w.text).join(" "),
    raw: args.map((w) => w.raw).join(" "),
    dynamic: args.some((w) => w.dynamic),
  };
}

/** git's global options that take the next word as their value (`git -C dir -c k=v status`). */
const GIT_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"]);
/** The hooks git runs from its hooks directory (githooks(5)). */
const GIT_HOOKS = [
  ...["applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit"],
  ...["prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge"],
  ...["pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update"],
  ...["reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate"],
  ...[
    "fsmonitor-watchman",
    "p4-changelist",
    "p4-prepare-changelist",
    "p4-post-changelist",
    "post-index-change",
  ],
];
/** Subcommand options whose value is a command line git runs: `git rebase -x 'sh x' main`. */
const GIT_COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  rebase: ["-x", "--exec"],
  difftool: ["-x", "--extcmd"],
};
/** Subcommands whose remaining words are a command git runs: `git submodule foreach 'sh x'`, `git bisect run sh x`. */
const GIT_RUNS_REST: Readonly<Record<string, string>> = { submodule: "foreach", bisect: "run" };

/** What git's words say it runs (gitRuns). */
export interface GitRuns {
  /** Command lines, read as commands of their own. */
  lines: ShellWord[];
  /** Configuration files it reads (`-c include.path=x`): what their values name runs too. */
  configFiles: ShellWord[];
  /** Template folders (`-c init.templateDir=x`, `init`/`clone --template=x`): their hooks are copied, then run. */
  templateDirs: ShellWord[];
  /** The folders `-C` moves it to, in order (each relative to the one before). */
  directories: ShellWord[];
  /** The repository's git folder `--git-dir` names (relative to where `-C` moved it). */
  gitDir?: ShellWord;
}

/** Subcommands that copy a template folder into the repository they make. */
const TEMPLATE_SUBCOMMANDS = new Set(["init", "clone"]);

/**
 * What git runs that its words name: as command lines, the values of its `-c` options (`git -c
 * alias.x='!sh hook.sh' x`, `git -c core.fsmonitor=./x.sh status`; many keys name a program git
 * runs, `core.pager`, `core.sshCommand`, `diff.external`…, and codebot does not list them all, so
 * every value is read as one, failing closed; an alias's value runs after `!`), the `git-<name>`
 * program an `--exec-path` directory gives it, the hooks of a `core.hooksPath` directory,
 * `rebase -x`/`--exec` and `difftool -x`, and what `submodule foreach` and `bisect run` run; the
 * configuration files `include.path` (and `includeIf.<cond>.path`) names, and the template folders
 * `init.templateDir` and `init`/`clone --template` name; and where it finds its repository (`-C`,
 * `--git-dir`).
 */
export function gitRuns(words: readonly ShellWord[]): GitRuns {
  const lines: ShellWord[] = [];
  const configFiles: ShellWord[] = [];
  const templateDirs: ShellWord[] = [];
  const directories: ShellWord[] = [];
  let gitDir: ShellWord | undefined;
  let execPath: ShellWord | undefined;
  let k = 0;
  for (; k < words.length; k++) {
    const word = words[k] as ShellWord;
    if (word.redirect !== undefined) continue;
    if (!word.text.startsWith("-")) break;
    if (word.text.startsWith("--exec-path="))
      execPath = { ...word, text: word.text.slice("--exec-path=".length) };
    if (word.text.startsWith("--git-dir=")) gitDir = { ...word, text: word.text.slice("--git-dir=".length) };
    if (!GIT_VALUED.has(word.text)) continue;
    const value = words[++k];
    if (value === undefined) break;
    if (word.text === "--exec-path") execPath = value;
    if (word.text === "-C") directories.push(value);
    if (word.text === "--git-dir") gitDir = value;
    if (word.text !== "-c") continue;
    const equals = value.text.indexOf("=");
    if (equals === -1) continue;
    const from = equals + 1 + (value.text[equals + 1] === "!" ? 1 : 0);
    lines.push({ ...value, text: value.text.slice(from) });
    const key = value.text.slice(0, equals).toLowerCase();
    const setTo = { ...value, text: value.text.slice(equals + 1) };
    // `core.hooksPath=dir`: git runs the hooks in dir (`dir/pre-commit`) as commands.
    if (key === "core.hookspath")
      for (const hook of GIT_HOOKS) lines.push({ ...value, text: `${setTo.text}/${hook}` });
    if (isIncludePath(key)) configFiles.push(setTo);
    if (key === "init.templatedir") templateDirs.push(setTo);
  }
  const subcommand = words[k];
  const repository = { directories, ...(gitDir === undefined ? {} : { gitDir }) };
  if (subcommand === undefined) return { lines, configFiles, templateDirs, ...repository };
  const rest = words.slice(k + 1).filter((w) => w.redirect === undefined);
  if (TEMPLATE_SUBCOMMANDS.has(subcommand.text))
    rest.forEach((w, i) => {
      if (w.text.startsWith("--template="))
        templateDirs.push({ ...w, text: w.text.slice("--template=".length) });
      else if (w.text === "--template" && rest[i + 1] !== undefined)
        templateDirs.push(rest[i + 1] as ShellWord);
    });
  if (execPath !== undefined)
    lines.push({
      ...execPath,
      text: `${execPath.text}/git-${subcommand.text}`,
      raw: `${execPath.raw}/git-${subcommand.raw}`,
    });
  const options = GIT_COMMAND_OPTIONS[subcommand.text] ?? [];
  rest.forEach((w, i) => {
    const attached = options.find((o) => o.startsWith("--") && w.text.startsWith(`${o}=`));
    if (attached !== undefined) lines.push({ ...w, text: w.text.slice(attached.length + 1) });
    else if (options.includes(w.text) && rest[i + 1] !== undefined) lines.push(rest[i + 1] as ShellWord);
  });
  if (GIT_RUNS_REST[subcommand.text] !== undefined && rest[0]?.text === GIT_RUNS_REST[subcommand.text]) {
    const run = rest.slice(1).filter((w) => !w.text.startsWith("-"));
    if (run.length > 0)
      lines.push({
        text: run.map((w) => w.text).join(" "),
        raw: run.map((w) => w.raw).join(" "),
        dynamic: run.some((w) => w.dynamic),
      });
  }
  return { lines, configFiles, templateDirs, ...repository };
}

/** `find . -exec sh {} \;`: each command find runs, with `{}` (a file found) a word codebot cannot know. */
export function findRuns(words: readonly ShellWord[]): ShellWord[][] {
  const runs: ShellWord[][] = [];
  for (let k = 0; k < words.length; k++) {
    if (!FIND_RUNS.has((words[k] as ShellWord).text)) continue;
    const end = words.findIndex((w, j) => j > k && (w.text === ";" || w.text === "+"));
    const run = words.slice(k + 1, end === -1 ? words.length : end);
    runs.push(run.map((w) => (w.text.includes("{}") ? { ...w, text: UNKNOWN_PART, dynamic: true } : w)));
    if (end === -1) break;
    k = end;
  }
  return runs;
}
