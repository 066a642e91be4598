/**
 * The effort a Claude Code–style hook is told (claude 2.1.328, recorded on claude-opus-5-5: on
 * PreToolUse, PostToolUse, PermissionRequest, PostToolBatch, SubagentStop and Stop; not on
 * SessionStart, UserPromptSubmit, SubagentStart, PreCompact, PostCompact or SessionEnd): on tool
 * events, PostToolBatch, Stop and SubagentStop, `effort: {level}` in the payload and
 * `CLAUDE_EFFORT` in the environment, the level the main model's requests carry; nothing on the
 * other events, nor when the requests carry none.
 */
import { EVENT_SPECS, type HookEvent } from "./events.js";
import type { HookSession } from "./payload.js";

const TOLD_OUTSIDE_TOOL_EVENTS: ReadonlySet<HookEvent> = new Set(["PostToolBatch", "Stop", "SubagentStop"]);

export function claudeEffort(event: HookEvent, session: HookSession): string | undefined {
  const told = EVENT_SPECS[event].claude.matchOn === "tool" || TOLD_OUTSIDE_TOOL_EVENTS.has(event);
  return told ? session.effort : undefined;
}
