/**
 * Terminal columns as the terminal draws them (tmux, and the readline the prompt is typed in,
 * which codebot measures with this: readline-measure.ts): East Asian wide and fullwidth
 * characters and emoji shown as pictures (Unicode's Emoji_Presentation: 🚀, ✅) take two,
 * combining marks none, others one. An emoji joined to the one before by U+200D (👩‍💻, 👨‍👩‍👧) is
 * drawn in that one's cell, and a flag's two letters (🇫🇷) in one cell of two columns; a skin
 * tone (👍🏽) is a cell of its own, as tmux 3.3 draws it. A line cut by characters instead would
 * wrap on a terminal when it holds Chinese or Japanese text (a hook's session title), and a
 * one-row line that wraps breaks the cursor moves around it.
 */
export function columnsOf(text: string): number {
  let columns = 0;
  for (const unit of measuredUnits(text)) columns += unit.columns;
  return columns;
}

/**
 * Text cut to at most `width` columns, ending with `…` when it was cut. Styles (colour escape
 * sequences) take no columns; a styled line that was cut ends with a reset, so its colour does
 * not run into the `…` and the lines after it.
 */
export function cutToColumns(text: string, width: number): string {
  if (columnsOf(text) <= width) return text;
  const kept = leadingColumns(measuredUnits(text), width - 1).join("");
  return `${kept}${kept.includes("\x1b") ? RESET : ""}…`;
}

/** Text cut at its start to at most `width` columns, starting with `…` when it was cut (its end stays in view). */
export function cutStartToColumns(text: string, width: number): string {
  if (columnsOf(text) <= width) return text;
  return `…${leadingColumns(measuredUnits(text).reverse(), width - 1)
    .reverse()
    .join("")}`;
}

const RESET = "\x1b[0m";
const ZWJ = 0x200d;

export interface MeasuredUnit {
  text: string;
  columns: number;
}

/**
 * The characters of `text` with the columns each adds, each style sequence (`ESC [ … m`) one unit
 * of none. Measured in order: what a character takes depends on the one before (a joiner, a
 * flag's first letter).
 */
export function measuredUnits(text: string): MeasuredUnit[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is matched.
  const units = text.match(/\x1b\[[0-9;]*m|[\s\S]/gu) ?? [];
  let previous = 0;
  let openFlag = false;
  return units.map((unit) => {
    const code = unit.codePointAt(0) ?? 0;
    if (code === 0x1b) return { text: unit, columns: 0 };
    const joined = previous === ZWJ && !isZeroWidth(code);
    const flagEnd = openFlag && isRegionalIndicator(code);
    openFlag = !flagEnd && isRegionalIndicator(code);
    previous = code;
    return { text: unit, columns: joined || flagEnd ? 0 : charColumns(code, unit) };
  });
}

/** The first of `units` whose columns fit in `width`. */
function leadingColumns(units: MeasuredUnit[], width: number): string[] {
  let used = 0;
  let count = 0;
  for (const unit of units) {
    if (used + unit.columns > width) break;
    used += unit.columns;
    count++;
  }
  return units.slice(0, count).map((unit) => unit.text);
}

function charColumns(code: number, char: string): number {
  if (isZeroWidth(code)) return 0;
  // The emoji test is a regular expression: not run for the common characters.
  return isWide(code) || (code >= 0x2300 && EMOJI_PRESENTATION.test(char)) ? 2 : 1;
}

const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;

function isRegionalIndicator(code: number): boolean {
  return code >= 0x1f1e6 && code <= 0x1f1ff;
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
