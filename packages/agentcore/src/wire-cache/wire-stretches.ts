import type { LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { isCacheable } from "./cacheable.js";

/**
 * The conversation's stretches: the runs of messages between the system prompt and the last
 * system message in mid-conversation, split at each system message (the first user message
 * before the tool search's listing; the messages between the listing and claude's note that
 * deferred tools are gone). The kept conversation starts after the last system message, so
 * without these the provider would serialise them again in every request; each one's wire form
 * is kept beside the conversation's and spliced in where a marker message stands for it.
 */
export interface StretchRange {
  start: number;
  end: number;
  /** Every message of it is cacheable, so its wire form can be kept. */
  cacheable: boolean;
}

/**
 * `prompt`'s stretches before `from` (where the conversation begins, just past its last system
 * message), the non-empty runs of messages between system messages past the system prompt, in
 * order: the same runs as the elements of the body's `messages` (wire-splice.ts's stretches).
 */
export function stretchRanges(prompt: LanguageModelV3Prompt, from: number): StretchRange[] {
  let start = 0;
  while (start < from && prompt[start]?.role === "system") start += 1;
  const ranges: StretchRange[] = [];
  let runStart = start;
  for (let i = start; i < from; i += 1) {
    if (prompt[i]?.role !== "system") continue;
    if (i > runStart) ranges.push(stretch(prompt, runStart, i));
    runStart = i + 1;
  }
  return ranges;
}

function stretch(prompt: LanguageModelV3Prompt, start: number, end: number): StretchRange {
  const messages = prompt.slice(start, end) as LanguageModelV3Message[];
  return { start, end, cacheable: messages.every(isCacheable) };
}

/** True when `prompt`'s stretch at `range` is `kept`, message for message (the same objects). */
export function sameStretch(
  prompt: LanguageModelV3Prompt,
  range: StretchRange,
  kept: readonly LanguageModelV3Message[],
): boolean {
  if (range.end - range.start !== kept.length) return false;
  return kept.every((message, i) => prompt[range.start + i] === message);
}
