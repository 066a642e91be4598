/**
 * The events hooks run at, and how each one behaves — one table instead of one method per event.
 * The runner reads this table to know what a hook's matcher is compared with, whether the caller
 * waits, and how the hooks' decisions combine (§2, §4, §7).
 */

/**
 * How an event's hooks run and combine:
 * - `hard`: sync; the first blocking hook that blocks vetoes (§7.2);
 * - `soft`: sync; the first hook that blocks or fails decides, its output becomes feedback (§7.3);
 * - `async`: fire-and-forget on a detached lifetime; cannot block (§7.4).
 */
export type EventMode = "hard" | "soft" | "async";

/** What the first-level matcher is compared with: the tool name (aliases apply), the agent's name, or "". */
export type MatchOn = "tool" | "agent" | "none";

/** What the `if` matcher is compared with: the arguments as compact JSON, the task as JSON, or "". */
export type IfOn = "args" | "task" | "none";

export interface EventSpec {
  mode: EventMode;
  matchOn: MatchOn;
  ifOn: IfOn;
  /** Only PreToolUse: a hook's `updated_input` replaces the arguments and chains into later hooks. */
  rewritesArgs: boolean;
  /** Payload fields that are constant for the event (§5). */
  fixed: { tool?: string; message?: string };
}

export const EVENT_SPECS = {
  PreToolUse: { mode: "hard", matchOn: "tool", ifOn: "args", rewritesArgs: true, fixed: {} },
  PostToolUse: { mode: "async", matchOn: "tool", ifOn: "args", rewritesArgs: false, fixed: {} },
  UserPromptSubmit: { mode: "hard", matchOn: "none", ifOn: "none", rewritesArgs: false, fixed: {} },
  PostStopValidation: {
    mode: "soft",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: { message: "post-stop validation" },
  },
  Notification: { mode: "async", matchOn: "none", ifOn: "none", rewritesArgs: false, fixed: {} },
  TaskCreated: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "task",
    rewritesArgs: false,
    fixed: { tool: "task_create" },
  },
  TaskCompleted: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "task",
    rewritesArgs: false,
    fixed: { tool: "task_update" },
  },
  SessionStart: { mode: "async", matchOn: "none", ifOn: "none", rewritesArgs: false, fixed: {} },
  SessionEnd: { mode: "async", matchOn: "none", ifOn: "none", rewritesArgs: false, fixed: {} },
  SubagentStop: { mode: "async", matchOn: "agent", ifOn: "none", rewritesArgs: false, fixed: {} },
} as const satisfies Record<string, EventSpec>;

export type HookEvent = keyof typeof EVENT_SPECS;

export const HOOK_EVENTS = Object.keys(EVENT_SPECS) as HookEvent[];

export function isHookEvent(name: string): name is HookEvent {
  return Object.hasOwn(EVENT_SPECS, name);
}
