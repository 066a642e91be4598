/**
 * Text from settings files, hook commands or the model, made safe to show on a terminal where
 * the user decides what to allow: every control character is written out (`\r`, `\x1b`,
 * `\u202e`) instead of being interpreted, so a carriage return or an escape sequence cannot
 * paint an innocent command over the real one. Backslashes are left alone (a command keeps its
 * own `\n` as typed); the escaped forms are therefore a sign to look closer, never hidden.
 */
const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * C0 controls, DEL, C1 controls, and the Unicode characters that reorder or hide text: bidi
 * embeddings/overrides/isolates, zero-width characters, line/paragraph separators, BOM.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

export function visible(text: string): string {
  return text.replace(INVISIBLE, (c) => NAMED[c] ?? escapeCode(c.charCodeAt(0)));
}

function escapeCode(code: number): string {
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}
