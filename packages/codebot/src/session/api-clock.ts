import type { SessionEvent } from "./session-events.js";

/**
 * Time spent waiting for the model (Claude Code's `duration_api_ms`): from the start of each model
 * step of any agent to the end of the assistant message it produced. `withoutRetriesMs` counts each
 * step from its last attempt's start (after a `retry`'s wait, or a model fallback) only, as claude's
 * `totalAPIDurationWithoutRetries`.
 */
export interface ApiClock {
  see(event: SessionEvent): void;
  ms(): number;
  withoutRetriesMs(): number;
}

export function apiClock(): ApiClock {
  const open = new Map<string, { since: number; attemptSince: number }>();
  let total = 0;
  let withoutRetries = 0;
  return {
    see(event) {
      if (event.kind !== "agent") return;
      const e = event.event;
      const now = performance.now();
      if (e.type === "turn_start") open.set(event.agentName, { since: now, attemptSince: now });
      const step = open.get(event.agentName);
      if (step && e.type === "retry") step.attemptSince = now + e.delayMs;
      if (step && e.type === "model_fallback") step.attemptSince = now;
      if (e.type === "message_end" && e.message.role === "assistant" && step) {
        total += now - step.since;
        withoutRetries += Math.max(0, now - step.attemptSince);
        open.delete(event.agentName);
      }
    },
    ms: () => Math.round(total),
    withoutRetriesMs: () => Math.round(withoutRetries),
  };
}
