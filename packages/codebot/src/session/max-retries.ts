import { DEFAULT_RETRY, type Env, type RetryPolicy } from "@codebot/agentcore";

const VARIABLE = "CLAUDE_CODE_MAX_RETRIES";
/** claude 2.1.328 takes no more (recorded: 20 gave `max_retries: 15` in its api_retry lines). */
const MOST = 15;

/**
 * How often a failed model call is tried again (a rate limit, an overloaded or failing server, a
 * broken connection): CLAUDE_CODE_MAX_RETRIES from the process or the settings' `env`, a whole
 * number from 0 (0: never), as claude 2.1.328 reads it; unset, the kernel's default, claude's 10.
 * More than 15 is 15, as claude takes it (said, where claude only logs it). A value that is not
 * such a number is said and left out.
 */
export function retryPolicyOf(env: Env, notify: (message: string) => void): RetryPolicy | undefined {
  const text = env[VARIABLE]?.trim();
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value)) {
    if (value > MOST) notify(`codebot: ${VARIABLE}=${text} clamped to ${MOST}`);
    return { ...DEFAULT_RETRY, maxRetries: Math.min(value, MOST) };
  }
  notify(`codebot: ${VARIABLE}=${text} is not a whole number from 0; ${DEFAULT_RETRY.maxRetries} is used`);
  return undefined;
}
