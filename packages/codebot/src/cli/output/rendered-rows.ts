import { columnsOf } from "./columns.js";

/**
 * Marks a rendered line that must stay whole (a code block's): `rowsOfRendered` keeps it as it is
 * and removes the mark. A private-use character, removed from the model's text before rendering,
 * so only the renderer can put it there.
 */
export const KEEP_WHOLE = "\u{F8FF}";

/**
 * Rendered Markdown (lines with colour escapes) broken between words into rows of at most `width`
 * columns. A list item's or quote's continuation rows are indented under its text; a word wider
 * than the row gets a row of its own (the terminal breaks it). Lines that fit, and lines marked
 * KEEP_WHOLE, are left as they are. A style open at a break is closed at the row's end and opened
 * again on the next row, so the indentation is never underlined or coloured.
 */
export function rowsOfRendered(text: string, width: number): string {
  return text
    .split("\n")
    .flatMap((line) => {
      if (line.includes(KEEP_WHOLE)) return [line.replaceAll(KEEP_WHOLE, "")];
      if (columnsOf(line) <= width) return [line];
      const hang = HANG.exec(line.replace(STYLE, ""))?.[0].length ?? 0;
      return rowsOfLine(line, width, hang);
    })
    .join("\n");
}

const RESET = "\x1b[0m";
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is matched.
const STYLE = /\x1b\[[0-9;]*m/g;
/** Leading spaces, then a list item's bullet or number if there is one. */
const HANG = /^ *(?:(?:[*-]|\d+[.)]) )?/;

/**
 * One styled line as rows of at most `width` columns, broken between words; its first `indent`
 * columns (indentation, a bullet) stay on the first row and the next rows are indented as much.
 */
export function rowsOfLine(line: string, width: number, indent: number): string[] {
  // An indentation that leaves too little room is dropped: better rows from the edge than one word each.
  const hang = indent > width / 2 ? 0 : indent;
  const headEnd = indexAfterColumns(line, hang);
  const head = line.slice(0, headEnd);
  const words = line.slice(headEnd).split(/ +/).filter(Boolean);
  const rows: string[] = [];
  let row = head;
  let rowHasWord = false;
  // Styles in effect: every sequence since the last reset.
  let open: string[] = stylesIn(head);
  for (const word of words) {
    // Chinese and Japanese text may break between its characters: a word of it is several pieces.
    piecesOf(word).forEach((piece, i) => {
      const joined = i === 0 && rowHasWord ? `${row} ${piece}` : `${row}${piece}`;
      if (rowHasWord && columnsOf(joined) > width) {
        rows.push(open.length > 0 ? `${row}${RESET}` : row);
        row = `${" ".repeat(hang)}${open.join("")}${piece}`;
      } else row = joined;
      rowHasWord = true;
      open = afterStyles(open, piece);
    });
  }
  rows.push(row);
  return rows;
}

/** Han, Hiragana and Katakana: text written without spaces, which may break between any two of its characters. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/**
 * Punctuation that never starts a row (kinsoku): it stays with the character before it —
 * 、。，．：；！？）」』】〕》〉ー々〜…・’” (escaped: the bundle is written in ASCII).
 */
const NO_ROW_START =
  /[\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3011\u3015\u300b\u3009\u30fc\u3005\u301c\u2026\u30fb\u2019\u201d]/u;

/**
 * A word as the pieces a row may break between: before each Chinese or Japanese character (but
 * not before punctuation that must not start a row) and after the last of a run of them; other
 * text (Latin words, an emoji joined by U+200D, styles) stays whole.
 */
function piecesOf(word: string): string[] {
  if (!IDEOGRAPHIC.test(word)) return [word];
  const pieces: string[] = [];
  let piece = "";
  let afterIdeograph = false;
  for (const char of word) {
    const ideograph = IDEOGRAPHIC.test(char);
    const breakBefore = (ideograph || afterIdeograph) && !NO_ROW_START.test(char) && char !== "\x1b";
    if (breakBefore && piece !== "") {
      pieces.push(piece);
      piece = "";
    }
    piece += char;
    if (ideograph) afterIdeograph = true;
    else if (!NO_ROW_START.test(char)) afterIdeograph = false;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/** Where in `line` (escapes included) the first `columns` visible columns end. */
function indexAfterColumns(line: string, columns: number): number {
  let seen = 0;
  let index = 0;
  while (index < line.length && seen < columns) {
    STYLE.lastIndex = index;
    const style = STYLE.exec(line);
    if (style?.index === index) {
      index += style[0].length;
      continue;
    }
    seen += columnsOf(String.fromCodePoint(line.codePointAt(index) ?? 0));
    index += (line.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  }
  return index;
}

function stylesIn(text: string): string[] {
  return afterStyles([], text);
}

/** The styles in effect after `text`, given those in effect before it. */
function afterStyles(open: string[], text: string): string[] {
  let now = open;
  for (const style of text.match(STYLE) ?? [])
    now = style === RESET || style === "\x1b[m" ? [] : [...now, style];
  return now;
}
