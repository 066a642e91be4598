/**
 * Finding JSON values in a request body the provider serialised, without parsing it: where one
 * value ends, and the elements of an array. The input is JSON.stringify output (no whitespace
 * between tokens); anything else makes a scan fail, and the caller sends the request as it was.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** The index just past the string whose opening quote is at `start`, or -1. */
function endOfString(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    // A quote preceded by an odd number of backslashes is part of the string.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The index just past the JSON value starting at `start`, or -1 when there is none. */
export function endOfValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return endOfString(text, start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null: up to the next separator.
    let i = start;
    for (; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET) break;
    }
    return i > start ? i : -1;
  }
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
      if (i < 0) return -1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return -1;
}

/**
 * The elements of an array from the element starting at `from` (just past the `[`, or just past
 * a `,`) to the array's end: each element's [start, end), and the index of the closing `]`.
 * `undefined` when the text there is not the rest of an array.
 */
export function arrayElements(
  text: string,
  from: number,
): { elements: [number, number][]; close: number } | undefined {
  const elements: [number, number][] = [];
  if (text.charCodeAt(from) === CLOSE_BRACKET) return { elements, close: from };
  let i = from;
  for (;;) {
    const end = endOfValue(text, i);
    if (end < 0) return undefined;
    elements.push([i, end]);
    const next = text.charCodeAt(end);
    if (next === CLOSE_BRACKET) return { elements, close: end };
    if (next !== COMMA) return undefined;
    i = end + 1;
  }
}
