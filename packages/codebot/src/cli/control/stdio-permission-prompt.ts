/**
 * `--permission-prompt-tool stdio` (what the Agent SDK passes with `canUseTool`): a call that
 * would be put to the user is put to the program instead, as a `can_use_tool` control request,
 * and its answer is read as a permission prompt tool's (`allow` with `updatedInput` and
 * `updatedPermissions`, or `deny` with a `message`). The request carries what an "always" answer
 * would add (`permission_suggestions`, which the SDK gives `canUseTool` as `suggestions`) and a
 * path outside the project (`blocked_path`). The program is a person's stand-in: nothing bounds the
 * wait but an interrupt.
 */
import type { ToolCall, ToolContext } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import type { PermissionHookAnswer } from "../../approval/approval-types.js";
import { promptAnswerOf } from "../../approval/permission-prompt-tool.js";
import type { PromptToolQuestion } from "../../approval/tool-approval.js";
import type { ControlChannel } from "./control-channel.js";

/** How the denials and allows of the program are credited (`permission denied by canUseTool: …`). */
const ANSWERER = "canUseTool";

export function stdioPermissionPrompt(
  channel: Pick<ControlChannel, "request">,
): (
  call: ToolCall,
  ctx: Pick<ToolContext, "signal" | "agentName">,
  question: PromptToolQuestion,
) => Promise<PermissionHookAnswer> {
  return async (call, ctx, question) => {
    const toolName = claudeToolName(call.name);
    let response: Record<string, unknown>;
    try {
      response = await channel.request(
        {
          subtype: "can_use_tool",
          tool_name: toolName,
          display_name: toolName,
          input: call.args,
          permission_suggestions: question.suggestions,
          ...(question.blockedPath !== undefined ? { blocked_path: question.blockedPath } : {}),
          tool_use_id: call.id,
        },
        ctx.signal,
      );
    } catch (error) {
      return { behavior: "deny", message: `canUseTool failed: ${(error as Error).message}`, by: ANSWERER };
    }
    return promptAnswerOf(response, JSON.stringify(response), ANSWERER, ANSWERER);
  };
}
