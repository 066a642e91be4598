import type { ToolContext } from "@codebot/agentcore";
import { acceptedBy, type PermissionDecision, rejectedBy } from "./permission-decision.js";

/** Allowed (with `args` when a PermissionRequest hook gave new arguments), or refused with the reason the model gets. */
export type ToolVerdict =
  | { allowed: true; args?: Record<string, unknown> }
  | { allowed: false; reason: string };

/**
 * A verdict and what gave it, in claude's words (permission-decision.ts); `deniedBecause`: the
 * reason PermissionDenied hooks get when it is not the model's (the classifier's own words);
 * `runEnds`: nobody refused the call, the run ends before it (the spending limit reached while it
 * was judged), so it is no refusal — not listed, no PermissionDenied — as in claude 2.1.328.
 */
export type Judged = ToolVerdict & { decision: PermissionDecision; deniedBecause?: string; runEnds?: true };

/** A yes of the person or program asked, for this call. */
export const BY_YOU = acceptedBy("user_temporary");
/** The run was interrupted while the question was open. */
export const BY_ABORT: PermissionDecision = {
  ...rejectedBy("user_abort", "interrupted"),
  decision: "cancelled",
};

/**
 * Why a call whose question was open when the run was interrupted (Esc, Ctrl+C, a signal) did not
 * run: the call is rejected and the turn ends (Claude Code's Esc at a permission dialog), so the
 * model is not told "no" and left to try something else.
 */
export const INTERRUPTED_AT_QUESTION = "the run was interrupted at the question; the call did not run";

/** An allowed call, run with `updatedInput` when its answerer gave one — unless the tool's schema refuses it. */
export function allowedWith(
  updatedInput: Record<string, unknown> | undefined,
  ctx: Partial<Pick<ToolContext, "validateArgs">>,
  by: string,
  decision: PermissionDecision,
): Judged {
  if (updatedInput === undefined) return { allowed: true, decision };
  const check = ctx.validateArgs?.(updatedInput);
  if (check && !check.ok)
    return {
      allowed: false,
      reason: `permission denied: ${by} gave invalid arguments: ${check.error}`,
      decision: rejectedBy(decision.source, "permission-rule", decision.reason_type),
    };
  return { allowed: true, args: check?.ok ? check.args : updatedInput, decision };
}
