import type { SessionEvent } from "./session-events.js";

/**
 * Time spent in tool calls (Claude Code's `totalToolDuration`): each call of any agent from its
 * start to its result, calls that run at once each counted.
 */
export interface ToolClock {
  see(event: SessionEvent): void;
  ms(): number;
}

export function toolClock(): ToolClock {
  const open = new Map<string, number>();
  let total = 0;
  return {
    see(event) {
      if (event.kind !== "agent") return;
      const e = event.event;
      if (e.type === "tool_execution_start") open.set(e.call.id, performance.now());
      if (e.type === "tool_execution_end") {
        const since = open.get(e.call.id);
        if (since !== undefined) total += performance.now() - since;
        open.delete(e.call.id);
      }
    },
    ms: () => Math.round(total),
  };
}
