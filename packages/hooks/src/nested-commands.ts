/**
 * The command lines a command runs inside its own words (§8, script-references.ts), read as
 * commands of their own: what `find … -exec … ;` runs, `eval 'sh x'`, `trap 'sh x' EXIT`. (A
 * shell's `-c` is an interpreter's code: interpreter-syntax.ts; `flock -c`, `env -S`:
 * command-wrappers.ts.) And what git's `-c` options make it run.
 */
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

/** `find … -exec CMD … ;`: the words of a command find runs, up to `;` or `+`. */
const FIND_RUNS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** `eval 'sh x'` (its arguments joined), `trap 'sh x' EXIT` (its first): the command line they run. */
export function commandLineArgument(program: string, words: readonly ShellWord[]): ShellWord | undefined {
  const args = words.filter((w) => w.redirect === undefined);
  if (program === "trap") return args.find((w) => !w.text.startsWith("-"));
  if (program !== "eval" || args.length === 0) return undefined;
  return {
    text: args.map((w) => w.text).join(" "),
    raw: args.map((w) => w.raw).join(" "),
    dynamic: args.some((w) => w.dynamic),
  };
}

/** git's global options that take the next word as their value (`git -C dir -c k=v status`). */
const GIT_VALUED = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
]);

/**
 * `git -c alias.x='!sh hook.sh' x`, `git -c core.fsmonitor=./x.sh status`: the values of git's
 * `-c` options, read as command lines. Many keys name a program git runs (`core.pager`,
 * `core.sshCommand`, `diff.external`, a filter's `clean`…) and codebot does not list them all, so
 * every value is read as one (failing closed); an alias's value runs as a command line after `!`.
 */
export function gitConfigCommands(words: readonly ShellWord[]): ShellWord[] {
  const lines: ShellWord[] = [];
  for (let k = 0; k < words.length; k++) {
    const word = words[k] as ShellWord;
    if (word.redirect !== undefined) continue;
    if (!word.text.startsWith("-")) break;
    if (!GIT_VALUED.has(word.text)) continue;
    const value = words[k + 1];
    k++;
    if (word.text !== "-c" || value === undefined) continue;
    const equals = value.text.indexOf("=");
    if (equals === -1) continue;
    const from = equals + 1 + (value.text[equals + 1] === "!" ? 1 : 0);
    lines.push({ ...value, text: value.text.slice(from) });
  }
  return lines;
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
