import { gitRuns } from "@codebot/hooks";
import type { RunsInside } from "./runs-inside.js";
import { wordExpands } from "./shell-expansion.js";
import { unquote } from "./shell-words.js";

/**
 * What a `git` command (`words` as written, `git` first) runs that its words name, for deny and
 * ask rules: the command lines hook consent reads there too (nested-commands.ts in @codebot/hooks)
 * — every `-c` value, failing closed (`-c alias.x='!rm a'`, `-c core.pager='rm a'`), `rebase
 * --exec`, `difftool -x`, `submodule foreach`, `bisect run`. A `--config-env` value comes from a
 * variable the line does not show: anything. Allow rules do not need a rule of their own for
 * them: `Bash(git:*)` allows `git -c core.editor=vim commit`, as in Claude Code.
 */
export function gitCommands(words: readonly string[]): RunsInside[] {
  const args = words.slice(1);
  if (args.some((w) => /^--config-env(?:=|$)/.test(unquote(w)))) return ["anything"];
  const shellWords = args.map((raw) => ({ raw, text: unquote(raw), dynamic: wordExpands(raw) }));
  return gitRuns(shellWords).lines.map((line) => ({ script: line.text, tighteningOnly: true }));
}
