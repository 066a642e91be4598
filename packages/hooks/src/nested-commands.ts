/**
 * The command lines a command runs inside its own words (§8, script-references.ts), read as
 * commands of their own: what `find … -exec … ;` runs, `eval 'sh x'`, `trap 'sh x' EXIT`. (A
 * shell's `-c` is an interpreter's code: interpreter-syntax.ts; `flock -c`, `env -S`:
 * command-wrappers.ts.)
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
