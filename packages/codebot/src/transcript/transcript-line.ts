import type { Usage } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { NotificationOrigin } from "../agents/task-notification.js";

/** The `message` of a transcript line, in the Anthropic shape Claude Code writes. */
export interface TranscriptMessage {
  role: "user" | "assistant" | "system";
  content: string | TranscriptBlock[];
  /** The model that wrote an assistant message (its id, `claude-sonnet-4-5`). */
  model?: string;
  /** An assistant message's cost, in the API's names (scripts sum these to count tokens). */
  usage?: TranscriptUsage;
}

/** Anthropic's usage fields: `input_tokens` is the prompt less its cache reads and writes. */
export interface TranscriptUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export type TranscriptBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature?: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "tool_result"; tool_use_id: string; content: string | ToolReferenceBlock[]; is_error: boolean }
  | { type: "file"; media_type: string };

/** A tool a tool search's result loads, as claude 2.1.328 writes it in the result's content (recorded). */
export type ToolReferenceBlock = { type: "tool_reference"; tool_name: string };

/**
 * One transcript line, shaped like Claude Code's `~/.claude/projects/<slug>/<session>.jsonl`
 * so that scripts written for it read codebot's: `type` and `message.role` are `user` or
 * `assistant`, tool results are user messages with `tool_result` blocks, `sessionId` and
 * `parentUuid` chain the conversation, `isSidechain` marks a sub-agent's messages.
 */
export interface TranscriptLine {
  type: "user" | "assistant" | "system";
  message: TranscriptMessage;
  uuid: string;
  parentUuid: string | null;
  timestamp: string;
  sessionId: string;
  /** The same id under the snake_case name hook payloads use. */
  session_id: string;
  cwd: string;
  isSidechain: boolean;
  /** `main` or the sub-agent's name. */
  agentName: string;
  /** A sub-agent's line: its run's id (Claude Code's `agentId`, SubagentStart's `agent_id`). */
  agentId?: string;
  /** The first message after a compaction boundary: the summary. */
  isCompactSummary?: true;
  /** A failed model call's answer (its `API Error` text): shown, never sent to the model again. */
  isApiErrorMessage?: true;
  /** Claude Code's mark of a message no one typed (a built-in command's caveat, local-command-lines.ts). */
  isMeta?: true;
  /**
   * Claude Code's mark of where a prompt came from: `{"kind": "human"}` typed in the terminal, a
   * background run's end (its notification) — none for one `-p` or an SDK program sent (line-sender.ts).
   */
  origin?: NotificationOrigin | HumanOrigin;
  /** Claude Code's other mark of it: `typed`, `sdk` (`-p`, an SDK program), `system` (a notification). */
  promptSource?: PromptSource;
  /**
   * codebot's: what the user typed for a prompt the session expanded (`/tidy`, whose message holds
   * a repository's command text), for auto mode's classifier after a resume (typed-prompts.ts).
   */
  typedPrompt?: string;
}

/** claude 2.1.328's `origin` of a prompt typed in the terminal (recorded). */
export interface HumanOrigin {
  kind: "human";
}

export type PromptSource = "typed" | "sdk" | "system";

/** A line after which the main agent's history starts afresh: `compact_boundary` (Claude Code's) or `clear_boundary` (`/clear`). */
export type BoundaryKind = "compact_boundary" | "clear_boundary";

/** Converts a kernel (AI SDK) message to the Claude Code–style type and message. */
export function toTranscriptMessage(message: ModelMessage): Pick<TranscriptLine, "type" | "message"> {
  switch (message.role) {
    case "system":
      return { type: "system", message: { role: "system", content: message.content } };
    case "user":
      return {
        type: "user",
        message: {
          role: "user",
          content: typeof message.content === "string" ? message.content : message.content.map(userBlock),
        },
      };
    case "assistant":
      return {
        type: "assistant",
        message: {
          role: "assistant",
          content:
            typeof message.content === "string"
              ? [{ type: "text", text: message.content }]
              : message.content.flatMap(assistantBlock),
        },
      };
    case "tool":
      return {
        type: "user",
        message: { role: "user", content: message.content.flatMap(toolResultBlock) },
      };
  }
}

type UserPart = Exclude<Extract<ModelMessage, { role: "user" }>["content"], string>[number];
type AssistantPart = Exclude<Extract<ModelMessage, { role: "assistant" }>["content"], string>[number];
type ToolPart = Extract<ModelMessage, { role: "tool" }>["content"][number];

function userBlock(part: UserPart): TranscriptBlock {
  if (part.type === "text") return { type: "text", text: part.text };
  return { type: "file", media_type: part.type === "image" ? (part.mediaType ?? "image/*") : part.mediaType };
}

function assistantBlock(part: AssistantPart): TranscriptBlock[] {
  switch (part.type) {
    case "text":
      return [{ type: "text", text: part.text }];
    case "reasoning":
      return [thinkingBlock(part)];
    case "tool-call":
      // Claude Code's name (`Bash`, `Write`): scripts and hooks read transcripts for `"Write"`.
      return [
        { type: "tool_use", id: part.toolCallId, name: claudeToolName(part.toolName), input: part.input },
      ];
    case "tool-result":
      return toolResultBlock(part);
    default:
      return [];
  }
}

/**
 * A thinking block as claude 2.1.328 writes it (recorded): with the signature the API gave it, and
 * a redacted one as `redacted_thinking` with its data, so a reader can send them back unchanged.
 */
function thinkingBlock(part: Extract<AssistantPart, { type: "reasoning" }>): TranscriptBlock {
  const anthropic = part.providerOptions?.anthropic;
  if (typeof anthropic?.redactedData === "string")
    return { type: "redacted_thinking", data: anthropic.redactedData };
  return typeof anthropic?.signature === "string"
    ? { type: "thinking", thinking: part.text, signature: anthropic.signature }
    : { type: "thinking", thinking: part.text };
}

function toolResultBlock(part: ToolPart): TranscriptBlock[] {
  if (part.type !== "tool-result") return [];
  const output = part.output;
  const isError = output.type === "error-text" || output.type === "error-json";
  const references = toolReferencesOf(output);
  const content =
    output.type === "text" || output.type === "error-text"
      ? output.value
      : (references ?? JSON.stringify("value" in output ? output.value : output));
  return [{ type: "tool_result", tool_use_id: part.toolCallId, content, is_error: isError }];
}

/** codebot's usage in Anthropic's names: its `inputTokens` counts the cache reads and writes too. */
export function transcriptUsage(usage: Usage): TranscriptUsage {
  return {
    input_tokens: Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens),
    output_tokens: usage.outputTokens,
    cache_read_input_tokens: usage.cacheReadTokens,
    cache_creation_input_tokens: usage.cacheWriteTokens,
  };
}

/** The tools a result loads (the kernel's `loadsTools`), when it is made of nothing else. */
function toolReferencesOf(
  output: Extract<ToolPart, { type: "tool-result" }>["output"],
): ToolReferenceBlock[] | undefined {
  if (output.type !== "content" || output.value.length === 0) return undefined;
  const names = output.value.map((item) => {
    const anthropic = item.type === "custom" ? item.providerOptions?.anthropic : undefined;
    return anthropic?.type === "tool-reference" && typeof anthropic.toolName === "string"
      ? anthropic.toolName
      : undefined;
  });
  if (names.some((name) => name === undefined)) return undefined;
  return names.map((name) => ({ type: "tool_reference", tool_name: name as string }));
}
