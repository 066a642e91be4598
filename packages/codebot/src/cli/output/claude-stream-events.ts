/**
 * `--include-partial-messages`: the main agent's model stream as claude 2.1.328 writes it
 * (recorded, see docs/cli.md): every Anthropic Messages stream event, as the API sent it, in a
 * `stream_event` line naming its message (`api_message_id`); tool names in Claude Code's
 * spelling. Each block's `assistant` line comes just before its `content_block_stop` line, and a
 * `system`/`status` line saying `requesting` before each request, as claude writes them. A
 * provider whose stream is not Anthropic's gets a `content_block_delta` line per piece of text
 * instead (and its `assistant` lines as the answer ends). A sub-agent's stream has no lines, as in
 * claude.
 */
import { randomUUID } from "node:crypto";
import type { AgentEvent } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import { assistantLine } from "./assistant-line.js";
import type { ThinkingTokens } from "./thinking-tokens.js";
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

/** A block of the answer as its events build it, and when it started (for thinking's duration). */
type OpenBlock = { block: Record<string, unknown>; json: string; startedAt: number };

export interface StreamEventOptions {
  /** The run's thinking-token estimate (thinking-tokens.ts): its lines go before the pieces they count. */
  thinkingTokens: ThinkingTokens;
  /**
   * Whether each block's `assistant` line is written as it ends (claude's way); when not, the
   * answer's lines come as it ends (a MessageDisplay hook may change their text then).
   */
  blockLines: () => boolean;
  /** The session's MCP servers now: an answer's MCP calls are named by their server (`tool_use_meta`). */
  mcpServers: () => readonly ServerStatus[];
  /** How thinking is shown, as the lines name it (claude-stream.ts thinkingDisplayOf). */
  thinkingDisplay: string;
}

/** One for the whole run: it remembers which message the stream is in. */
export class ClaudeStreamEvents {
  private messageId: string | undefined;
  /** Whether this message's stream came as Anthropic's own events (else its text makes the lines). */
  private anthropic = false;
  /** The answer as `message_start` gave it (its model and usage go on its blocks' lines). */
  private answer: { model?: unknown; usage?: unknown } = {};
  private readonly blocks = new Map<unknown, OpenBlock>();
  /** The answers whose blocks had their lines as they ended (their message's end writes none). */
  private readonly written = new Set<string>();

  constructor(private readonly options: StreamEventOptions) {}

  /** Whether this message's stream is Anthropic's own events (its thinking is counted from them). */
  anthropicStream(): boolean {
    return this.anthropic;
  }

  /** Whether the answer's blocks had their `assistant` lines as they ended (and forgets it). */
  wroteBlocksOf(responseId: string | undefined): boolean {
    return responseId !== undefined && this.written.delete(responseId);
  }

