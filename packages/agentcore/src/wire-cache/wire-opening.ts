import type { LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { isCacheable } from "./cacheable.js";

/**
 * The conversation's opening: the messages between the system prompt and a system message in
 * mid-conversation (the first user message, before the tool search's listing of deferred tools).
 * The kept conversation starts after that system message, so without this the provider would
 * serialise the opening again in every request; its wire form is kept beside the conversation's
 * and spliced in where a marker message stands for it.
 */
export interface OpeningRange {
  start: number;
  end: number;
}

/**
 * Where `prompt`'s opening stands, when there is one and its wire form can be kept: the
 * conversation (from `from`) begins just after one system message in mid-conversation, and
 * the messages before it, past the system prompt, are cacheable and not system messages.
 */
export function openingRange(prompt: LanguageModelV3Prompt, from: number): OpeningRange | undefined {
  let start = 0;
  while (prompt[start]?.role === "system") start += 1;
  const end = from - 1;
  if (end <= start) return undefined;
  for (let i = start; i < end; i += 1) {
    const message = prompt[i] as LanguageModelV3Message;
    if (message.role === "system" || !isCacheable(message)) return undefined;
  }
  return { start, end };
}

/** True when `prompt`'s opening is `kept`, message for message (the same objects). */
export function sameOpening(
  prompt: LanguageModelV3Prompt,
  range: OpeningRange,
  kept: readonly LanguageModelV3Message[],
): boolean {
  if (range.end - range.start !== kept.length) return false;
  return kept.every((message, i) => prompt[range.start + i] === message);
}
