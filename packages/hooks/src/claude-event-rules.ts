/**
 * What a Claude Code hook does on an event by that event's Claude rules, whatever runs it: a
 * settings group's command, http, prompt or agent hook (claude-group.ts) or an Agent SDK callback
 * (sdk-callback-hooks.ts). One place, so the two compilers cannot drift apart.
 */
import { buildClaudePayload } from "./claude-payload.js";
import type { CompiledHook } from "./compiled-hook.js";
import { EVENT_SPECS, type HookEvent } from "./events.js";

/** Events where Claude Code ignores `onFailure` (their block means "go on", or nothing). */
export const NO_ON_FAILURE: ReadonlySet<HookEvent> = new Set(["Stop", "SubagentStop", "TaskCompleted"]);

type EventRuleFields =
  | "style"
  | "mode"
  | "background"
  | "matchOn"
  | "ifOn"
  | "payload"
  | "plainContext"
  | "canStopRun"
  | "skipFailedCall"
  | "skipStoppedRun"
  | "blocking";

/** The fields of a Claude Code hook on `event` that its event decides; `background` for an async one. */
export function claudeEventRules(event: HookEvent, background: boolean): Pick<CompiledHook, EventRuleFields> {
  const claude = EVENT_SPECS[event].claude;
  const mode = claude.mode ?? EVENT_SPECS[event].mode;
  return {
    style: "claude",
    mode,
    background,
    matchOn: claude.matchOn,
    // Its `if` is a permission rule on the call (ifRule), not a pattern on a text.
    ifOn: "none",
    payload: buildClaudePayload,
    plainContext: claude.plainContext === true,
    canStopRun: !background && claude.canStopRun === true,
    skipFailedCall: event === "PostToolUse",
    skipStoppedRun: event === "SubagentStop" || event === "PostToolUseFailure",
    // Claude Code lets any hook of a blockable event block; a background hook never can.
    blocking: !background && (mode === "hard" || mode === "soft"),
  };
}
