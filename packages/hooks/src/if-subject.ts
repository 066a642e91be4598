/**
 * What an `if` pattern is searched in (§4): the arguments (or the task) as compact JSON, with the
 * JSON escapes of whitespace and control characters decoded. A tab the model put in a command is
 * a tab to `\s`, so `rm<TAB>-rf` cannot slip past `/rm\s+-rf/` as the text `rm\t-rf` (issue 17).
 * Quotes and backslashes stay escaped, so the subject still reads as JSON (`"command":"npm `).
 */

/** `\t`, `\n`, `\r`, `\b`, `\f` and `\u00XX` control escapes; other escapes are consumed as pairs and kept. */
const ESCAPE = /\\(u00[01][0-9a-fA-F]|[btnfr]|[\s\S])/g;
const SHORT: Readonly<Record<string, string>> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r" };

export function ifSubject(value: unknown): string {
  if (value === undefined) return "";
  const json = JSON.stringify(value);
  // Most arguments have no escape at all: no second pass over them.
  if (!json.includes("\\")) return json;
  return json.replace(ESCAPE, (whole, code: string) => {
    if (code.length === 5) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    return SHORT[code] ?? whole;
  });
}
