import { DEFAULT_RETRY, type Env, type RetryPolicy } from "@codebot/agentcore";

const VARIABLE = "CLAUDE_CODE_MAX_RETRIES";

/**
 * How often a failed model call is tried again (a rate limit, an overloaded or failing server, a
 * broken connection): CLAUDE_CODE_MAX_RETRIES from the process or the settings' `env`, a whole
 * number from 0 (0: never), as claude 2.1.328 reads it; unset, the kernel's default, claude's 10.
 * A value that is not such a number is said and left out.
 */
export function retryPolicyOf(env: Env, notify: (message: string) => void): RetryPolicy | undefined {
  const text = env[VARIABLE]?.trim();
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value)) return { ...DEFAULT_RETRY, maxRetries: value };
  notify(`codebot: ${VARIABLE}=${text} is not a whole number from 0; ${DEFAULT_RETRY.maxRetries} is used`);
  return undefined;
}
