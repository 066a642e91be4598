/**
 * `hooks test` for the events whose native hooks run in the background while a session waits for
 * their Claude Code groups (PostToolUse, SessionStart, …; EVENT_SPECS' `claude.mode: "feedback"`):
 * what the session does with those groups' answers, so the report shows that and not "cannot block".
 */
import type { CompiledHook, Decision, EVENT_SPECS, HookEvent } from "@codebot/hooks";
import type { stylesFor } from "../output/styles.js";
import { preview } from "../output/trace-line.js";

/** The events whose Claude Code groups are waited for although the event itself is async. */
type WaitedEvent = {
  [E in HookEvent]: (typeof EVENT_SPECS)[E]["claude"] extends { mode: "feedback" } ? E : never;
}[HookEvent];

/** What a session does with the waited groups' merged answer (a field left out: it ignores that part). */
interface SessionUse {
  /** A block's reason reaches the model as feedback (and `hooks test` counts it as a block). */
  feedback?: string;
  /** Where their `additionalContext` goes. */
  context?: string;
  /** What `continue: false` ends. */
  stop?: string;
}

const AFTER_TOOL: SessionUse = {
  feedback: "to the model with the tool result",
  context: "to the model with the tool result",
  stop: "run stopped",
};

// Read from where each event is fired: hooks/src/middleware.ts (tool results), session/assembly/
// session-start.ts (Setup, SessionStart), subagent-runs.ts (SubagentStart, SubagentStop),
// instructions-loaded.ts, file-watch.ts (watchPaths only).
const SESSION_USE: Record<WaitedEvent, SessionUse> = {
  PostToolUse: AFTER_TOOL,
  PostToolUseFailure: AFTER_TOOL,
  SessionStart: { context: "into the first prompt" },
  Setup: { context: "into the first prompt" },
  SubagentStart: { context: "into the sub-agent's first message" },
  SubagentStop: { feedback: "to the sub-agent, which goes on" },
  InstructionsLoaded: { stop: "session halted" },
  CwdChanged: {},
  FileChanged: {},
  // Their systemMessages go to the model with the next prompt (add-directory.ts).
  DirectoryAdded: {},
};

/** True when the session would wait for some of the event's hooks (a Claude Code group without `async`). */
export function hasWaitedGroups(event: HookEvent, hooks: readonly CompiledHook[]): boolean {
  return (
    event in SESSION_USE && hooks.some((h) => h.event === event && h.mode === "feedback" && !h.background)
  );
}

/** The decision as the session acts on it: a block it does not honour, or context it drops, is left out. */
export function asSessionUses(event: HookEvent, d: Decision): Decision {
  // Only groups that may end the run answer `stop`, and the session honours it.
  if (d.kind === "stop") return d;
  const use = SESSION_USE[event as WaitedEvent];
  const kept = {
    ...(use.context !== undefined && d.context ? { context: d.context } : {}),
    ...(d.updatedOutputs ? { updatedOutputs: d.updatedOutputs } : {}),
  };
  if (d.kind === "block" && use.feedback !== undefined)
    return { kind: "block", reason: d.reason, by: d.by, trace: d.trace, ...kept };
  return {
    kind: "allow",
    trace: d.trace,
    ...kept,
    ...(d.kind === "allow" && d.watchPaths ? { watchPaths: d.watchPaths } : {}),
  };
}

/** The report's decision lines for the waited groups (`d` as asSessionUses gives it). */
export function waitedGroupsText(
  event: HookEvent,
  d: Decision,
  hasNative: boolean,
  s: ReturnType<typeof stylesFor>,
): string {
  const use = SESSION_USE[event as WaitedEvent];
  const lines: string[] = [];
  if (d.kind === "stop")
    lines.push(s.red(`${use.stop ?? "run stopped"} by ${JSON.stringify(d.by)}: ${d.reason}`));
  if (d.kind === "block")
    lines.push(s.red(`feedback from ${JSON.stringify(d.by)}, ${use.feedback}: ${d.reason}`));
  if (d.kind !== "stop" && d.context)
    lines.push(`additional context, ${use.context}: ${preview(d.context, 400)}`);
  if (d.kind === "allow" && d.watchPaths) lines.push(`watch paths: ${d.watchPaths.join(", ")}`);
  if (lines.length === 0) lines.push(s.green("the Claude Code groups gave the session nothing to act on"));
  if (hasNative) lines.push(`native ${event} hooks run in the background and cannot block`);
  return lines.join("\n  ");
}
