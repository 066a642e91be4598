import type { RunsInside } from "./runs-inside.js";
import { UNSEEN_TEXT, wordExpands } from "./shell-expansion.js";
import { unquote } from "./shell-words.js";

/** make's short options that take a value (`-C dir`, `-f file`, `-E text`…), GNU make's. */
const MAKE_VALUED = "CfIoWE";

/**
 * What make or just runs that the line shows, or undefined for another program. The recipes of a
 * named makefile or justfile are not followed (as a named script file is not), but:
 * - `make --eval TEXT` (`-E`) and `make -f -` (a makefile from standard input or the line does
 *   not show: `-f <(…)`, `-f "$F"`) run recipes no rule can read: anything;
 * - `$(shell …)` in make's arguments (`make 'X:=$(shell rm a)'`) runs at once: anything;
 * - `make SHELL=X` and `just --shell X` run X with each recipe line;
 * - `just --command CMD ARGS` (`-c`) runs CMD, through the shell with `--shell-command`.
 */
export function recipeRunnerCommands(name: string, words: readonly string[]): RunsInside[] | undefined {
  if (name === "make" || name === "gmake") return makeCommands(words.slice(1).map(unquote), words.slice(1));
  if (name === "just") return justCommands(words);
  return undefined;
}

function makeCommands(args: readonly string[], written: readonly string[]): RunsInside[] {
  const runs: RunsInside[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (/\$[({]shell[ \t]/.test(arg)) return ["anything"];
    const shell = /^SHELL:{0,2}=(.*)$/s.exec(arg);
    if (shell !== null) runs.push({ script: `${shell[1]} -c ${UNSEEN_TEXT}` });
    if (/^--ev(?:al?)?(?:=|$)/.test(arg)) return ["anything"];
    const file = /^--(?:file|makefile)(?:=(.*))?$/s.exec(arg);
    if (file !== null) {
      const value = file[1] !== undefined ? arg : written[++i];
      if (readsUnseen(value, file[1])) return ["anything"];
      continue;
    }
    if (!/^-[^-]/.test(arg)) continue;
    for (let k = 1; k < arg.length; k++) {
      const letter = arg[k] as string;
      if (!MAKE_VALUED.includes(letter)) continue;
      if (letter === "E") return ["anything"];
      const attached = k < arg.length - 1 ? arg.slice(k + 1) : undefined;
      const value = attached === undefined ? written[++i] : undefined;
      if (letter === "f" && readsUnseen(value, attached)) return ["anything"];
      break;
    }
  }
  return runs;
}

/** Whether a makefile named by `written` (as written) or `attached` is one the line does not show. */
function readsUnseen(written: string | undefined, attached: string | undefined): boolean {
  const word = attached ?? written;
  if (word === undefined) return false;
  return wordExpands(word) || /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/self\/fd\/\d+)$/.test(unquote(word));
}

function justCommands(words: readonly string[]): RunsInside[] {
  const runs: RunsInside[] = [];
  const throughShell = words.some((w) => unquote(w) === "--shell-command");
  for (let i = 1; i < words.length; i++) {
    const arg = unquote(words[i] as string);
    if (arg === "--") break;
    const shell =
      arg === "--shell" ? unquote(words[++i] ?? "") : arg.startsWith("--shell=") ? arg.slice(8) : undefined;
    if (shell !== undefined && shell !== "") runs.push({ script: `${shell} ${UNSEEN_TEXT}` });
    const command = arg === "-c" || arg === "--command" ? words.slice(i + 1) : undefined;
    const attached = arg.startsWith("--command=") ? [arg.slice(10), ...words.slice(i + 1)] : undefined;
    const rest = command ?? attached;
    if (rest === undefined || rest.length === 0) continue;
    runs.push(throughShell ? { script: rest.map(unquote).join(" ") } : { words: [...rest] });
    break;
  }
  return runs;
}
