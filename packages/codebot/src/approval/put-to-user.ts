import type { ToolCall, ToolContext } from "@codebot/agentcore";
import type { ApprovalAnswer, AskToolApproval, ToolApprovalRequest } from "./approval-types.js";
import type { ToolApprovalOptions } from "./tool-approval-options.js";

/** One question at a time (parallel calls queue up); a run cancelled meanwhile is a "deny" without asking. */
export function putToUser(
  options: Pick<ToolApprovalOptions, "queue" | "hooks">,
  ask: AskToolApproval,
  call: ToolCall,
  ctx: Pick<ToolContext, "agentName" | "signal">,
  question: Pick<
    ToolApprovalRequest,
    "subject" | "alwaysRule" | "hookReason" | "ruleReason" | "planReturnsTo"
  >,
): Promise<ApprovalAnswer> {
  return options.queue.run(() => {
    if (ctx.signal.aborted) return Promise.resolve("deny");
    const answered = options.hooks?.asking(call);
    return ask({
      tool: call.name,
      callId: call.id,
      agentName: ctx.agentName,
      args: call.args,
      ...question,
      signal: ctx.signal,
    }).finally(() => answered?.());
  });
}
