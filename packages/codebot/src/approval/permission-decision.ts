/**
 * How a call's permission check ended, in the words of claude 2.1.328's stream-json
 * `tool_result_meta[].permission_decision` (recorded under the Agent SDK 0.3.337): what decided
 * (`source`: the configuration — rules, the mode, a command that only reads —, a hook, or the
 * person or program asked), and, when the check decided by itself, the kind of reason
 * (`reason_type`). A refused call also says why it did not run (`non_execution_kind`).
 */
export interface PermissionDecision {
  /** `cancelled`: the run was interrupted while the question was open. */
  decision: "accept" | "reject" | "cancelled";
  source: "config" | "hook" | "user_temporary" | "user_permanent" | "user_reject" | "user_abort";
  reason_type?: "rule" | "mode" | "subcommandResults" | "hook" | "classifier";
  /**
   * A refused call: `permission-rule` (a rule, hook or the program said no), `user-rejected` (a
   * person, or nobody to ask), `interrupted`; auto mode's classifier refused it (`automode-blocked`),
   * could not be reached (`automode-unavailable`) or gave no verdict (`automode-parsing-error`).
   */
  notRun?:
    | "permission-rule"
    | "user-rejected"
    | "interrupted"
    | "automode-blocked"
    | "automode-unavailable"
    | "automode-parsing-error";
}

/** Allowed by the configuration (`rule`, `mode`, a command that only reads) or a hook. */
export function acceptedBy(
  source: PermissionDecision["source"],
  reasonType?: PermissionDecision["reason_type"],
): PermissionDecision {
  return { decision: "accept", source, ...(reasonType !== undefined ? { reason_type: reasonType } : {}) };
}

/** Refused; `notRun` says why the call did not run. */
export function rejectedBy(
  source: PermissionDecision["source"],
  notRun: NonNullable<PermissionDecision["notRun"]>,
  reasonType?: PermissionDecision["reason_type"],
): PermissionDecision {
  return { ...acceptedBy(source, reasonType), decision: "reject", notRun };
}

/** claude's `tool_result_meta` entry of a call whose permission check ended so. */
export function toolResultMeta(id: string, decision: PermissionDecision): Record<string, unknown> {
  const { notRun, ...permission } = decision;
  return {
    id,
    ...(notRun !== undefined ? { non_execution_kind: notRun } : {}),
    permission_decision: permission,
  };
}
