import type { AgentEvent } from "@codebot/agentcore";
import { terminalSafe } from "./terminal-safe.js";

type Retry = Extract<AgentEvent, { type: "retry" }>;

/**
 * A failed model call about to be tried again, as the terminal shows it and a `-p` run's text or
 * json output says it on stderr: without it a server that was down kept `-p` silent through its
 * retries, three minutes before the error.
 */
export function modelRetryText(e: Retry): string {
  return `model call failed (${terminalSafe(e.error.message)}); retry ${e.attempt} in ${e.delayMs} ms`;
}
