import { arrayElements } from "./json-scan.js";
import { WireBytes } from "./wire-bytes.js";

/** Where a provider's request body starts its messages (Anthropic Messages and chat completions alike). */
const MESSAGES_KEY = '"messages":[';
/**
 * System messages: chat completions send the system prompt as the first elements of `messages`,
 * and a system message in mid-conversation is an element there too (Anthropic's alike).
 */
const SYSTEM_ELEMENT = /^\{"role":"(system|developer)"/;

/** A request body's conversation as the provider serialised it (captureMessages). */
export interface CapturedMessages {
  /** The elements of `messages` after the last system one (from the wire cache's `conversationStart` on). */
  wire: WireBytes;
  /**
   * The text of each non-empty run of elements between the system prompt and the last system
   * element, split at system elements (the first message before the tool search's listing, the
   * messages between the listing and a note that deferred tools are gone), in order.
   */
  stretches: string[];
}

/**
 * The serialised messages of a request body the provider built from the whole prompt.
 * `undefined` when the body is not laid out so (the request is still sent as it is).
 */
export function captureMessages(body: string): CapturedMessages | undefined {
  const open = body.indexOf(MESSAGES_KEY);
  if (open < 0) return undefined;
  const scanned = arrayElements(body, open + MESSAGES_KEY.length);
  if (!scanned) return undefined;
  const lastSystem = scanned.elements.findLastIndex((element) => isSystemElement(body, element));
  const elements = scanned.elements.slice(lastSystem + 1);
  const first = elements[0];
  const last = elements.at(-1);
  if (!first || !last) return undefined;
  return {
    wire: new WireBytes(body.slice(first[0], last[1])),
    stretches: stretchTexts(body, scanned.elements, lastSystem),
  };
}

function isSystemElement(body: string, [start]: readonly [number, number]): boolean {
  return SYSTEM_ELEMENT.test(body.slice(start, start + 30));
}

/** The text of each non-empty run of non-system elements before the last system one, past those opening `messages`. */
function stretchTexts(body: string, elements: readonly [number, number][], lastSystem: number): string[] {
  const systemAt = (i: number) => isSystemElement(body, elements[i] as [number, number]);
  let start = 0;
  while (start < lastSystem && systemAt(start)) start += 1;
  const texts: string[] = [];
  let runStart = start;
  for (let i = start; i <= lastSystem; i += 1) {
    if (i < lastSystem && !systemAt(i)) continue;
    if (i > runStart) {
      texts.push(
        body.slice((elements[runStart] as [number, number])[0], (elements[i - 1] as [number, number])[1]),
      );
    }
    runStart = i + 1;
  }
  return texts;
}

/**
 * The serialised element of the message holding `marker`: `known` once found (it is the same in
 * every request), else the element of the body's `messages` whose text holds `marker`.
 */
function markedElement(body: string, marker: string, known: string | undefined): string | undefined {
  if (known !== undefined) return known;
  const open = body.indexOf(MESSAGES_KEY);
  const at = body.indexOf(marker);
  if (open < 0 || at < 0) return undefined;
  const scanned = arrayElements(body, open + MESSAGES_KEY.length);
  const found = scanned?.elements.find(([start, end]) => start < at && at < end);
  return found && body.slice(found[0], found[1]);
}

/**
 * Where in `body` the element of the message holding `marker` (markedElement) stands, from `start`
 * to `end`. `undefined` when the body has no such element.
 */
export function findMarkedElement(
  body: string,
  marker: string,
  markerElement: string | undefined,
): { start: number; end: number; markerElement: string } | undefined {
  const element = markedElement(body, marker, markerElement);
  if (element === undefined) return undefined;
  const start = body.indexOf(element);
  if (start < 0) return undefined;
  return { start, end: start + element.length, markerElement: element };
}

/** How a body with the marker element stands: what comes before it, and the new messages' text after it. */
export interface MarkedBody {
  head: string;
  /** The elements after the marker, comma-separated ("" when there are none). */
  fresh: string;
  /** From the `]` that closes `messages` to the end. */
  tail: string;
}

/**
 * Splits a body built from a prompt whose cached messages were replaced by one marker message
 * (its element found by markedElement). `undefined` when the body is not laid out as expected.
 */
export function splitAtMarker(
  body: string,
  marker: string,
  markerElement: string | undefined,
): { parts: MarkedBody; markerElement: string } | undefined {
  const found = findMarkedElement(body, marker, markerElement);
  if (found === undefined) return undefined;
  const { start, end, markerElement: element } = found;
  if (body.charCodeAt(end) === 0x5d) {
    return {
      parts: { head: body.slice(0, start), fresh: "", tail: body.slice(end) },
      markerElement: element,
    };
  }
  if (body.charCodeAt(end) !== 0x2c) return undefined;
  const rest = arrayElements(body, end + 1);
  if (!rest) return undefined;
  return {
    parts: {
      head: body.slice(0, start),
      fresh: body.slice(end + 1, rest.close),
      tail: body.slice(rest.close),
    },
    markerElement: element,
  };
}
