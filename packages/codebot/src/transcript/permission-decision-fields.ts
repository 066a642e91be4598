import type { PermissionDecision } from "../approval/permission-decision.js";

/**
 * A tool result's permission check as claude 2.1.328 records it on the result's transcript line
 * (recorded): `permissionDecision` `{decision, source, reasonType}` — a refusal by auto mode's
 * classifier with `reasonCode: "classifier:auto-mode"` — and, for a call that did not run,
 * `toolDenialKind` (`automode-blocked`, `user-rejected`, …).
 */
export interface RecordedDecision {
  permissionDecision: {
    decision: PermissionDecision["decision"];
    source: PermissionDecision["source"];
    reasonType?: NonNullable<PermissionDecision["reason_type"]>;
    reasonCode?: "classifier:auto-mode";
  };
  toolDenialKind?: NonNullable<PermissionDecision["notRun"]>;
}

export function recordedDecision(decision: PermissionDecision): RecordedDecision {
  const byClassifier = decision.reason_type === "classifier" && decision.decision === "reject";
  return {
    permissionDecision: {
      decision: decision.decision,
      source: decision.source,
      ...(decision.reason_type !== undefined ? { reasonType: decision.reason_type } : {}),
      ...(byClassifier ? { reasonCode: "classifier:auto-mode" as const } : {}),
    },
    ...(decision.notRun !== undefined ? { toolDenialKind: decision.notRun } : {}),
  };
}

/**
 * The fields a line of tool results gets for the checks of its calls (`ids`, in order). claude
 * writes one result a line, with its check's fields at the top; codebot writes a batch's results
 * in one line, so such a line has claude's fields when it holds one result, and otherwise
 * `permissionDecisions`, each result's fields by its `tool_use_id`. A reader of claude's lines
 * skips a field it does not know, and `-c` reads neither.
 */
export function decisionFields(
  ids: readonly string[],
  decisionOf: (id: string) => PermissionDecision | undefined,
): RecordedDecision | { permissionDecisions: Record<string, RecordedDecision> } | Record<string, never> {
  const recorded = ids.flatMap((id) => {
    const decision = decisionOf(id);
    return decision === undefined ? [] : [[id, recordedDecision(decision)] as const];
  });
  if (recorded.length === 0) return {};
  if (ids.length === 1) return (recorded[0] as readonly [string, RecordedDecision])[1];
  return { permissionDecisions: Object.fromEntries(recorded) };
}
