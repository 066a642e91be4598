/**
 * Control, format and line-separator characters (Unicode's Cc, Cf, Zl and Zp), which
 * JSON.stringify leaves as they are past U+001F: U+2028, U+2029 and U+0085 end a line for some
 * readers (Bun's readline, Python's str.splitlines), so a model's text holding
 * `\u2028{"type":"control_request",…}` would read there as a line codebot never wrote.
 */
const UNSAFE_IN_A_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * `value` as one line of JSON, as claude 2.1.328 writes its stream-json and json output
 * (recorded): the characters above written as `\uXXXX` escapes, which mean the same to JSON.
 */
export function jsonLine(value: unknown): string {
  const text = JSON.stringify(value).replace(UNSAFE_IN_A_LINE, (found) =>
    Array.from(
      { length: found.length },
      (_, i) => `\\u${found.charCodeAt(i).toString(16).padStart(4, "0")}`,
    ).join(""),
  );
  return `${text}\n`;
}
