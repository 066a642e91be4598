import type { RunsInside } from "./runs-inside.js";
import { unquote } from "./shell-words.js";

/**
 * tmux commands that run no shell command and send no keys (the ones for looking at or ending
 * sessions). Any other may (`new-session 'cmd'`, `run-shell`, `send-keys`, `if-shell`,
 * `display -p '#(cmd)'`, `source-file`, a `pipe-pane`…).
 */
const TMUX_RUNS_NOTHING = new Set(
  [
    "ls list-sessions lsw list-windows lsp list-panes lsc list-clients lsb list-buffers",
    "lsk list-keys lscm list-commands has has-session kill-session kill-server killw",
    "kill-window killp kill-pane capturep capture-pane show show-options showw",
    "show-window-options showb show-buffer showenv show-environment info server-info",
    "start start-server detach detach-client selectw select-window selectp select-pane",
    "rename rename-session renamew rename-window",
  ]
    .join(" ")
    .split(" "),
);
/** tmux's own options that take a value: `-c` is a shell command, `-f` a file of tmux commands. */
const TMUX_VALUED = "cfLST";

/**
 * What tmux, expect, at or batch runs besides itself, or undefined for another program. tmux and
 * expect have a command language of their own that runs shell commands in ways no rule reads
 * (tmux's commands, chained with `\;`, and its formats; expect's Tcl `spawn`/`exec`), and at
 * reads its commands from its input, so they count as running anything — except tmux with only
 * commands that run nothing (`tmux ls`), `tmux -c CMD`, which is CMD, and `at -l`.
 */
export function scriptedProgramCommands(name: string, words: readonly string[]): RunsInside[] | undefined {
  if (name === "expect") return ["anything"];
  // at and batch read the commands they queue from their input (or `-f FILE`); their listing options run none.
  if (name === "at" || name === "batch") return /^-[lrdcV]/.test(unquote(words[1] ?? "")) ? [] : ["anything"];
  if (name === "tmux") return tmuxCommands(words.slice(1).map(unquote));
  return undefined;
}

function tmuxCommands(args: readonly string[]): RunsInside[] {
  const runs: RunsInside[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      i++;
      break;
    }
    if (!arg.startsWith("-") || arg === "-") break;
    for (let k = 1; k < arg.length; k++) {
      const letter = arg[k] as string;
      if (!TMUX_VALUED.includes(letter)) continue;
      const value = k < arg.length - 1 ? arg.slice(k + 1) : (args[++i] ?? "");
      if (letter === "c") runs.push({ script: value });
      if (letter === "f") return ["anything"];
      break;
    }
  }
  // With `-c` and no command, tmux runs that command and exits.
  if (i >= args.length) return runs.length > 0 ? runs : ["anything"];
  // Commands are separated by a `;` word (`\;` on the shell's line) or a word ending in one.
  let first = true;
  for (const arg of args.slice(i)) {
    if (first && !TMUX_RUNS_NOTHING.has(arg.replace(/;$/, ""))) return ["anything"];
    first = arg === ";" || arg.endsWith(";");
  }
  return runs;
}
