import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { Tool } from "./tool.js";

/**
 * The text naming the deferred tools (`deferLoading: "until-loaded"`, sorted) given by the tool
 * search among `tools` (`Tool.listDeferredTools`); undefined when nothing is deferred.
 */
export function deferredToolsListing(tools: readonly Tool[]): string | undefined {
  const names = listedDeferredNames(tools);
  return names && tools.find((tool) => tool.listDeferredTools !== undefined)?.listDeferredTools?.(names);
}

/** The names deferredToolsListing gives, sorted; undefined when it gives none. */
export function listedDeferredNames(tools: readonly Tool[]): string[] | undefined {
  if (!tools.some((tool) => tool.listDeferredTools !== undefined)) return undefined;
  const names = tools
    .filter((tool) => tool.deferLoading === "until-loaded")
    .map((tool) => tool.name)
    .sort();
  return names.length > 0 ? names : undefined;
}

/**
 * The model families claude 2.1.328 sends system messages in mid-conversation (read from its
 * code: claude-opus-4-8 and every model after it); a family a model id contains, dated and
 * Bedrock ids too. Other ids, a gateway's own among them, get the listing in a
 * `<system-reminder>`, which every model takes.
 */
const MID_CONVERSATION_SYSTEM_FAMILIES = [
  "claude-opus-4-8",
  "claude-opus-5",
  "claude-sonnet-5",
  "claude-haiku-5",
  "claude-mythos-5",
  "claude-fable-5",
];

export function takesMidConversationSystem(modelId: string): boolean {
  return MID_CONVERSATION_SYSTEM_FAMILIES.some((family) => modelId.includes(family));
}

/**
 * The prompt with `listing` where claude 2.1.328 sends its deferred tools' names (recorded), in
 * every request: to a model that `takesMidConversationSystem`, a system message right after the
 * conversation's first message (claude-opus-5-5); to another, a `<system-reminder>` text block
 * opening the first user message, before its own text (claude-sonnet-4-5). It is never in the
 * history: each request lists the tools of the moment.
 */
export function withDeferredToolsListing(
  prompt: readonly LanguageModelV3Message[],
  listing: string | undefined,
  modelId: string,
): LanguageModelV3Message[] {
  let first = 0;
  while (prompt[first]?.role === "system") first += 1;
  const opening = prompt[first];
  if (listing === undefined || opening?.role !== "user") return [...prompt];
  const listed: LanguageModelV3Message[] = takesMidConversationSystem(modelId)
    ? [opening, { role: "system", content: listing }]
    : [remindedOpening(opening, listing)];
  return [...prompt.slice(0, first), ...listed, ...prompt.slice(first + 1)];
}

type UserMessage = Extract<LanguageModelV3Message, { role: "user" }>;

/** The same object for the same first message and listing, so the wire cache (matched by identity) still knows it. */
const reminded = new WeakMap<UserMessage, { listing: string; message: UserMessage }>();

function remindedOpening(opening: UserMessage, listing: string): UserMessage {
  const known = reminded.get(opening);
  if (known?.listing === listing) return known.message;
  const text = `<system-reminder>\n${listing}\n</system-reminder>`;
  const message: UserMessage = { ...opening, content: [{ type: "text", text }, ...opening.content] };
  reminded.set(opening, { listing, message });
  return message;
}
