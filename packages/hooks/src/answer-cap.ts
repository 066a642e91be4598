/**
 * How much of a hook's answer is read: a command hook's stdout, an http hook's body. The rest is
 * read and dropped, and the answer counts as cut (its JSON no longer parses: the run fails).
 */

const MIB = 1024 * 1024;

/** §6.1: a codebot hook's answer is read up to 1 MiB. */
export const ANSWER_CAP = MIB;

/**
 * A Claude Code group's hook: claude 2.1.328 reads any size (recorded: a PreToolUse deny padded
 * with 200 MB of spaces held; a 2 MB additionalContext reached the model as a saved file; a Stop
 * block's 2 MB reason went whole), so a hook written for it may answer past 1 MiB and keep its
 * decision. codebot reads this much, and no more, so a hook printing without end cannot fill memory.
 */
export const CLAUDE_ANSWER_CAP = 32 * MIB;

/**
 * What the Claude Code hooks of one firing read, together, past ANSWER_CAP (answer-budget.ts):
 * one hook still reads its 32 MiB, two read theirs; 8 hooks each answering 30 MB took 877 MB
 * when each read its own 32 MiB (docs/security.md).
 */
export const EVENT_ANSWER_BUDGET = 64 * MIB;

/** A cap as a message says it (`1 MiB`). */
export function capWords(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}
