import type { RunsInside } from "./runs-inside.js";
import { UNSEEN_TEXT } from "./shell-expansion.js";
import { unquote } from "./shell-words.js";

/**
 * What rg or fd runs besides itself, or undefined for another program: rg's `--pre CMD` runs CMD
 * on each file it searches (`rg --pre rm x` is `rm FILE`), fd's `-x`/`--exec` and
 * `-X`/`--exec-batch` the command after them, up to a `;` word, with a file name for `{}`.
 */
export function searchToolCommands(name: string, words: readonly string[]): RunsInside[] | undefined {
  if (name === "rg") return rgPreprocessors(words.slice(1).map(unquote));
  if (name === "fd" || name === "fdfind") return fdCommands(words);
  return undefined;
}

function rgPreprocessors(args: readonly string[]): RunsInside[] {
  const runs: RunsInside[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") break;
    const command = arg === "--pre" ? args[++i] : arg.startsWith("--pre=") ? arg.slice(6) : undefined;
    if (command !== undefined && command !== "") runs.push({ words: [command, UNSEEN_TEXT] });
  }
  return runs;
}

const FD_EXEC = new Set(["-x", "--exec", "-X", "--exec-batch"]);

function fdCommands(words: readonly string[]): RunsInside[] {
  const runs: RunsInside[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!FD_EXEC.has(unquote(words[i] as string))) continue;
    let end = i + 1;
    while (end < words.length && unquote(words[end] as string) !== ";") end++;
    // fd puts a path in place of `{}`, `{/}`, `{//}`, `{.}`, `{/.}`: text the line does not show.
    const unseen = (w: string) => w.replace(/\{(?:\/\/?|\.|\/\.)?\}/g, UNSEEN_TEXT);
    runs.push({ words: words.slice(i + 1, end).map(unseen) });
    i = end;
  }
  return runs;
}
