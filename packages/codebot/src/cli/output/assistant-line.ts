import { claudeToolUseMeta } from "../../mcp/claude-provenance.js";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import type { WireObject } from "./wire.js";

/**
 * Claude's `assistant` line of an answer (one block of it, or all of them: blockLines splits
 * them), its fields in claude 2.1.328's order; `head` is the line's `parent_tool_use_id`,
 * `session_id`, `uuid` and `timestamp`.
 */
export function assistantLine(
  answer: { id: string; model: string; content: unknown; usage?: unknown },
  head: WireObject,
  mcpServers: readonly ServerStatus[],
): WireObject {
  const toolUseMeta = Array.isArray(answer.content) ? claudeToolUseMeta(answer.content, mcpServers) : [];
  return {
    type: "assistant",
    message: {
      id: answer.id,
      type: "message",
      role: "assistant",
      model: answer.model,
      content: answer.content,
      stop_reason: null,
      stop_sequence: null,
      ...(answer.usage !== undefined ? { usage: answer.usage } : {}),
      context_management: null,
    },
    ...head,
    // As claude 2.1.328's: how its MCP calls are shown (recorded).
    ...(toolUseMeta.length > 0 ? { tool_use_meta: toolUseMeta } : {}),
  };
}
