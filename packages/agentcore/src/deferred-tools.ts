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

/** claude 2.1.328's text after a result that loads tools (recorded). */
const TOOL_LOADED = "Tool loaded.";

/**
 * The prompt with a text block `Tool loaded.` after each tool message whose results load tools,
 * in the same user message on the wire, as claude 2.1.328 sends it (recorded): once after all the
 * message's results, whether one tool or several loaded, none when nothing did; in every request
 * while the result is in the history, never in the history itself.
 */
export function withToolLoadedNotes(prompt: readonly LanguageModelV3Message[]): LanguageModelV3Message[] {
  return prompt.flatMap((message) =>
    message.role === "tool" && message.content.some(loadsTools)
      ? [message, { role: "user" as const, content: [{ type: "text" as const, text: TOOL_LOADED }] }]
      : [message],
  );
}

function loadsTools(part: Extract<LanguageModelV3Message, { role: "tool" }>["content"][number]): boolean {
  return (
    part.type === "tool-result" &&
    part.output.type === "content" &&
    part.output.value.some(
      (item) => item.type === "custom" && item.providerOptions?.anthropic?.type === "tool-reference",
    )
  );
}
