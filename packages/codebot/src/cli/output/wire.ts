/**
 * The snake_case wire form of what a session reports, for `--output-format stream-json` and the
 * `--json` outputs. Tool arguments and rewritten inputs are data and pass through unchanged.
 */
import type { AgentEvent } from "@codebot/agentcore";
import {
  type Decision,
  EVENT_SPECS,
  type HookEvent,
  type HookStart,
  type TraceDecision,
  type TraceRecord,
} from "@codebot/hooks";
import type { SessionEvent } from "../../session/session-events.js";
import { toTranscriptMessage } from "../../transcript/transcript-line.js";

export type WireObject = Record<string, unknown>;

/** Drops undefined fields, so absent things are absent rather than null. */
function compact(object: WireObject): WireObject {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

function wireTraceDecision(d: TraceDecision): WireObject {
  return compact({
    block: d.block,
    reason: d.reason,
    additional_context: d.additionalContext,
    updated_input: d.updatedInput,
    ignored: d.ignored,
  });
}

export function wireTraceRecord(r: TraceRecord): WireObject {
  return compact({
    time: r.time,
    event: r.event,
    tool_use_id: r.toolUseId,
    hook: r.hook,
    source: r.source,
    file: r.file,
    matched: r.matched,
    skipped: r.skipped,
    approval: r.approval,
    approval_reason: r.approvalReason,
    duration_ms: r.durationMs,
    exit_code: r.exitCode,
    outcome: r.outcome,
    decision: r.decision && wireTraceDecision(r.decision),
    error: r.error,
    truncated: r.truncated,
    warnings: r.warnings,
    background: r.background,
  });
}

/** A hook that starts running: `hook_start` line, before its `hook` trace line. */
export function wireHookStart(h: HookStart): WireObject {
  return compact({
    event: h.event,
    hook: h.hook,
    source: h.source,
    file: h.file,
    status_message: h.statusMessage,
    tool_use_id: h.toolUseId,
  });
}

/** A runner's decision without its trace: a soft event's as validation, any other's as a veto. */
export function wireDecision(event: HookEvent, d: Decision): WireObject {
  if (EVENT_SPECS[event].mode === "soft") {
    return d.kind === "block" ? { failed: true, feedback: d.reason, hook: d.by } : { failed: false };
  }
  switch (d.kind) {
    case "block":
      return compact({ blocked: true, reason: d.reason, blocked_by: d.by, additional_context: d.context });
    case "stop":
      return { blocked: false, stopped: true, reason: d.reason, stopped_by: d.by };
    case "allow":
      return compact({
        blocked: false,
        additional_context: d.context,
        updated_input: d.updatedInput,
        updated_by: d.updatedBy,
        permission: d.permission?.answer,
        permission_by: d.permission?.by,
      });
  }
}

function wireAgentEvent(agent: string, e: AgentEvent): WireObject {
  const base = { type: e.type, agent };
  switch (e.type) {
    case "agent_start":
      return base;
    case "agent_end":
      return compact({ ...base, reason: e.reason, error: e.error?.message });
    case "turn_start":
    case "turn_end":
      return { ...base, turn: e.turn };
    case "message_start":
      return { ...base, role: e.role };
    case "message_update":
      return { ...base, delta: e.delta };
    case "message_end":
      // The kernel's role (tool results stay "tool"), with content blocks in the transcript's snake_case.
      return {
        ...base,
        message: { role: e.message.role, content: toTranscriptMessage(e.message).message.content },
      };
    case "tool_execution_start":
      return { ...base, tool_use_id: e.call.id, tool: e.call.name, args: e.call.args };
    case "tool_execution_update":
      return { ...base, tool_use_id: e.callId, partial: e.partial };
    case "tool_execution_end":
      return {
        ...base,
        tool_use_id: e.call.id,
        tool: e.call.name,
        args: e.call.args,
        result: { content: e.result.content, is_error: e.result.isError },
      };
    case "retry":
      return { ...base, attempt: e.attempt, delay_ms: e.delayMs, error: e.error.message };
    case "error":
      return { ...base, error: e.error.message };
    case "step_usage":
      return {
        ...base,
        turn: e.turn,
        usage: {
          input_tokens: e.usage.inputTokens,
          output_tokens: e.usage.outputTokens,
          cache_read_tokens: e.usage.cacheReadTokens,
          cache_write_tokens: e.usage.cacheWriteTokens,
        },
      };
    case "history_replaced":
      return { ...base, messages: e.messages.length };
  }
}

/** One stream-json line's object for a session event. */
export function wireSessionEvent(e: SessionEvent): WireObject {
  switch (e.kind) {
    case "agent":
      return wireAgentEvent(e.agentName, e.event);
    case "hook_start":
      return { type: "hook_start", ...wireHookStart(e.start) };
    case "hook":
      return { type: "hook", ...wireTraceRecord(e.record) };
    case "notice":
      return { type: "notice", message: e.message };
  }
}
