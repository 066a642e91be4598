import { arrayElements } from "./json-scan.js";
import { WireBytes } from "./wire-bytes.js";

/** Where a provider's request body starts its messages (Anthropic Messages and chat completions alike). */
const MESSAGES_KEY = '"messages":[';
/**
 * System messages: chat completions send the system prompt as the first elements of `messages`,
 * and a system message in mid-conversation is an element there too (Anthropic's alike).
 */
const SYSTEM_ELEMENT = /^\{"role":"(system|developer)"/;

/**
 * The serialised conversation messages of a request body the provider built from the whole
 * prompt: the elements of its `messages` after the last system one, as one text (the messages
 * from the wire cache's `conversationStart` on). `undefined` when the body is not laid out so
 * (the request is still sent as it is).
 */
export function captureMessages(body: string): WireBytes | undefined {
  const open = body.indexOf(MESSAGES_KEY);
  if (open < 0) return undefined;
  const scanned = arrayElements(body, open + MESSAGES_KEY.length);
  if (!scanned) return undefined;
  const lastSystem = scanned.elements.findLastIndex(([start]) =>
    SYSTEM_ELEMENT.test(body.slice(start, start + 30)),
  );
  const elements = scanned.elements.slice(lastSystem + 1);
  const first = elements[0];
  const last = elements.at(-1);
  if (!first || !last) return undefined;
  return new WireBytes(body.slice(first[0], last[1]));
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
 * Splits a body built from a prompt whose cached messages were replaced by one marker message.
 * `markerElement` is the marker's serialised element once known (it is the same in every
 * request); otherwise it is found from `marker`, the text inside it. `undefined` when the body is
 * not laid out as expected.
 */
export function splitAtMarker(
  body: string,
  marker: string,
  markerElement: string | undefined,
): { parts: MarkedBody; markerElement: string } | undefined {
  let element = markerElement;
  if (element === undefined) {
    const open = body.indexOf(MESSAGES_KEY);
    const at = body.indexOf(marker);
    if (open < 0 || at < 0) return undefined;
    const scanned = arrayElements(body, open + MESSAGES_KEY.length);
    const found = scanned?.elements.find(([start, end]) => start < at && at < end);
    if (!found) return undefined;
    element = body.slice(found[0], found[1]);
  }
  const start = body.indexOf(element);
  if (start < 0) return undefined;
  const end = start + element.length;
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
