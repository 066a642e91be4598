import type { Env } from "@codebot/agentcore";

/**
 * `CODEBOT_STREAM_IDLE_TIMEOUT_MS`: how long the model may send nothing before its request is given
 * up and retried (the kernel's `idleTimeoutMs`; absent: its default, 300 s). A value that is not a
 * whole number of milliseconds above 0 is said and the default kept.
 */
export function streamIdleMs(env: Env, notify: (message: string) => void): number | undefined {
  const value = env.CODEBOT_STREAM_IDLE_TIMEOUT_MS?.trim();
  if (value === undefined || value === "") return undefined;
  const ms = Number(value);
  if (Number.isInteger(ms) && ms > 0) return ms;
  notify(
    `codebot: CODEBOT_STREAM_IDLE_TIMEOUT_MS=${value} is not a number of milliseconds above 0; 300000 is used`,
  );
  return undefined;
}
