import type { Env } from "@codebot/agentcore";

const VARIABLE = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP";

/**
 * The most consecutive Stop / SubagentStop blocks per prompt, counting the one that ends the turn:
 * CLAUDE_CODE_STOP_HOOK_BLOCK_CAP (the process's or the settings' `env`) as claude 2.1.328 reads it
 * (recorded: N lets the turn go on N times, ending at block N + 1; 0 sets no cap), else
 * `postStopValidation.maxAttempts` (default 3): HOOKS.md §11 gives Claude Code's Stop the same
 * attempt cap as PostStopValidation, where claude's own default is 9 blocks (docs/claude-code.md).
 * A value that is not a whole number is said and left out.
 */
export function stopHookBlockCap(env: Env, maxAttempts: number, notify: (message: string) => void): number {
  const text = env[VARIABLE]?.trim();
  if (text === undefined || text === "") return maxAttempts;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
    notify(`codebot: ${VARIABLE}=${text} is not a whole number; ignored`);
    return maxAttempts;
  }
  return value === 0 ? Number.POSITIVE_INFINITY : value + 1;
}
