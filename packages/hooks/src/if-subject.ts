/**
 * What an `if` pattern is searched in (§4): the arguments (or the task) as compact JSON, except
 * that whitespace and control characters inside strings stay as they are. A tab the model put in
 * a command is a tab to `\s`, so `rm<TAB>-rf` cannot slip past `/rm\s+-rf/` as the text `rm\t-rf`
 * (issue 17). Quotes and backslashes are escaped as in JSON, so the subject still reads as JSON
 * (`"command":"npm `). Built in one pass, without a second decoding pass over large arguments.
 */
export function ifSubject(value: unknown): string {
  return value === undefined ? "" : (json(value) ?? "");
}

/** Compact JSON as JSON.stringify writes it, with strings escaped for `"` and `\` only. */
function json(value: unknown): string | undefined {
  if (typeof value === "string") return quote(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => json(item) ?? "null").join(",")}]`;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return JSON.stringify(value);
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const text = json(item);
    if (text !== undefined) parts.push(`${quote(key)}:${text}`);
  }
  return `{${parts.join(",")}}`;
}

const QUOTE_OR_BACKSLASH = /["\\]/g;

function quote(s: string): string {
  return `"${s.replace(QUOTE_OR_BACKSLASH, "\\$&")}"`;
}
