import type { Env } from "@codebot/agentcore";
import { millisecondsVariable } from "../settings/milliseconds-variable.js";

/**
 * `CODEBOT_STREAM_IDLE_TIMEOUT_MS`: how long the model may send nothing before its request is given
 * up and retried (the kernel's `idleTimeoutMs`; absent: its default, 300 s). Read as the other
 * millisecond variables are: a value that is not a whole number of milliseconds above 0 is said
 * and the default kept; one longer than a timer can wait is the longest it can.
 */
export function streamIdleMs(env: Env, notify: (message: string) => void): number | undefined {
  return millisecondsVariable(
    "CODEBOT_STREAM_IDLE_TIMEOUT_MS",
    env.CODEBOT_STREAM_IDLE_TIMEOUT_MS,
    1,
    notify,
  );
}
