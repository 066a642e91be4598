import { variableCommandLines } from "./command-variables.js";
import { commandsRunBy } from "./commands-run-by.js";
import { wordExpands } from "./shell-expansion.js";
import { type ShellPart, shellParts } from "./shell-parts.js";
import {
  closingParen,
  isAssignmentWord,
  leadingAssignmentCount,
  splitWords,
  unquote,
} from "./shell-words.js";

/** One simple command a command line may run. */
export interface ShellCommand extends ShellPart {
  /** Run by another command (`nice rm`, `then rm`, `sh -c 'rm'`) rather than written as a part of its own. */
  inner: boolean;
  /** Found behind an environment manager (`uv run x`): deny and ask rules apply to it; allow rules need not name it. */
  tighteningOnly: boolean;
  /** Its command word may become any text (`$X`, `r${X}m`, `{rm,x}`), or it is a shell reading its input: it could run anything. */
  unresolved: boolean;
}

export interface ShellCommands {
  /** Every part (shell-parts.ts), then, after each, the commands it runs (commands-run-by.ts). */
  commands: ShellCommand[];
  /** It holds a command substitution or backquotes. */
  substitutes: boolean;
  /** Something was not understood (shell-parts.ts), or commands nest deeper than MAX_DEPTH. */
  unmodelled: boolean;
}

/** Wrappers and command strings nested deeper than this are not followed: the command is unmodelled. */
const MAX_DEPTH = 16;
/** More commands than this found in one line: the rest is not followed, and the command is unmodelled. */
const MAX_COMMANDS = 10_000;

/**
 * Lines read lately, each read once: one bash call's approval reads its line in many places (the
 * rules, the read-only check, the named files, the prefix rules' limits — ~55 µs a read). The
 * reading is a function of the text alone; the result is shared, so callers only read it.
 */
const recent = new Map<string, ShellCommands>();
const RECENT_LINES = 64;
/** Longer lines are read each time: a cache of them would hold megabytes. */
const RECENT_MAX_LENGTH = 8192;

/** The simple commands `command` may run, as far as its text shows: what rules are checked against. */
export function shellCommands(command: string): ShellCommands {
  if (command.length > RECENT_MAX_LENGTH) return readCommands(command, 0, new Set());
  const kept = recent.get(command);
  if (kept !== undefined) return kept;
  const found = readCommands(command, 0, new Set());
  if (recent.size >= RECENT_LINES) recent.delete(recent.keys().next().value as string);
  recent.set(command, found);
  return found;
}

function readCommands(command: string, depth: number, seen: Set<string>): ShellCommands {
  const parsed = shellParts(command);
  const found: ShellCommands = {
    commands: [],
    substitutes: parsed.substitutes,
    unmodelled: parsed.unmodelled,
  };
  for (const part of parsed.parts) add(found, part, { inner: false, tighteningOnly: false }, depth, seen);
  return found;
}

/**
 * `seen`: the command lines found in words' text so far (codeInWords), each read once: `"'$(…)'"`
 * is read by shell-parts.ts and here, which nested would double at each level.
 */
function add(
  found: ShellCommands,
  part: ShellPart,
  place: Pick<ShellCommand, "inner" | "tighteningOnly">,
  depth: number,
  seen: Set<string>,
): void {
  const words = splitWords(part.text);
  const runs = commandsRunBy(words);
  const command: ShellCommand = {
    ...part,
    ...place,
    // A lone `i=$((i+1))` sets a variable and runs no program: its value may expand freely.
    unresolved: (wordExpands(words[0] ?? "") && !loneAssignment(words)) || runs.includes("anything"),
  };
  found.commands.push(command);
  const scripts = [
    ...codeInWords([...part.assignments, ...words]),
    ...variableCommandLines(part.assignments, words),
  ];
  for (const script of scripts) {
    if (seen.has(script)) continue;
    seen.add(script);
    if (depth >= MAX_DEPTH || found.commands.length > MAX_COMMANDS) {
      found.unmodelled = true;
      return;
    }
    const nested = readCommands(script, depth + 1, seen);
    for (const c of nested.commands)
      found.commands.push({ ...c, inner: true, tighteningOnly: c.tighteningOnly || place.tighteningOnly });
    found.substitutes ||= nested.substitutes;
    found.unmodelled ||= nested.unmodelled;
  }
  for (const run of runs) {
    if (run === "anything") continue;
    if (depth >= MAX_DEPTH) {
      found.unmodelled = true;
      return;
    }
    const tighteningOnly = place.tighteningOnly || run.tighteningOnly === true;
    if ("script" in run) {
      const nested = readCommands(run.script, depth + 1, seen);
      for (const c of nested.commands)
        found.commands.push({ ...c, inner: true, tighteningOnly: c.tighteningOnly || tighteningOnly });
      found.substitutes ||= nested.substitutes;
      found.unmodelled ||= nested.unmodelled;
    } else {
      const k = leadingAssignmentCount(run.words);
      const rest = run.words.slice(k);
      if (rest.length === 0) continue;
      add(
        found,
        { text: rest.join(" "), assignments: run.words.slice(0, k), redirects: false },
        { inner: true, tighteningOnly },
        depth + 1,
        seen,
      );
    }
  }
}

/**
 * Command lines hidden in the text of words, which bash may run later though they do not run
 * where they are written: `$(…)` and backquotes inside single quotes or escaped (`let
 * 'a[$(rm x)]=1'`, `printf -v 'a[$(rm x)]' y`, `read`, `declare`, `unset`, `x='a[$(rm x)]';
 * : $((x))`, `BASH_ENV='$(rm x)' bash -c true` evaluate them), and the body of a function
 * passed in the environment (`env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls`). Words with no
 * quote or backslash are skipped: shell-parts.ts already reads their substitutions.
 */
function codeInWords(words: readonly string[]): string[] {
  const scripts: string[] = [];
  for (const word of words) {
    const text = unquote(word);
    const exported = /^BASH_FUNC_[^=]*=/.exec(text);
    if (exported !== null) scripts.push(text.slice(exported[0].length));
    if (!/['\\]/.test(word)) continue;
    for (let i = 0; i < text.length; i++) {
      const substitution = text[i] === "$" && text[i + 1] === "(";
      if (!substitution && text[i] !== "`") continue;
      const from = substitution ? i + 2 : i + 1;
      const end = substitution ? closingParen(text, from) : text.indexOf("`", from);
      scripts.push(text.slice(from, end === -1 ? text.length : end));
      if (end === -1) break;
      i = end;
    }
  }
  return scripts;
}

/** `NAME=value` alone: an assignment to the shell, not a command word. */
function loneAssignment(words: readonly string[]): boolean {
  return words.length === 1 && isAssignmentWord(words[0] as string);
}
