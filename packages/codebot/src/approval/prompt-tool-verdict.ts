import type { ToolCall, ToolContext } from "@codebot/agentcore";
import type { PermissionUpdate } from "@codebot/hooks";
import type { PathPolicy } from "../paths/path-policy.js";
import type { PermissionHookAnswer } from "./approval-types.js";
import { allowedWith, BY_ABORT, BY_YOU, INTERRUPTED_AT_QUESTION, type Judged } from "./call-verdict.js";
import { rejectedBy } from "./permission-decision.js";
import { subjectKind } from "./permission-rule.js";

/** What the question to a `--permission-prompt-tool` says besides the call (the Agent SDK's `can_use_tool` carries it). */
export interface PromptToolQuestion {
  /** What an "always" answer would add (Claude Code's `permission_suggestions`). */
  suggestions: PermissionUpdate[];
  /** The call's path outside the project and its added folders (Claude Code's `blocked_path`). */
  blockedPath?: string;
  /**
   * Why the call is asked, when a rule or a folder says so (Claude Code's `decision_reason_type`):
   * an ask rule (`ruleSource`: the layer it came from, rule-origin.ts), or a file tool's path
   * outside the working folders.
   */
  reason?: { type: "rule"; ruleSource?: string } | { type: "workingDir"; text: string };
}

/** Claude Code's `decision_reason` for a file tool's path outside the working folders. */
export const OUTSIDE_WORKING_DIRS = "Path is outside allowed working directories";

/**
 * A call no rule or hook settled, put to the `--permission-prompt-tool` (with nobody to ask): its
 * allow runs the call (maybe with new arguments and rules for the session), its deny refuses it.
 */
export async function promptToolVerdict(
  call: ToolCall,
  facts: {
    /** The call's ask rule, if one matched, with the layer it came from. */
    askRule: { ruleSource?: string } | undefined;
    suggestions: PermissionUpdate[];
    paths: PathPolicy;
  },
  ctx: Pick<ToolContext, "signal"> & Partial<Pick<ToolContext, "validateArgs">>,
  ask: (question: PromptToolQuestion) => Promise<PermissionHookAnswer>,
  /** An allow's `updatedPermissions`, for the session; `by` names who gave them. */
  applyUpdates: (updates: PermissionUpdate[], by: string) => void,
): Promise<Judged> {
  const filePath = subjectKind(call.name) === "path" ? call.args.file_path : undefined;
  const blockedPath = typeof filePath === "string" ? facts.paths.outside(filePath) : undefined;
  const reason: PromptToolQuestion["reason"] =
    facts.askRule !== undefined
      ? { type: "rule", ...facts.askRule }
      : blockedPath !== undefined
        ? { type: "workingDir", text: OUTSIDE_WORKING_DIRS }
        : undefined;
  const prompted = await ask({
    suggestions: facts.suggestions,
    ...(blockedPath !== undefined ? { blockedPath } : {}),
    ...(reason !== undefined ? { reason } : {}),
  });
  // Interrupted while the tool was asked: the user stopped the run, the tool refused nothing.
  if (ctx.signal.aborted)
    return {
      allowed: false,
      reason: `permission denied: ${INTERRUPTED_AT_QUESTION}`,
      decision: BY_ABORT,
    };
  if (prompted.behavior === "allow") {
    if (prompted.updatedPermissions) applyUpdates(prompted.updatedPermissions, prompted.by);
    return allowedWith(prompted.updatedInput, ctx, prompted.by, BY_YOU);
  }
  // claude 2.1.328 (recorded): the program's deny is a person's no, its kind a rule's.
  return {
    allowed: false,
    reason: prompted.asIs ? prompted.message : `permission denied by ${prompted.by}: ${prompted.message}`,
    decision: rejectedBy("user_reject", "permission-rule"),
  };
}
