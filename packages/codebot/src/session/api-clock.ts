import type { SessionEvent } from "./session-events.js";

/**
 * Time spent waiting for the model (Claude Code's `duration_api_ms`): from the start of each model
 * step of any agent to the end of the assistant message it produced.
 */
export interface ApiClock {
  see(event: SessionEvent): void;
  ms(): number;
}

export function apiClock(): ApiClock {
  const open = new Map<string, number>();
  let total = 0;
  return {
    see(event) {
      if (event.kind !== "agent") return;
      const e = event.event;
      if (e.type === "turn_start") open.set(event.agentName, performance.now());
      if (e.type === "message_end" && e.message.role === "assistant") {
        const since = open.get(event.agentName);
        if (since !== undefined) total += performance.now() - since;
        open.delete(event.agentName);
      }
    },
    ms: () => Math.round(total),
  };
}
