/**
 * The snake_case wire form of hook trace records, hook starts and decisions, for the stream-json
 * lines (claude-stream.ts) and the `--json` outputs. Tool arguments and rewritten inputs are data
 * and pass through unchanged.
 */
import {
  type Decision,
  EVENT_SPECS,
  type HookEvent,
  type HookStart,
  type TraceDecision,
  type TraceRecord,
} from "@codebot/hooks";

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
    permission: d.permission,
    permission_ignored: d.permissionIgnored,
    stop_run: d.stopRun,
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
    cancel_reason: r.cancelReason,
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
        display_content: d.displayContent,
      });
  }
}
