/**
 * The effort a Claude Code–style hook is told (claude 2.1.328, recorded on claude-opus-5-5: on
 * PreToolUse, PostToolUse, PermissionRequest, PostToolBatch, SubagentStop and Stop; not on
 * SessionStart, UserPromptSubmit, SubagentStart, PreCompact, PostCompact or SessionEnd): on tool
 * events, PostToolBatch, Stop and SubagentStop, `effort: {level}` in the payload and
 * `CLAUDE_EFFORT` in the environment, the level the main model's requests carry; nothing on the
 * other events, nor when the requests carry none. InstructionsLoaded is told it when a tool's read
 * loaded the file (recorded: `nested_traversal` carried `effort` and `CLAUDE_EFFORT`, `session_start`
 * neither), as the tool call's own events are.
 */
import { EVENT_SPECS, type HookEvent } from "./events.js";
import type { HookSession } from "./payload.js";

const TOLD_OUTSIDE_TOOL_EVENTS: ReadonlySet<HookEvent> = new Set(["PostToolBatch", "Stop", "SubagentStop"]);

/** InstructionsLoaded's `load_reason`s of a file a tool's read loaded. */
const LOADED_BY_A_READ: ReadonlySet<string> = new Set(["nested_traversal", "path_glob_match"]);

/** `loadReason`: InstructionsLoaded's `load_reason`. */
export function claudeEffort(
  event: HookEvent,
  session: HookSession,
  loadReason?: string,
): string | undefined {
  const told =
    EVENT_SPECS[event].claude.matchOn === "tool" ||
    TOLD_OUTSIDE_TOOL_EVENTS.has(event) ||
    (event === "InstructionsLoaded" && loadReason !== undefined && LOADED_BY_A_READ.has(loadReason));
  return told ? session.effort : undefined;
}
