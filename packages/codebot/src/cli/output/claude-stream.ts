/**
 * `-p --output-format stream-json` in Claude Code's shape (checked against `claude` 2.1.328, see
 * test/fixtures/claude-code-2.1.328/): a `system`/`init` line, an `assistant` line per block of
 * a model message (each with the message's id), a `user` line per tool result as its call ends
 * (with the tool's own result, `tool_use_result`; an MCP tool's result is its content blocks in
 * both), then the `result` line. codebot's own
 * reports are `system` lines with subtypes of their own: `hook_start`, `hook` (a hook trace
 * record), `notice`, `agent_message` (a sub-agent's message). With `--include-partial-messages`
 * the main agent's model stream also comes as `stream_event` lines (claude-stream-events.ts).
 * A sub-agent's prompt, tool calls and tool results are Claude Code's lines under the call that
 * started it (`parent_tool_use_id`), its text and thinking too with `--forward-subagent-text`, as
 * claude 2.1.328 writes them; without that flag its messages are also `agent_message` lines.
 */
import { randomUUID } from "node:crypto";
import {
  type AgentEvent,
  isDeferredToolsNote,
  isEmptyAnswerNudge,
  isOutputLimitResume,
  type ThinkingDisplay,
  type ToolResult,
  toolResultMessage,
} from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { type PermissionDecision, toolResultMeta } from "../../approval/permission-decision.js";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import type { SessionEvent, SubagentOrigin } from "../../session/session-events.js";
import { claudePermissionMode } from "../../settings/permission-modes.js";
import { toTranscriptMessage } from "../../transcript/transcript-line.js";
import { apiRetryLine } from "./api-retry-line.js";
import { assistantLine } from "./assistant-line.js";
import type { ClaudeStreamEvents } from "./claude-stream-events.js";
import { claudeUsage } from "./claude-usage.js";
import { compactionLines } from "./compaction-lines.js";
import { modelFallbackText } from "./model-fallback-text.js";
import { noVerdictLine } from "./no-verdict-line.js";
import { blockedPromptLine } from "./prompt-outcome-line.js";
import type { TaskLines } from "./task-lines.js";
import type { ThinkingTokens } from "./thinking-tokens.js";
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

export interface StreamLineOptions {
  /** `--include-partial-messages`: the main agent's model stream, in `stream_event` lines. One for the whole run. */
  streamEvents?: ClaudeStreamEvents;
  /** The run's thinking-token estimate: the main agent's thinking gets claude's `thinking_tokens` lines. */
  thinkingTokens?: ThinkingTokens;
  /** `--forward-subagent-text`: a sub-agent's messages as `assistant`/`user` lines, not `agent_message`. */
  subagentMessages?: boolean;
  /** Claude's task lines of sub-agents' runs and background shells (task-lines.ts). One for the whole run. */
  tasks?: TaskLines;
  /**
   * The calls whose result has had its own line (given at its `tool_execution_end`): the batch's
   * message leaves them out. One set for the whole run.
   */
  streamedResults?: Set<string>;
  /**
   * How each call's permission check ended, by call id (one map for the whole run): its result's
   * line carries it as claude's `tool_result_meta`, and forgets it.
   */
  permissionDecisions?: Map<string, PermissionDecision>;
  /** The session's MCP servers now: an answer's MCP calls are named by their server (`tool_use_meta`). */
  mcpServers?: () => readonly ServerStatus[];
}

/** The stream-json lines of a session event; none for events Claude Code does not stream. */
export function claudeStreamLines(
  event: SessionEvent,
  ids: { sessionId: string; model: string },
  options: StreamLineOptions = {},
): WireObject[] {
  const base = { session_id: ids.sessionId, uuid: randomUUID() };
  switch (event.kind) {
    case "hook_start":
      return [{ type: "system", subtype: "hook_start", ...wireHookStart(event.start), ...base }];
    case "hook":
      return [{ type: "system", subtype: "hook", ...wireTraceRecord(event.record), ...base }];
    case "notice":
      return [{ type: "system", subtype: "notice", message: event.message, ...base }];
    case "hook_no_verdict":
      return [{ ...noVerdictLine(event.noVerdict), ...base }];
    case "title":
      return [{ type: "system", subtype: "session_title_changed", title: event.title, ...base }];
    case "prompt_blocked":
      return [{ ...blockedPromptLine("UserPromptSubmit", event.shown, event.reason, event.prompt), ...base }];
    case "compaction":
      return compactionLines(event, base, now);
    case "permission_mode":
      // claude 2.1.328's line as EnterPlanMode or an approved ExitPlanMode switches the mode (recorded).
      return [
        {
          type: "system",
          subtype: "status",
          status: null,
          permissionMode: claudePermissionMode(event.mode),
          ...base,
        },
      ];
    case "background_shell":
      return (
        options.tasks?.shellLines(event.shell, () => ({ uuid: randomUUID(), session_id: ids.sessionId })) ??
        []
      );
    case "agent": {
      const tasks = options.tasks?.lines(event, () => ({ uuid: randomUUID(), session_id: ids.sessionId }));
      const lines = agentLines(event, ids, options, base);
      return tasks === undefined ? lines : [...tasks.before, ...lines, ...tasks.after];
    }
    default:
      return [];
  }
}

