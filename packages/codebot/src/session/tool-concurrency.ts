import { DEFAULT_TOOL_CONCURRENCY, type Env } from "@codebot/agentcore";

const VARIABLE = "CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY";

/**
 * How many concurrency-safe calls of one turn run at once (reads, searches, bash lines that only
 * read): CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY from the process or the settings' `env`, a whole
 * number from 1 as Claude Code declares it; unset, the kernel's default (Claude Code's 10). A
 * value that is not such a number is said and left out.
 */
export function toolConcurrencyOf(env: Env, notify: (message: string) => void): number | undefined {
  const text = env[VARIABLE]?.trim();
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value) && value >= 1) return value;
  notify(`codebot: ${VARIABLE}=${text} is not a whole number from 1; ${DEFAULT_TOOL_CONCURRENCY} is used`);
  return undefined;
}
