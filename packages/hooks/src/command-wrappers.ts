/**
 * Where the program of a simple command is (§8, script-references.ts): after assignments, redirects,
 * shell keywords (`if`, `!`, `{`) and the commands that run the command after their own options and
 * operands — `timeout 10 bash x`, `nice -n 5 x`, `sudo -u me x`, `flock -w 5 lock x`, `xargs -0 sh`,
 * `busybox sh x`, `env -u A x`, `bundle exec x`, `uv run x` (command-wrapper-table.ts). Each
 * wrapper's option shapes are known, so an option's value or an operand (`timeout 10`, `flock
 * lock`) is not taken for the program.
 */
import path from "node:path";
import { SHELL_KEYWORDS, valuedOption, type WrapperSyntax, wrapperNamed } from "./command-wrapper-table.js";
import type { ShellWord } from "./shell-words.js";

/** `NAME=value` before a command: a variable for it, not the command. */
export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

const KEYWORD: WrapperSyntax = {};

/** Where a simple command's program is, and what the words before it are. */
export interface CommandStart {
  /** The index of the program's word, or -1 when there is none. */
  program: number;
  /** Words holding a command line a wrapper runs, and where in the word it starts (`--split-string=…`). */
  commandLines: { at: number; from: number }[];
  /** The index of a wrapper that adds words from its stdin to the command (`xargs`), if any. */
  appendsInput?: number;
  /**
   * Where the command may start instead: after a wrapper's option the table does not know, the
   * next word may be its value (`uv run --color never npx x`: `npx`, not `never`). Read too, failing closed.
   */
  orFrom: number[];
}

/** Where the program of `words` is, past assignments, redirects, keywords and wrappers with their options. */
export function commandStart(words: readonly ShellWord[]): CommandStart {
  const start: CommandStart = { program: -1, commandLines: [], orFrom: [] };
  let k = 0;
  while (k < words.length) {
    const w = words[k] as ShellWord;
    if (w.redirect !== undefined || ASSIGNMENT.test(w.raw)) {
      k++;
      continue;
    }
    const syntax = SHELL_KEYWORDS.has(w.text) ? KEYWORD : wrapperSyntax(w.text);
    const next = syntax === undefined ? undefined : afterWrapper(words, k + 1, syntax, start);
    if (syntax === undefined || next === undefined) {
      start.program = k;
      return start;
    }
    if (syntax.appendsInput === true) start.appendsInput = k;
    k = next;
  }
  return start;
}

/** A wrapper named bare or by an absolute path (`/usr/bin/env`); `./bin/nice` is a project program. */
function wrapperSyntax(text: string): WrapperSyntax | undefined {
  if (text.includes("/") && !path.isAbsolute(text)) return undefined;
  return wrapperNamed(text);
}

/**
 * Skips a wrapper's options and operands from `k`, noting the command lines they run; returns the
 * next index, or undefined when the wrapper runs no command here (`uv pip install`: uv is the program).
 */
function afterWrapper(
  words: readonly ShellWord[],
  k: number,
  syntax: WrapperSyntax,
  start: CommandStart,
  operandsLeft = syntax.operands ?? 0,
): number | undefined {
  let operands = operandsLeft;
  // The option before this word is one the table does not know, with no `=value`.
  let afterUnknown = false;
  // `runuser -u me x`: an option that makes the operands a command (operandsRunWith).
  let runsOperands = false;
  while (k < words.length) {
    const w = words[k] as ShellWord;
    if (w.redirect !== undefined || (ASSIGNMENT.test(w.raw) && operands === 0)) {
      k++;
      continue;
    }
    if (w.text === "--") {
      k++;
      break;
    }
    if (w.text.startsWith("-") && w.text !== "-") {
      const option = valuedOption(w.text, syntax);
      if (option !== undefined && syntax.operandsRunWith?.includes(option.name) === true) runsOperands = true;
      afterUnknown = option === undefined && !w.text.includes("=");
      const inNextWord = option !== undefined && option.attached === undefined;
      if (option?.commandLine === true && option.attached !== undefined)
        start.commandLines.push({ at: k, from: w.text.length - option.attached.length });
      else if (option?.commandLine === true && k + 1 < words.length)
        // `-c CMD`, and bundled with flags before it: `script -qc CMD`.
        start.commandLines.push({ at: k + 1, from: 0 });
      k += (inNextWord ? 2 : 1) + (option?.moreWords ?? 0);
      continue;
    }
    if (afterUnknown) {
      afterUnknown = false;
      // One reading more, not one per unknown option of nested wrappers.
      const other = start.orFrom.length < 4 ? afterWrapper(words, k + 1, syntax, start, operands) : undefined;
      if (other !== undefined && other < words.length) start.orFrom.push(other);
    }
    if (operands === 0) {
      // `mise exec node@20 -- x`: the command is after the marker.
      const marker = words.findIndex((x, i) => i >= k && syntax.commandAfter?.includes(x.text) === true);
      if (marker !== -1) return marker + 1;
      // `script -c CMD log`: `log` is its file, not a program.
      const data = syntax.operandsAreData === true && !runsOperands;
      return data ? words.length : k;
    }
    // The subcommand is the first operand (`direnv exec DIR x`: DIR is the next).
    const first = operands === (syntax.operands ?? 0);
    if (first && syntax.subcommands !== undefined && !syntax.subcommands.includes(w.text)) return undefined;
    operands--;
    k++;
  }
  return k;
}