function agentLines(
  event: Extract<SessionEvent, { kind: "agent" }>,
  ids: { sessionId: string; model: string },
  options: StreamLineOptions,
  base: WireObject,
): WireObject[] {
  const e = event.event;
  // claude 2.1.328 streams the main agent's model stream only, not a sub-agent's (recorded).
  if (e.type === "message_start" || e.type === "message_chunk" || e.type === "message_update") {
    if (event.agentName !== "main") return [];
    if (e.type === "message_start") options.thinkingTokens?.start();
    return options.streamEvents?.lines(e, base) ?? [];
  }
  // Counted from the provider's own events instead when they are streamed (claude-stream-events.ts).
  if (e.type === "thinking_update") {
    if (event.agentName !== "main" || options.streamEvents?.anthropicStream()) return [];
    return e.signature !== undefined
      ? (options.thinkingTokens?.signature(e.block, e.signature, base.session_id) ?? [])
      : (options.thinkingTokens?.thinking(e.block, e.delta, undefined, base.session_id) ?? []);
  }
  if (e.type === "retry") return event.agentName === "main" ? [apiRetryLine(e, base)] : [];
  if (e.type === "model_fallback") {
    return [
      {
        type: "system",
        subtype: "model_fallback",
        trigger: e.trigger,
        original_model: e.from.modelId,
        fallback_model: e.to.modelId,
        content: modelFallbackText(e),
        ...base,
      },
    ];
  }
  // Taken as the call ends, whether or not the call gets a line of claude's.
  const decision = e.type === "tool_execution_end" ? takeDecision(options, e.call.id) : undefined;
  const origin = event.agentName === "main" ? undefined : event.subagent;
  if (event.agentName !== "main" && origin === undefined) return codebotLines(e, event.agentName, base);
  // Without --forward-subagent-text claude still writes a sub-agent's prompt, tool calls and tool
  // results under its call, not its text or thinking: codebot's agent_message lines carry all of it.
  const whole = event.agentName === "main" || options.subagentMessages === true;
  // Each line its own uuid: an event may give two (codebot's agent_message and claude's line).
  const under = () => {
    const own = { ...base, uuid: randomUUID() };
    return origin ? underCall(origin, own) : { parent_tool_use_id: null, ...own, timestamp: now() };
  };
  if (e.type === "tool_execution_end") {
    if (options.streamedResults === undefined) return [];
    // Its own line as the call ends, as claude writes them: in the order the calls end.
    options.streamedResults.add(e.call.id);
    const { message } = claudeMessage(toolResultMessage([{ call: e.call, result: e.result }]));
    const blocks = e.result.blocks;
    return [
      {
        type: "user",
        message: blocks
          ? { role: "user", content: [blockResult(e.call.id, blocks, e.result.isError)] }
          : { ...message, role: "user" },
        ...under(),
        ...(blocks ? { tool_use_result: blocks } : {}),
        ...(e.result.data !== undefined ? { tool_use_result: toolUseResult(e.result) } : {}),
        // A refused call, as claude 2.1.328 writes it (recorded): its text after `Error: `.
        ...(decision?.decision === "reject" && e.result.data === undefined && !blocks
          ? { tool_use_result: `Error: ${e.result.content}` }
          : {}),
        // As claude 2.1.328's: how the call's permission check ended (none when it never had one).
        ...(decision !== undefined ? { tool_result_meta: [toolResultMeta(e.call.id, decision)] } : {}),
      },
    ];
  }
  if (e.type !== "message_end") return [];
  // The notes that deferred tools went or came are for the model: claude 2.1.328 prints no line for them (recorded).
  if (isDeferredToolsNote(e.message)) return [];
  const lines = whole ? [] : codebotLines(e, event.agentName, base);
  const { type, message } = claudeMessage(withoutStreamed(e.message, options.streamedResults));
  const content = Array.isArray(message.content)
    ? message.content.filter(
        (block: { type?: string }) => whole || type !== "assistant" || block.type === "tool_use",
      )
    : message.content;
  if (Array.isArray(content) && content.length === 0) return lines;
  if (type === "assistant") {
    // With --include-partial-messages its blocks had their lines as they ended, as claude's.
    if (event.agentName === "main" && options.streamEvents?.wroteBlocksOf(e.responseId)) return lines;
    lines.push(
      assistantLine(
        {
          id: e.responseId ?? `msg_${randomUUID().replaceAll("-", "")}`,
          model: e.model ?? ids.model,
          content,
          ...(e.usage !== undefined ? { usage: claudeUsage(e.usage) } : {}),
        },
        under(),
        options.mcpServers?.() ?? [],
      ),
    );
  } else if (event.steered === undefined) {
    // A message that joined the running turn — one the program sent mid-turn, a background run's
    // notification (event.steered, by where it came from) — gets no line of its own, as claude
    // 2.1.328 writes none (recorded); `--replay-user-messages` echoes it instead (replay-line.ts).
    // Tool results not given a line of their own, and injected user messages (a sub-agent's
    // prompt, a resume after a cut answer): their text as a block, as claude 2.1.328 writes them.
    lines.push({
      type: "user",
      message: {
        ...message,
        content: typeof content === "string" ? [{ type: "text", text: content }] : content,
        role: "user",
      },
      ...under(),
      // As claude's: a resume, or the nudge after an empty answer, came from no one (recorded).
      ...(isOutputLimitResume(e.message) || isEmptyAnswerNudge(e.message) ? { isSynthetic: true } : {}),
    });
  }
  return lines;
}

