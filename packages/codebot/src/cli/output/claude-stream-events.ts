/**
 * `--include-partial-messages`: the main agent's model stream as claude 2.1.328 writes it
 * (recorded, see docs/cli.md): every Anthropic Messages stream event, as the API sent it, in a
 * `stream_event` line naming its message (`api_message_id`); tool names in Claude Code's
 * spelling. A provider whose stream is not Anthropic's gets a `content_block_delta` line per piece
 * of text instead. A sub-agent's stream has no lines, as in claude.
 */
import type { AgentEvent } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import type { WireObject } from "./wire.js";

/** The events the Anthropic SDK hands on (it drops `ping`; `error` ends the call instead). */
const MESSAGE_EVENTS = new Set([
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
]);

type StreamEvent = { type: string; [field: string]: unknown };

/** One for the whole run: it remembers which message the stream is in. */
export class ClaudeStreamEvents {
  private messageId: string | undefined;
  /** Whether this message's stream came as Anthropic's own events (else its text makes the lines). */
  private anthropic = false;

  /** The `stream_event` lines of one of the main agent's events; `base` gives session_id and uuid. */
  lines(e: AgentEvent, base: WireObject): WireObject[] {
    if (e.type === "message_start") {
      this.anthropic = false;
      this.messageId = undefined;
      return [];
    }
    if (e.type === "message_chunk") {
      const event = anthropicEvent(e.chunk);
      if (event === undefined) return [];
      this.anthropic = true;
      if (event.type === "message_start") this.messageId = messageIdOf(event);
      return [this.line(claudeNames(event), base, e.ttftMs)];
    }
    if (e.type === "message_update" && !this.anthropic) {
      return [
        this.line(
          { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: e.delta } },
          base,
        ),
      ];
    }
    return [];
  }

  private line(event: StreamEvent, base: WireObject, ttftMs?: number): WireObject {
    return {
      type: "stream_event",
      event,
      session_id: base.session_id,
      parent_tool_use_id: null,
      uuid: base.uuid,
      // As claude's: how long the answer took to start, on its first event.
      ...(ttftMs !== undefined && event.type === "message_start" ? { ttft_ms: ttftMs } : {}),
      // As claude's: how thinking is shown, on the message's start and its thinking's pieces.
      ...(showsThinking(event) ? { thinking_display: "updates" } : {}),
      ...(this.messageId !== undefined ? { api_message_id: this.messageId } : {}),
    };
  }
}

function anthropicEvent(chunk: unknown): StreamEvent | undefined {
  if (typeof chunk !== "object" || chunk === null) return undefined;
  const type = (chunk as { type?: unknown }).type;
  return typeof type === "string" && MESSAGE_EVENTS.has(type) ? (chunk as StreamEvent) : undefined;
}

function messageIdOf(event: StreamEvent): string | undefined {
  const id = (event.message as { id?: unknown } | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}

/** A tool call's start names the tool as Claude Code does (`Bash`, not codebot's `bash`). */
function claudeNames(event: StreamEvent): StreamEvent {
  const block = event.content_block as { type?: unknown; name?: unknown } | undefined;
  if (event.type !== "content_block_start" || block?.type !== "tool_use" || typeof block.name !== "string")
    return event;
  return { ...event, content_block: { ...block, name: claudeToolName(block.name) } };
}

function showsThinking(event: StreamEvent): boolean {
  if (event.type === "message_start") return true;
  const block = event.content_block as { type?: unknown } | undefined;
  const delta = event.delta as { type?: unknown } | undefined;
  return block?.type === "thinking" || delta?.type === "thinking_delta";
}
