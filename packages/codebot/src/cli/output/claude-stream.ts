/**
 * `-p --output-format stream-json` in Claude Code's shape (checked against `claude` 2.1.328, see
 * test/fixtures/claude-code-2.1.328/): a `system`/`init` line, an `assistant` line per model
 * message, a `user` line per batch of tool results, then the `result` line. codebot's own
 * reports are `system` lines with subtypes of their own: `hook_start`, `hook` (a hook trace
 * record), `notice`, `agent_message` (a sub-agent's message). With `--include-partial-messages`
 * the answer's text also streams as `stream_event` lines (`content_block_delta`), as Claude Code's.
 */
import { randomUUID } from "node:crypto";
import { claudeToolName } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { SessionEvent } from "../../session/session-events.js";
import { toTranscriptMessage } from "../../transcript/transcript-line.js";
import { modelFallbackText } from "./model-fallback-text.js";
import { type WireObject, wireHookStart, wireTraceRecord } from "./wire.js";

/** The Claude Code–shaped `message` of a kernel message, tool names in Claude Code's spelling. */
export function claudeMessage(message: ModelMessage): { type: string; message: WireObject } {
  const { type, message: m } = toTranscriptMessage(message);
  const content =
    typeof m.content === "string"
      ? m.content
      : m.content.map((block) =>
          block.type === "tool_use" ? { ...block, name: claudeToolName(block.name) } : block,
        );
  return { type, message: { role: m.role, content } };
}

/** The stream-json line of a session event, or undefined for events Claude Code does not stream. */
export function claudeStreamLine(
  event: SessionEvent,
  ids: { sessionId: string; model: string },
  partialMessages = false,
): WireObject | undefined {
  const base = { session_id: ids.sessionId, uuid: randomUUID() };
  switch (event.kind) {
    case "hook_start":
      return { type: "system", subtype: "hook_start", ...wireHookStart(event.start), ...base };
    case "hook":
      return { type: "system", subtype: "hook", ...wireTraceRecord(event.record), ...base };
    case "notice":
      return { type: "system", subtype: "notice", message: event.message, ...base };
    case "title":
      return { type: "system", subtype: "session_title_changed", title: event.title, ...base };
    case "agent": {
      const e = event.event;
      if (e.type === "message_update" && partialMessages && event.agentName === "main") {
        return {
          type: "stream_event",
          event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: e.delta } },
          parent_tool_use_id: null,
          ...base,
        };
      }
      if (e.type === "model_fallback") {
        return {
          type: "system",
          subtype: "model_fallback",
          trigger: e.trigger,
          original_model: e.from.modelId,
          fallback_model: e.to.modelId,
          content: modelFallbackText(e),
          ...base,
        };
      }
      if (e.type !== "message_end") return undefined;
      const { type, message } = claudeMessage(e.message);
      if (event.agentName !== "main") {
        return { type: "system", subtype: "agent_message", agent: event.agentName, message, ...base };
      }
      if (type === "assistant") {
        return {
          type: "assistant",
          message: { type: "message", model: e.model ?? ids.model, ...message, stop_reason: null },
          parent_tool_use_id: null,
          ...base,
        };
      }
      // Tool results (the kernel's role "tool") and injected user messages.
      return { type: "user", message: { ...message, role: "user" }, parent_tool_use_id: null, ...base };
    }
  }
}
