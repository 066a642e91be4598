import type { ToolCall, ToolContext } from "@codebot/agentcore";
import { alwaysRuleOf, subjectText } from "./always-rule.js";
import type { ApprovalAnswer } from "./approval-types.js";
import { INTERRUPTED_AT_QUESTION } from "./call-verdict.js";
import type { RuleSubject } from "./permission-rules.js";
import { putToUser } from "./put-to-user.js";
import type { ToolApprovalOptions } from "./tool-approval-options.js";

/** A PreToolUse hook's `permissionDecision: "ask"`: the call, why, and the hook that asked. */
export interface HookAskRequest {
  call: ToolCall;
  ctx: ToolContext;
  reason?: string;
  hook: string;
}

/**
 * A hook answered `permissionDecision: "ask"`: the call is put to the user, whatever the mode and
 * rules say; a yes lets it skip the usual question. With nobody to ask, it is refused.
 */
export async function askForHook(
  options: Pick<ToolApprovalOptions, "ask" | "paths" | "queue" | "hooks">,
  subjectOf: (call: ToolCall) => RuleSubject,
  request: HookAskRequest,
): Promise<{ allowed: true } | { allowed: false; reason: string }> {
  const { call, ctx } = request;
  const why = request.reason ?? `${request.hook} asks for confirmation`;
  const ask = options.ask;
  if (ask === undefined) {
    return {
      allowed: false,
      reason: `${why} (a hook asked for confirmation; nobody can answer in a non-interactive run)`,
    };
  }
  const text = subjectText(call, subjectOf(call), options.paths);
  let answer: ApprovalAnswer;
  try {
    answer = await putToUser(options, ask, call, ctx, {
      subject: text,
      alwaysRule: alwaysRuleOf(call, text),
      hookReason: why,
    });
  } catch (error) {
    return { allowed: false, reason: `${why}: asking failed: ${(error as Error).message}` };
  }
  // Esc or Ctrl+C at the question interrupts the run: not the user's "no", and said so as at a permission question.
  if (ctx.signal.aborted) return { allowed: false, reason: `${why} (${INTERRUPTED_AT_QUESTION})` };
  // "always" counts as yes for this call only: the hook asks again next time, so no rule is added.
  if (answer !== "once" && answer !== "always") {
    return { allowed: false, reason: `${why} (the user refused this ${call.name} call)` };
  }
  ctx.permission.preApprovedBy = request.hook;
  ctx.permission.confirmedByUser = true;
  return { allowed: true };
}
