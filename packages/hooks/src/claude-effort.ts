/**
 * The effort a Claude Code–style hook is told (claude 2.1.328, recorded on PreToolUse, PostToolUse,
 * PermissionRequest and Stop; the Agent SDK's types add SubagentStop): on tool events, Stop and
 * SubagentStop, `effort: {level}` in the payload and `CLAUDE_EFFORT` in the environment, the level
 * the main model's requests carry; nothing on the other events, nor when the requests carry none.
 */
import { EVENT_SPECS, type HookEvent } from "./events.js";
import type { HookSession } from "./payload.js";

export function claudeEffort(event: HookEvent, session: HookSession): string | undefined {
  const told = EVENT_SPECS[event].claude.matchOn === "tool" || event === "Stop" || event === "SubagentStop";
  return told ? session.effort : undefined;
}
