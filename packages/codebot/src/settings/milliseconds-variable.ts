import { timerDelayMs } from "@codebot/agentcore";

/**
 * An environment variable that holds a number of milliseconds for a timer (MCP_TOOL_TIMEOUT,
 * CODEBOT_IDLE_PROMPT_MS): undefined when unset or empty; a value that is not a whole number of
 * at least `least` is said and ignored; a longer one than a timer can wait (often meant as "no
 * limit") is the longest it can.
 */
export function millisecondsVariable(
  name: string,
  value: string | undefined,
  least: number,
  notify: (message: string) => void,
): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const ms = Number(value);
  if (Number.isInteger(ms) && ms >= least) return timerDelayMs(ms);
  notify(`codebot: ${name} ${JSON.stringify(value)} is not a number of milliseconds; ignored`);
  return undefined;
}
