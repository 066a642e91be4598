import { gitConfigCommand } from "@codebot/hooks";
import { isAssignmentWord, unquote } from "./shell-words.js";

/**
 * Environment variables whose value is a command line a program runs: git runs `GIT_SSH_COMMAND`
 * to fetch, `GIT_PAGER`/`PAGER` to show a log, `EDITOR` for a commit message, less runs
 * `LESSOPEN`. `GIT_PAGER='rm a' git log` runs `rm a` as surely as `git -c core.pager='rm a' log`,
 * which deny rules already read (git-commands.ts), so the value is read as a command line too.
 * Claude Code 2.1.328 reads neither (checked: under bypassPermissions, `Bash(touch:*)` denied,
 * `GIT_SSH_COMMAND='touch p' git fetch ssh://x/y` ran touch).
 */
const COMMAND_VARIABLES: ReadonlySet<string> = new Set([
  "BROWSER",
  "CVS_RSH",
  "EDITOR",
  "FCEDIT",
  "GH_EDITOR",
  "GH_PAGER",
  "GIT_ASKPASS",
  "GIT_EDITOR",
  "GIT_EXTERNAL_DIFF",
  "GIT_PAGER",
  "GIT_PROXY_COMMAND",
  "GIT_SEQUENCE_EDITOR",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "LESSCLOSE",
  "LESSOPEN",
  "MANPAGER",
  "PAGER",
  "PROMPT_COMMAND",
  "RSYNC_RSH",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "SYSTEMD_PAGER",
  "VISUAL",
]);

/** Builtins whose arguments are assignments that reach the commands run after them. */
const DECLARING = new Set(["export", "declare", "typeset", "local", "readonly"]);

/**
 * The command lines the variables set on a simple command run: its leading assignments
 * (`assignments`, and a lone `GIT_PAGER='rm a'`), and what `export`/`declare` set in `words` (as
 * written). git's configuration given through the environment (`GIT_CONFIG_VALUE_0`,
 * `GIT_CONFIG_PARAMETERS`) is read as the `git -c` options it stands for.
 */
export function variableCommandLines(assignments: readonly string[], words: readonly string[]): string[] {
  const declared = DECLARING.has(unquote(words[0] ?? "")) ? words.slice(1) : [];
  const lone = words.every(isAssignmentWord) ? words : [];
  const lines: string[] = [];
  for (const word of [...assignments, ...lone, ...declared]) {
    const text = unquote(word);
    const equals = text.indexOf("=");
    if (!isAssignmentWord(text) || equals === -1) continue;
    const name = text.slice(0, equals).replace(/\+$/, "");
    const value = text.slice(equals + 1);
    // LESSOPEN's `|cmd %s` pipes, `||cmd` too, `|-cmd` reads its input.
    if (COMMAND_VARIABLES.has(name))
      lines.push(name.startsWith("LESS") ? value.replace(/^\|{1,2}-?/, "") : value);
    const git = gitConfigCommand(name, value);
    if (git !== undefined) lines.push(git);
  }
  return lines.filter((line) => line.trim() !== "");
}
