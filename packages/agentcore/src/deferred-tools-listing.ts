import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { Tool } from "./tool.js";

/**
 * The text naming the deferred tools (`deferLoading: "until-loaded"`, sorted) given by the tool
 * search among `tools` (`Tool.listDeferredTools`); undefined when nothing is deferred.
 */
export function deferredToolsListing(tools: readonly Tool[]): string | undefined {
  const search = tools.find((tool) => tool.listDeferredTools !== undefined);
  if (search?.listDeferredTools === undefined) return undefined;
  const names = tools
    .filter((tool) => tool.deferLoading === "until-loaded")
    .map((tool) => tool.name)
    .sort();
  return names.length > 0 ? search.listDeferredTools(names) : undefined;
}

/**
 * The prompt with `listing` as a system message right after the conversation's first message,
 * where claude 2.1.328 sends its deferred tools' names (recorded: a `role: "system"` message after
 * the first user message, in every request, the tool search's description pointing to it). It is
 * never in the history: each request lists the tools of the moment.
 */
export function withDeferredToolsListing(
  prompt: readonly LanguageModelV3Message[],
  listing: string | undefined,
): LanguageModelV3Message[] {
  if (listing === undefined) return [...prompt];
  let first = 0;
  while (prompt[first]?.role === "system") first += 1;
  if (first >= prompt.length) return [...prompt];
  return [...prompt.slice(0, first + 1), { role: "system", content: listing }, ...prompt.slice(first + 1)];
}
