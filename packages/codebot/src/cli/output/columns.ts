/**
 * Terminal columns as Node's readline counts them (its cursor moves depend on it): East Asian wide
 * and fullwidth characters and the common emoji take two, combining marks none, others one. A
 * line cut by characters instead would wrap on a terminal when it holds Chinese or Japanese text
 * (a hook's session title), and a one-row line that wraps breaks the cursor moves around it.
 */
export function columnsOf(text: string): number {
  let columns = 0;
  for (const unit of unitsOf(text)) columns += charColumns(unit.codePointAt(0) ?? 0);
  return columns;
}

/**
 * Text cut to at most `width` columns, ending with `…` when it was cut. Styles (colour escape
 * sequences) take no columns; a styled line that was cut ends with a reset, so its colour does
 * not run into the `…` and the lines after it.
 */
export function cutToColumns(text: string, width: number): string {
  if (columnsOf(text) <= width) return text;
  const kept = leadingColumns(unitsOf(text), width - 1).join("");
  return `${kept}${kept.includes("\x1b") ? RESET : ""}…`;
}

/** Text cut at its start to at most `width` columns, starting with `…` when it was cut (its end stays in view). */
export function cutStartToColumns(text: string, width: number): string {
  if (columnsOf(text) <= width) return text;
  return `…${leadingColumns([...text].reverse(), width - 1)
    .reverse()
    .join("")}`;
}

const RESET = "\x1b[0m";

/** The characters of `text`, each style sequence (`ESC [ … m`) one unit: its ESC makes it zero-width. */
function unitsOf(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is matched.
  return text.match(/\x1b\[[0-9;]*m|[\s\S]/gu) ?? [];
}

/** The first of `chars` that fit in `width` columns. */
function leadingColumns(chars: string[], width: number): string[] {
  let used = 0;
  let count = 0;
  for (const char of chars) {
    const w = charColumns(char.codePointAt(0) ?? 0);
    if (used + w > width) break;
    used += w;
    count++;
  }
  return chars.slice(0, count);
}

function charColumns(code: number): number {
  if (isZeroWidth(code)) return 0;
  return isWide(code) ? 2 : 1;
}

function isZeroWidth(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x300 && code <= 0x36f) || // combining diacritical marks
    (code >= 0x200b && code <= 0x200f) || // zero-width space, joiners, direction marks
    (code >= 0x20d0 && code <= 0x20ff) || // combining marks for symbols
    (code >= 0xfe00 && code <= 0xfe0f) || // variation selectors
    (code >= 0xfe20 && code <= 0xfe2f) || // combining half marks
    (code >= 0xe0100 && code <= 0xe01ef) // variation selectors supplement
  );
}

/** Node's own table (lib/internal/util/inspect.js, isFullWidthCodePoint). */
function isWide(code: number): boolean {
  return (
    code >= 0x1100 &&
    (code <= 0x115f ||
      code === 0x2329 ||
      code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
      (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) ||
      (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) ||
      (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) ||
      (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x1f300 && code <= 0x1f64f) ||
      (code >= 0x20000 && code <= 0x3fffd))
  );
}
