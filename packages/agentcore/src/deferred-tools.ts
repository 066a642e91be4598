import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import type { Tool } from "./tool.js";

/** The beta Anthropic requests with deferred tools need (claude 2.1.328 names it in every request). */
export const TOOL_SEARCH_BETA = "advanced-tool-use-2025-11-20";

/** A tool-result part naming a tool it loads: what the Anthropic provider sends as a `tool_reference` block. */
export function toolReferencePart(toolName: string) {
  return {
    type: "custom" as const,
    providerOptions: { anthropic: { type: "tool-reference", toolName } },
  };
}

/**
 * `message` marked as keeping `names` loaded: a compaction's summary keeps the tools the history it
 * replaces had loaded, as claude 2.1.328 keeps them (its boundary's `preCompactDiscoveredTools`).
 * The mark is a provider option of the kernel's own, which no provider reads.
 */
export function keepingLoadedTools<M extends ModelMessage>(message: M, names: Iterable<string>): M {
  const loadedTools = [...new Set(names)].sort();
  if (loadedTools.length === 0) return message;
  return { ...message, providerOptions: { ...message.providerOptions, agentcore: { loadedTools } } };
}

/** The tools a message marked by `keepingLoadedTools` keeps loaded. */
function keptToolNames(message: ModelMessage): readonly string[] {
  const kept = message.providerOptions?.agentcore?.loadedTools;
  return Array.isArray(kept) ? kept.filter((name): name is string => typeof name === "string") : [];
}

/** Every tool a tool result of `messages` loads (its `tool_reference` parts), or a compaction's summary keeps loaded. */
export function loadedToolNames(messages: readonly ModelMessage[]): Set<string> {
  const names = new Set<string>();
  for (const message of messages) {
    for (const name of keptToolNames(message)) names.add(name);
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result" || part.output.type !== "content") continue;
      for (const item of part.output.value) {
        const anthropic = item.type === "custom" ? item.providerOptions?.anthropic : undefined;
        if (anthropic?.type === "tool-reference" && typeof anthropic.toolName === "string")
          names.add(anthropic.toolName);
      }
    }
  }
  return names;
}

/** The tools a request over `messages` offers: a deferred tool once a result there loaded it. */
export function offeredTools(tools: readonly Tool[], messages: readonly ModelMessage[]): readonly Tool[] {
  if (!tools.some((tool) => tool.deferLoading === "until-loaded")) return tools;
  const loaded = loadedToolNames(messages);
  return tools.filter((tool) => tool.deferLoading !== "until-loaded" || loaded.has(tool.name));
}

type ToolMessage = Extract<LanguageModelV3Message, { role: "tool" }>;
type ToolResultPart = Extract<ToolMessage["content"][number], { type: "tool-result" }>;
type ResultOutput = ToolResultPart["output"];
type ContentItem = Extract<ResultOutput, { type: "content" }>["value"][number];

/** claude 2.1.328's texts for a result whose every `tool_reference` was dropped (read from its binary, recorded). */
const REFERENCES_REMOVED_NO_SEARCH = "[Tool references removed - tool search not enabled]";
const REFERENCES_REMOVED_GONE = "[Tool references removed - tools no longer available]";

/**
 * The prompt as sent with `offered` (the request's tool names; `searching`: some are deferred):
 * a `tool_reference` naming a tool the request does not carry is dropped, as claude 2.1.328 drops
 * it, since the API refuses a reference to a tool not in `tools`. A resumed session meets them
 * when the tool's MCP server is gone, or the tool search is off (ENABLE_TOOL_SEARCH=false, a model
 * that cannot load tools): then every reference goes. A result left with none reads claude's text
 * saying why (recorded: `[Tool references removed - tool search not enabled]`), and gets no
 * `Tool loaded.` (withToolLoadedNotes, which runs after this).
 */
export function withOfferedToolReferences(
  prompt: readonly LanguageModelV3Message[],
  offered: ReadonlySet<string>,
  searching: boolean,
): LanguageModelV3Message[] {
  const kept = (name: unknown) => searching && typeof name === "string" && offered.has(name);
  const stale = (item: ContentItem) =>
    isToolReference(item) && !kept(item.providerOptions?.anthropic?.toolName);
  const hasStale = (part: ToolMessage["content"][number]): part is ToolResultPart =>
    part.type === "tool-result" && part.output.type === "content" && part.output.value.some(stale);
  const trimmed = (output: ResultOutput): ResultOutput => {
    if (output.type !== "content") return output;
    const value = output.value.filter((item) => !stale(item));
    if (value.length > 0) return { ...output, value };
    const text = searching ? REFERENCES_REMOVED_GONE : REFERENCES_REMOVED_NO_SEARCH;
    return { type: "content", value: [{ type: "text", text }] };
  };
  return prompt.map((message) => {
    if (message.role !== "tool" || !message.content.some(hasStale)) return message;
    // Which of its references stay decides the trimmed message: the same object while that holds.
    const key = JSON.stringify([searching, referencedNames(message).map(kept)]);
    const known = trimmedMessages.get(message);
    if (known?.key === key) return known.message;
    const content = message.content.map((part) =>
      hasStale(part) ? { ...part, output: trimmed(part.output) } : part,
    );
    const trimmedMessage: ToolMessage = { ...message, content };
    trimmedMessages.set(message, { key, message: trimmedMessage });
    return trimmedMessage;
  });
}

/**
 * The trimmed form of a tool message, one object from request to request, so the wire cache
 * (matched by identity) still reuses the conversation's serialised form.
 */
const trimmedMessages = new WeakMap<ToolMessage, { key: string; message: ToolMessage }>();

/** The tool names `message`'s tool references name, in order. */
function referencedNames(message: ToolMessage): unknown[] {
  return message.content.flatMap((part) =>
    part.type === "tool-result" && part.output.type === "content"
      ? part.output.value.filter(isToolReference).map((item) => item.providerOptions?.anthropic?.toolName)
      : [],
  );
}

function isToolReference(item: ContentItem): boolean {
  return item.type === "custom" && item.providerOptions?.anthropic?.type === "tool-reference";
}

/**
 * claude 2.1.328's note after a result that loads tools (recorded). One object in every request,
 * so the wire cache (which matches a conversation by its message objects) still knows the
 * messages around it.
 */
const TOOL_LOADED_NOTE: LanguageModelV3Message = {
  role: "user",
  content: [{ type: "text", text: "Tool loaded." }],
};

/**
 * The prompt with a text block `Tool loaded.` after each tool message whose results load tools,
 * in the same user message on the wire, as claude 2.1.328 sends it (recorded): once after all the
 * message's results, whether one tool or several loaded, none when nothing did; in every request
 * while the result is in the history, never in the history itself.
 */
export function withToolLoadedNotes(prompt: readonly LanguageModelV3Message[]): LanguageModelV3Message[] {
  return prompt.flatMap((message) =>
    message.role === "tool" && message.content.some(loadsTools) ? [message, TOOL_LOADED_NOTE] : [message],
  );
}

function loadsTools(part: ToolMessage["content"][number]): boolean {
  return (
    part.type === "tool-result" && part.output.type === "content" && part.output.value.some(isToolReference)
  );
}
