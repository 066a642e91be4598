/**
 * `--permission-prompt-tool stdio` (what the Agent SDK passes with `canUseTool`): a call that
 * would be put to the user is put to the program instead, as a `can_use_tool` control request,
 * and its answer is read as a permission prompt tool's (`allow` with `updatedInput` and
 * `updatedPermissions`, or `deny` with a `message`). The request carries what an "always" answer
 * would add (`permission_suggestions`, which the SDK gives `canUseTool` as `suggestions`) and a
 * path outside the project (`blocked_path`), and, as claude 2.1.328 sends them, the call's
 * `description` and why it is asked (`decision_reason_type`, with `decision_reason` or
 * `decision_reason_rule_source`), for an MCP tool its server (`mcp_server`) and claude's
 * `display_name`, and for a sub-agent's call that run's `agent_id` (two sub-agents may ask at
 * once). The program is a person's stand-in: nothing bounds the wait but an interrupt.
 */
import type { ToolCall, ToolContext } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import type { PermissionHookAnswer } from "../../approval/approval-types.js";
import { promptAnswerOf } from "../../approval/permission-prompt-tool.js";
import { subjectKind } from "../../approval/permission-rule.js";
import type { PromptToolQuestion } from "../../approval/prompt-tool-verdict.js";
import { claudeDisplayName, claudeMcpSource, mcpOwnerOf } from "../../mcp/claude-provenance.js";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import type { SessionStateLines } from "../output/session-state-lines.js";
import type { ControlChannel } from "./control-channel.js";

/** How the denials and allows of the program are credited (notices, `canUseTool failed: …`). */
const ANSWERER = "canUseTool";

export function stdioPermissionPrompt(
  channel: Pick<ControlChannel, "request">,
  session: {
    /** The session's MCP servers, to name the one an `mcp__` call goes to. */
    mcpServers(): readonly ServerStatus[];
    /** A sub-agent run's id by its name: two asking at once are told apart by it (`agent_id`). */
    subagentId(name: string): string | undefined;
  } = { mcpServers: () => [], subagentId: () => undefined },
  /** Told the session waits for the program's answer (`requires_action`) and runs on after it. */
  states?: Pick<SessionStateLines, "set">,
): (
  call: ToolCall,
  ctx: Pick<ToolContext, "signal" | "agentName"> & Partial<Pick<ToolContext, "eventsDelivered">>,
  question: PromptToolQuestion,
) => Promise<PermissionHookAnswer> {
  return async (call, ctx, question) => {
    const toolName = claudeToolName(call.name);
    const mcp = mcpOwnerOf(call.name, session.mcpServers());
    const agentId = ctx.agentName === "main" ? undefined : session.subagentId(ctx.agentName);
    let response: Record<string, unknown>;
    // The assistant line holding the call goes out first, as claude 2.1.328 writes it: the
    // program sees the call before it is asked about it.
    await ctx.eventsDelivered?.();
    states?.set("requires_action");
    try {
      response = await channel.request(
        {
          subtype: "can_use_tool",
          tool_name: toolName,
          ...(mcp !== undefined
            ? {
                mcp_server: { name: mcp.server, source: claudeMcpSource(mcp.origin) },
                display_name: claudeDisplayName(call.name),
              }
            : { display_name: toolName }),
          input: call.args,
          ...descriptionOf(call),
          permission_suggestions: question.suggestions,
          ...(question.blockedPath !== undefined ? { blocked_path: question.blockedPath } : {}),
          ...reasonFields(question.reason),
          tool_use_id: call.id,
          ...(agentId !== undefined ? { agent_id: agentId } : {}),
        },
        ctx.signal,
      );
    } catch (error) {
      return { behavior: "deny", message: `canUseTool failed: ${(error as Error).message}`, by: ANSWERER };
    } finally {
      states?.set("running");
    }
    const answer = promptAnswerOf(response, JSON.stringify(response), ANSWERER, ANSWERER);
    // claude 2.1.328 (recorded): the model is told the program's message alone.
    return answer.behavior === "deny" ? { ...answer, asIs: true } : answer;
  };
}

/** claude's `description`: a Bash call's own `description`, a file tool's path. */
function descriptionOf(call: ToolCall): { description?: string } {
  const { description, file_path: filePath } = call.args;
  if (call.name === "bash") return typeof description === "string" ? { description } : {};
  if (subjectKind(call.name) === "path" && typeof filePath === "string") return { description: filePath };
  return {};
}

/** Why the call is asked, in claude's fields. */
function reasonFields(reason: PromptToolQuestion["reason"]): Record<string, string> {
  if (reason === undefined) return {};
  if (reason.type === "workingDir")
    return { decision_reason: reason.text, decision_reason_type: "workingDir" };
  return {
    decision_reason_type: "rule",
    ...(reason.ruleSource !== undefined ? { decision_reason_rule_source: reason.ruleSource } : {}),
  };
}
