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
  return text.replace(INVISIBLE, (c, at: number) =>
    c === "\u200d" && joinsEmoji(text, at) ? c : (NAMED[c] ?? escapeCode(c.charCodeAt(0))),
  );
}

/**
 * A U+200D between two emoji (👩‍💻, 👨‍👩‍👧; the first may carry its presentation selector or a skin
 * tone) is what makes them one picture: it hides no text, and written out (`👩\u200d💻`) every
 * such emoji in a tool's output was unreadable. Anywhere else it is written out.
 */
function joinsEmoji(text: string, at: number): boolean {
  return (
    EMOJI_BEFORE.test(text.slice(Math.max(0, at - 4), at)) && EMOJI_AFTER.test(text.slice(at + 1, at + 3))
  );
}
const EMOJI_BEFORE = /\p{Extended_Pictographic}[\u{fe0f}\u{1f3fb}-\u{1f3ff}]?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

function escapeCode(code: number): string {
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}
