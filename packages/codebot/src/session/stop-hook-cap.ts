import type { Env } from "@codebot/agentcore";

const VARIABLE = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP";

/**
 * How many times in a row claude 2.1.328 lets Stop (and SubagentStop) hooks keep the turn going;
 * the block after that ends it anyway ("A hook blocked the turn from ending 9 consecutive
 * times—overriding and ending turn"). Recorded with a test gate that never passed: 9 blocks by
 * default, N + 1 with CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=N, no end at all with 0.
 */
const CLAUDE_CONTINUATIONS = 8;

/**
 * The most consecutive Stop / SubagentStop blocks per prompt, counting the one that ends the turn:
 * CLAUDE_CODE_STOP_HOOK_BLOCK_CAP (the process's or the settings' `env`) as claude reads it, else
 * a settings file's `postStopValidation.maxAttempts` (which capped them before), else claude's 9.
 * A value that is not a whole number is said and left out.
 */
export function stopHookBlockCap(
  env: Env,
  postStopValidation: { maxAttempts: number; configured?: true },
  notify: (message: string) => void,
): number {
  const fallback = postStopValidation.configured ? postStopValidation.maxAttempts : CLAUDE_CONTINUATIONS + 1;
  const text = env[VARIABLE]?.trim();
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
    notify(`codebot: ${VARIABLE}=${text} is not a whole number; ignored`);
    return fallback;
  }
  return value === 0 ? Number.POSITIVE_INFINITY : value + 1;
}
