import type { ModelMessage } from "ai";
import { fitMessages } from "./long-text-cut.js";

/** What stands first in a summary request whose oldest messages were left out. */
export function leftOutNote(count: number): string {
  return `[The first ${count} messages of this conversation are left out here to fit the context window; the transcript has them.]`;
}

/**
 * The conversation as a summary request can take it within `maxChars`: its long texts cut
 * (fitMessages); when even that is too much (very many messages, after a switch to a model with
 * a smaller window), its oldest turns are left out too, as few as will do, with a note first.
 * What is kept starts at an assistant message, so every tool result keeps its call. Undefined
 * when even the last turn alone does not fit.
 */
export function fitForSummary(
  messages: readonly ModelMessage[],
  maxChars: number,
): ModelMessage[] | undefined {
  const whole = fitMessages(messages, maxChars);
  if (whole) return whole;
  const starts = messages.flatMap((m, i) => (m.role === "assistant" && i > 0 ? [i] : []));
  const from = (start: number) =>
    fitMessages([{ role: "user", content: leftOutNote(start) }, ...messages.slice(start)], maxChars);
  // The later the start, the less there is to fit: the earliest start that fits, by halving.
  let low = -1;
  let high = starts.length;
  let best: ModelMessage[] | undefined;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const fitted = from(starts[mid] as number);
    if (fitted) {
      high = mid;
      best = fitted;
    } else {
      low = mid;
    }
  }
  return best;
}
