import type { RunsInside } from "./runs-inside.js";
import { unquote } from "./shell-words.js";

/** vim's family: an ex command `!cmd` (`:r !cmd`, `:w !cmd`, `:%!cmd`) runs cmd through a shell. */
const VIMS = new Set(["vi", "vim", "nvim", "view", "vimdiff", "gvim", "rvim", "ex"]);
/** Ex or gdb commands that run code no rule can read (`:call system(…)`, `:py`, gdb's `python`). */
const OPAQUE =
  /\b(?:system|systemlist|job_start|jobstart|terminal|termopen|sh|shell|py\w*|lua\w*|perl\w*|ruby\w*|pipe)\b|\|/;

/**
 * What vim or gdb runs besides itself from its command line, or undefined for another program:
 * the shell command of an ex command given by `-c`, `+cmd` or `--cmd` (after its `!`), of a
 * gdb `-ex`/`-iex`/`--eval-command` `shell cmd` or `!cmd`; an ex command that runs code another
 * way is `anything`, and so is an editor or debugger that reads its commands from its input (`ex`,
 * `vim -e`/`-es`, gdb without `-batch`): what it will be told to run is not on the line.
 */
export function editorDebuggerCommands(name: string, words: readonly string[]): RunsInside[] | undefined {
  if (VIMS.has(name)) return vimCommands(name, words);
  if (name === "gdb") return gdbCommands(words);
  return undefined;
}

function vimCommands(name: string, words: readonly string[]): RunsInside[] {
  const args = words.slice(1).map(unquote);
  if (name === "ex" || args.some((a) => /^-[a-zA-Z]*[eEs]/.test(a) && !a.startsWith("--")))
    return ["anything"];
  const commands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") break;
    if (arg === "-c" || arg === "--cmd") commands.push(args[++i] ?? "");
    else if (arg.startsWith("+") && arg.length > 1) commands.push(arg.slice(1));
  }
  return commands.flatMap(exCommand);
}

function gdbCommands(words: readonly string[]): RunsInside[] {
  const args = words.slice(1).map(unquote);
  if (!args.some((a) => /^--?batch$/.test(a))) return ["anything"];
  const runs: RunsInside[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const attached = /^--?(?:ex|iex|eval-command|init-eval-command)=(.*)$/s.exec(arg);
    const given = attached
      ? attached[1]
      : /^--?(?:ex|iex|eval-command|init-eval-command)$/.test(arg)
        ? args[++i]
        : undefined;
    if (given === undefined) continue;
    const command = given.trim();
    const shell = /^(?:shell\s+|!)([\s\S]*)$/.exec(command);
    if (shell) runs.push({ script: shell[1] as string });
    else if (OPAQUE.test(command)) runs.push("anything");
  }
  return runs;
}

/** The shell command of one ex command line (`|` separates several), or `anything`. */
function exCommand(line: string): RunsInside[] {
  // `silent!` and `w!` force a command: a `!` right after a letter is that, not a shell command.
  const shell = /(?:^|[\s:.%,$\d'<>|])!/.exec(line);
  if (shell !== null) return [{ script: line.slice(shell.index + shell[0].length) }];
  return OPAQUE.test(line) ? ["anything"] : [];
}