  /** The lines of one of the main agent's events; `base` gives session_id and uuid. */
  lines(e: AgentEvent, base: WireObject): WireObject[] {
    if (e.type === "message_start") {
      this.anthropic = false;
      this.messageId = undefined;
      this.blocks.clear();
      // As claude's, with this flag: the request is on its way.
      return e.role === "assistant"
        ? [{ type: "system", subtype: "status", status: "requesting", ...base }]
        : [];
    }
    if (e.type === "message_chunk") {
      const event = anthropicEvent(e.chunk);
      if (event === undefined) return [];
      this.anthropic = true;
      if (event.type === "message_start") this.started(event);
      const before = this.before(event, base);
      return [...before, this.line(claudeNames(event), base, e.ttftMs)];
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

  private started(event: StreamEvent): void {
    const message = (event.message ?? {}) as { id?: unknown; model?: unknown; usage?: unknown };
    this.messageId = typeof message.id === "string" ? message.id : undefined;
    this.answer = { model: message.model, usage: message.usage };
    this.options.thinkingTokens.start();
  }

  /** The lines that go before an event's own: thinking's estimate, a block's `assistant` line. */
  private before(event: StreamEvent, base: WireObject): WireObject[] {
    const index = event.index;
    if (event.type === "content_block_start") {
      const block = { ...(event.content_block as Record<string, unknown>) };
      this.blocks.set(index, { block, json: "", startedAt: performance.now() });
      this.options.thinkingTokens.start(String(index));
      return [];
    }
    const open = this.blocks.get(index);
    if (event.type === "content_block_delta" && open) return this.grow(open, String(index), event, base);
    if (event.type === "content_block_stop" && open) {
      this.blocks.delete(index);
      return this.blockLine(open, base);
    }
    return [];
  }

  /** Adds a piece to its block; a piece of thinking is counted. */
  private grow(open: OpenBlock, index: string, event: StreamEvent, base: WireObject): WireObject[] {
    const delta = (event.delta ?? {}) as Record<string, unknown>;
    const { block } = open;
    const text = (field: string) => (typeof delta[field] === "string" ? (delta[field] as string) : "");
    switch (delta.type) {
      case "text_delta":
        block.text = `${block.text ?? ""}${text("text")}`;
        return [];
      case "input_json_delta":
        open.json += text("partial_json");
        return [];
      case "thinking_delta": {
        block.thinking = `${block.thinking ?? ""}${text("thinking")}`;
        const stated = typeof delta.estimated_tokens === "number" ? delta.estimated_tokens : undefined;
        return this.options.thinkingTokens.thinking(index, text("thinking"), stated, base.session_id);
      }
      case "signature_delta":
        block.signature = text("signature");
        return this.options.thinkingTokens.signature(index, text("signature"), base.session_id);
      default:
        return [];
    }
  }

  /** A block's `assistant` line, as claude writes it just before the block's `content_block_stop`. */
  private blockLine(open: OpenBlock, base: WireObject): WireObject[] {
    if (!this.options.blockLines() || this.messageId === undefined) return [];
    this.written.add(this.messageId);
    const block = finished(open);
    const thinking = block.type === "thinking";
    const line = assistantLine(
      {
        id: this.messageId,
        model: String(this.answer.model),
        content: [block],
        ...(this.answer.usage !== undefined ? { usage: this.answer.usage } : {}),
      },
      { parent_tool_use_id: null, session_id: base.session_id, uuid: randomUUID(), timestamp: now() },
      this.options.mcpServers(),
    );
    if (!thinking) return [line];
    // As claude's: how long the block took to stream (at least 1 ms) and how thinking is shown.
    const ms = Math.max(1, Math.round(performance.now() - open.startedAt));
    return [{ ...line, thinking_duration_ms: ms, thinking_display: this.options.thinkingDisplay }];
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
      ...(showsThinking(event) ? { thinking_display: this.options.thinkingDisplay } : {}),
      ...(this.messageId !== undefined ? { api_message_id: this.messageId } : {}),
    };
  }
}

/** A block as its events built it: a tool call's arguments parsed, its tool named as claude names it. */
function finished(open: OpenBlock): Record<string, unknown> {
  const { block } = open;
  if (block.type !== "tool_use" && block.type !== "server_tool_use") return block;
  const name = typeof block.name === "string" ? claudeToolName(block.name) : block.name;
  return { ...block, name, input: open.json === "" ? (block.input ?? {}) : argumentsOf(open.json) };
}

/**
 * A call's arguments; ones that are not JSON (cut at the output limit) as claude 2.1.328 shows
 * them (recorded): `{"__unparsedToolInput": {"raw": <their first 2048 characters>, "len": <length>}}`.
 */
function argumentsOf(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return { __unparsedToolInput: { raw: json.slice(0, 2048), len: json.length } };
  }
}

const now = () => new Date().toISOString();

function anthropicEvent(chunk: unknown): StreamEvent | undefined {
  if (typeof chunk !== "object" || chunk === null) return undefined;
  const type = (chunk as { type?: unknown }).type;
  return typeof type === "string" && MESSAGE_EVENTS.has(type) ? (chunk as StreamEvent) : undefined;
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
