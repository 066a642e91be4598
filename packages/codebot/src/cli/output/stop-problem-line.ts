/**
 * claude 2.1.328's stream-json notification for a Stop hook that sent the agent back or failed
 * (recorded in `-p` with liush2yuxjtu/claude-hooks-pack's Stop hooks and with hand-written ones: a
 * `decision: "block"`, an exit 2, an exit 1): `stop hook reported a problem · ctrl+o to see`, keyed
 * `stop-hook-error`, written once a run however many times its Stop hooks blocked (9 blocks in a row
 * gave one). A Stop hook's `continue: false` alone gave none.
 */
import type { HookEnd, HookStart } from "@codebot/hooks";
import type { WireObject } from "./wire.js";

export function isStopProblem(start: HookStart, end: HookEnd): boolean {
  return start.event === "Stop" && (end.outcome === "blocked" || end.failed);
}

export function stopProblemLine(): WireObject {
  return {
    type: "system",
    subtype: "notification",
    key: "stop-hook-error",
    text: "stop hook reported a problem · ctrl+o to see",
    priority: "immediate",
  };
}