/** A tool's own result for stream-json; a failure it words as Claude Code (`{error}`) is claude's `Error: <error>`. */
function toolUseResult(result: ToolResult): unknown {
  const error = result.data !== undefined && "error" in result.data ? result.data.error : undefined;
  return result.isError && typeof error === "string" ? `Error: ${error}` : result.data;
}

/** How the call's permission check ended, forgotten once read. */
function takeDecision(options: StreamLineOptions, callId: string): PermissionDecision | undefined {
  const decision = options.permissionDecisions?.get(callId);
  options.permissionDecisions?.delete(callId);
  return decision;
}

/** codebot's own line for a sub-agent's message: `agent_message`, named by the run. */
function codebotLines(e: AgentEvent, agentName: string, base: WireObject): WireObject[] {
  if (e.type !== "message_end") return [];
  const { message } = claudeMessage(e.message);
  return [{ type: "system", subtype: "agent_message", agent: agentName, message, ...base }];
}

/**
 * Claude's lines of one answer: a line per block (thinking, text, a tool call), each carrying the
 * whole message's fields, and `tool_use_meta` of its own call only; any other line as it is.
 */
export function blockLines(line: WireObject, display: string): WireObject[] {
  const message = line.message as { content?: unknown } | undefined;
  if (line.type !== "assistant" || !Array.isArray(message?.content)) return [line];
  if (message.content.length < 2) return [withThinkingDisplay(line, message.content[0], display)];
  const { tool_use_meta: meta, ...rest } = line;
  return message.content.map((block: { id?: unknown }) => {
    const own = Array.isArray(meta) ? meta.filter((entry: { id?: unknown }) => entry.id === block.id) : [];
    return withThinkingDisplay(
      {
        ...rest,
        message: { ...message, content: [block] },
        uuid: randomUUID(),
        ...(own.length > 0 ? { tool_use_meta: own } : {}),
      },
      block,
      display,
    );
  });
}

/**
 * How thinking is shown, as claude 2.1.328's lines name it (recorded): the `--thinking-display`
 * it sends (`summarized`, `highlights`), else `updates` (`omitted` too, which it sends as that).
 */
export function thinkingDisplayOf(flag: ThinkingDisplay | undefined): string {
  return flag === "summarized" || flag === "highlights" ? flag : "updates";
}

/** A thinking block's line says how thinking is shown, as claude 2.1.328's does (recorded). */
function withThinkingDisplay(line: WireObject, block: unknown, display: string): WireObject {
  if ((block as { type?: unknown } | undefined)?.type !== "thinking" || "thinking_display" in line)
    return line;
  return { ...line, thinking_display: display };
}

/** A tool-results message without the results already streamed on their own (and those forgotten). */
function withoutStreamed(message: ModelMessage, streamed: Set<string> | undefined): ModelMessage {
  if (message.role !== "tool" || streamed === undefined || streamed.size === 0) return message;
  const content = message.content.filter((part) => {
    if (part.type !== "tool-result" || !streamed.has(part.toolCallId)) return true;
    streamed.delete(part.toolCallId);
    return false;
  });
  return { ...message, content };
}

const now = () => new Date().toISOString();

/**
 * An MCP tool's result as claude 2.1.328 writes it (recorded): its content blocks, in claude's
 * key order, and no `is_error` unless it failed.
 */
function blockResult(id: string, blocks: readonly unknown[] | string, isError: boolean): WireObject {
  return { tool_use_id: id, type: "tool_result", content: blocks, ...(isError ? { is_error: true } : {}) };
}

/** A sub-agent's line names the call that started it, its run and its type, as claude's does. */
function underCall(origin: SubagentOrigin, base: WireObject): WireObject {
  return {
    parent_tool_use_id: origin.toolUseId ?? null,
    agent_id: origin.id,
    ...base,
    timestamp: new Date().toISOString(),
    subagent_type: origin.subagentType,
    ...(origin.description !== undefined ? { task_description: origin.description } : {}),
  };
}
