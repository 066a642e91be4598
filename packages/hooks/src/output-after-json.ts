/**
 * A hook's stdout that is a whole JSON object followed by more output — a second object, a log
 * line, a stray byte — does not parse as JSON, and "does not parse" sends its author looking for a
 * syntax error in the JSON, which is fine. This finds the output after the object, to name it.
 */

/** What follows the JSON object `text` starts with, when that object is whole and valid; else undefined. */
export function outputAfterJson(text: string): string | undefined {
  const end = firstObjectEnd(text);
  if (end === undefined) return undefined;
  try {
    JSON.parse(text.slice(0, end));
  } catch {
    return undefined;
  }
  const rest = text.slice(end).trim();
  return rest === "" ? undefined : rest;
}

/** Where the object `text` starts with ends (just after its closing brace), strings skipped. */
function firstObjectEnd(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}
