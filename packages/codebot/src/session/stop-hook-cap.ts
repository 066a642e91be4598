import type { Env } from "@codebot/agentcore";

const VARIABLE = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP";

/**
 * claude 2.1.328 lets Stop (and SubagentStop) hooks block 9 consecutive times before it ends the
 * turn anyway ("A hook blocked the turn from ending 9 consecutive times—overriding and ending
 * turn", recorded with a test gate that never passed): a test-fixing loop gets 9 tries.
 */
export const CLAUDE_STOP_HOOK_BLOCK_CAP = 9;

/**
 * The most consecutive Stop / SubagentStop blocks per prompt: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP
 * (from the process or the settings' `env`, a whole number from 1), else a settings file's
 * `postStopValidation.maxAttempts` (which has capped them since before this cap), else claude's 9.
 * A value that is not such a number is said and left out.
 */
export function stopHookBlockCap(
  env: Env,
  postStopValidation: { maxAttempts: number; configured?: true },
  notify: (message: string) => void,
): number {
  const fallback = postStopValidation.configured
    ? postStopValidation.maxAttempts
    : CLAUDE_STOP_HOOK_BLOCK_CAP;
  const text = env[VARIABLE]?.trim();
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value) && value >= 1) return value;
  notify(`codebot: ${VARIABLE}=${text} is not a whole number from 1; ${fallback} is used`);
  return fallback;
}
