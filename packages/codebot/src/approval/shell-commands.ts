import { commandsRunBy } from "./commands-run-by.js";
import { wordExpands } from "./shell-expansion.js";
import { type ShellPart, shellParts } from "./shell-parts.js";
import { leadingAssignmentCount, splitWords } from "./shell-words.js";

/** One simple command a command line may run. */
export interface ShellCommand extends ShellPart {
  /** Run by another command (`nice rm`, `then rm`, `sh -c 'rm'`) rather than written as a part of its own. */
  inner: boolean;
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

/** The simple commands `command` may run, as far as its text shows: what rules are checked against. */
export function shellCommands(command: string, depth = 0): ShellCommands {
  const parsed = shellParts(command);
  const found: ShellCommands = {
    commands: [],
    substitutes: parsed.substitutes,
    unmodelled: parsed.unmodelled,
  };
  for (const part of parsed.parts) add(found, part, false, depth);
  return found;
}

function add(found: ShellCommands, part: ShellPart, inner: boolean, depth: number): void {
  const words = splitWords(part.text);
  const runs = commandsRunBy(words);
  const command: ShellCommand = {
    ...part,
    inner,
    unresolved: wordExpands(words[0] ?? "") || runs.includes("anything"),
  };
  found.commands.push(command);
  for (const run of runs) {
    if (run === "anything") continue;
    if (depth >= MAX_DEPTH) {
      found.unmodelled = true;
      return;
    }
    if ("script" in run) {
      const nested = shellCommands(run.script, depth + 1);
      found.commands.push(...nested.commands.map((c) => ({ ...c, inner: true })));
      found.substitutes ||= nested.substitutes;
      found.unmodelled ||= nested.unmodelled;
    } else {
      const k = leadingAssignmentCount(run.words);
      const rest = run.words.slice(k);
      if (rest.length === 0) continue;
      add(
        found,
        { text: rest.join(" "), assignments: run.words.slice(0, k), redirects: false },
        true,
        depth + 1,
      );
    }
  }
}
