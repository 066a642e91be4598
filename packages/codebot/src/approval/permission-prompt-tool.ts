/**
 * `--permission-prompt-tool <mcp tool>` (Claude Code's, as claude 2.1.328 calls it): in a run with
 * nobody to ask, a call that would be put to the user is put to an MCP tool instead — `{tool_name,
 * input, tool_use_id}` in; `{"behavior": "allow", "updatedInput"?: {…}}` or `{"behavior": "deny",
 * "message": …}` as the text of its answer. Anything else refuses the call, saying why.
 */
import type { Tool, ToolCall, ToolContext, ToolResult } from "@codebot/agentcore";
import { claudeToolName, permissionUpdatesOf } from "@codebot/hooks";
import type { PermissionHookAnswer } from "./approval-types.js";

export interface PromptToolSession {
  /** The session's tools, MCP tools among them once their servers connect. */
  tools(): readonly Tool[];
  /** Resolves once every MCP server has connected or failed. */
  mcpReady(): Promise<void>;
}

export function permissionPromptTool(
  name: string,
  session: PromptToolSession,
): (call: ToolCall, ctx: Pick<ToolContext, "signal" | "agentName">) => Promise<PermissionHookAnswer> {
  const deny = (message: string): PermissionHookAnswer => ({ behavior: "deny", message, by: name });
  return async (call, ctx) => {
    await session.mcpReady();
    const tool = session.tools().find((t) => t.name === name);
    if (tool === undefined) return deny("no MCP server offers this permission prompt tool");
    const input = { tool_name: claudeToolName(call.name), input: call.args, tool_use_id: call.id };
    let result: ToolResult;
    try {
      result = await tool.execute(input, contextFor(tool, call, ctx));
    } catch (error) {
      return deny(`the permission prompt tool failed: ${(error as Error).message}`);
    }
    if (result.isError) return deny(`the permission prompt tool failed: ${result.content}`);
    return answerOf(result.content, name);
  };
}

/** The tool's text as an answer; what is not one refuses the call. */
function answerOf(text: string, name: string): PermissionHookAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return promptAnswerOf(parsed, text, name, "the permission prompt tool");
}

/**
 * An answer as a prompt tool or the Agent SDK's `canUseTool` gives it: `{"behavior": "allow",
 * "updatedInput"?: {…}}` or `{"behavior": "deny", "message": …}`; anything else refuses the call,
 * quoting `shown` and naming `answerer`.
 */
export function promptAnswerOf(
  parsed: unknown,
  shown: string,
  name: string,
  answerer: string,
): PermissionHookAnswer {
  const answer = (parsed ?? {}) as {
    behavior?: unknown;
    updatedInput?: unknown;
    updatedPermissions?: unknown;
    message?: unknown;
  };
  if (answer.behavior === "allow") {
    const updated = answer.updatedInput;
    // As a PermissionRequest hook's: the changes it asks for besides, for the session (a malformed entry is skipped).
    const updates = permissionUpdatesOf(answer.updatedPermissions, []);
    const permissions = updates.length > 0 ? { updatedPermissions: updates } : {};
    if (updated === undefined || updated === null) return { behavior: "allow", ...permissions, by: name };
    if (typeof updated === "object" && !Array.isArray(updated))
      return {
        behavior: "allow",
        updatedInput: updated as Record<string, unknown>,
        ...permissions,
        by: name,
      };
  }
  if (answer.behavior === "deny")
    return {
      behavior: "deny",
      message: typeof answer.message === "string" ? answer.message : "denied",
      by: name,
    };
  return {
    behavior: "deny",
    message: `${answerer}'s answer is not {"behavior": "allow"|"deny", …}: ${shown.slice(0, 200)}`,
    by: name,
  };
}

/**
 * What an MCP tool's `execute` is given: the question's signal, and the id of the call asked
 * about (the prompt tool is not a call of the model's); nothing streams or validates.
 */
function contextFor(
  tool: Tool,
  asked: ToolCall,
  ctx: Pick<ToolContext, "signal" | "agentName">,
): ToolContext {
  return {
    callId: asked.id,
    signal: ctx.signal,
    agentName: ctx.agentName,
    tool,
    validateArgs: (args) => ({ ok: true, args: args as Record<string, unknown> }),
    onUpdate: () => {},
    permission: {},
    eventsDelivered: async () => {},
  };
}
