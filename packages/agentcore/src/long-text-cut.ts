import type { ModelMessage } from "ai";
import { charsOf } from "./context-meter.js";

/** The fewest characters of a text kept when it is cut (its head and tail together). */
export const MIN_KEPT_CHARS = 400;

/** Fields whose strings are binary data or addresses (an image, a file): cutting them would break them. */
const UNCUTTABLE = new Set(["data", "image", "url", "mediaType"]);

/** What stands where a text was cut. */
export function cutMarker(leftOut: number): string {
  return `\n[… ${leftOut} characters left out here to fit the context window; the transcript has the whole text …]\n`;
}

/** The text's head and tail, `kept` characters together, with a marker saying how much is left out between them. */
export function cutText(text: string, kept: number): string {
  if (text.length <= kept) return text;
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return `${text.slice(0, head)}${cutMarker(text.length - kept)}${tail > 0 ? text.slice(-tail) : ""}`;
}

/**
 * The message with every text longer than `kept` characters (its own text, a tool result's
 * output, a string in a tool call's input) cut to its head and tail. Ids and names are far
 * shorter than any `kept` used; file and image data is left alone.
 */
export function cutLongTexts(message: ModelMessage, kept: number): ModelMessage {
  return { ...message, content: cutValue(message.content, kept) } as ModelMessage;
}

function cutValue(value: unknown, kept: number): unknown {
  if (typeof value === "string") return cutText(value, kept);
  if (Array.isArray(value)) return value.map((item) => cutValue(item, kept));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = UNCUTTABLE.has(key) ? inner : cutValue(inner, kept);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The messages within `maxChars` (as the context meter counts them): unchanged when they fit,
 * else with their long texts cut to the largest length at which the whole fits — the biggest
 * texts lose most, short ones nothing. Undefined when even texts cut to MIN_KEPT_CHARS do not fit.
 */
export function fitMessages(messages: readonly ModelMessage[], maxChars: number): ModelMessage[] | undefined {
  const sizeAt = (kept: number) => {
    const cut = messages.map((m) => cutLongTexts(m, kept));
    return { cut, chars: cut.reduce((sum, m) => sum + charsOf(m), 0) };
  };
  if (messages.reduce((sum, m) => sum + charsOf(m), 0) <= maxChars) return [...messages];
  const floor = sizeAt(MIN_KEPT_CHARS);
  if (floor.chars > maxChars) return undefined;
  // The largest kept length that fits: the size grows with it, so halve the range.
  let fits = floor.cut;
  let low = MIN_KEPT_CHARS;
  let high = maxChars;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const at = sizeAt(mid);
    if (at.chars <= maxChars) {
      low = mid;
      fits = at.cut;
    } else {
      high = mid;
    }
  }
  return fits;
}
