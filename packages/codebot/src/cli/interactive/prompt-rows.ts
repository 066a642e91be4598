import type readline from "node:readline";
import { columnsOf } from "../output/columns.js";
import { rowsOfLine } from "../output/rendered-rows.js";
import { terminalSafe } from "../output/terminal-safe.js";
import { cutLongWords } from "./long-words.js";
import { endOfText } from "./readline-rows.js";

/** The mark before a prompt's first line, and before each line after it. */
export const PROMPT = "› ";
export const CONTINUATION = "… ";

/** The mark before a prompt's first line, and before each line after it. */
export interface PromptMarks {
  first: string;
  next: string;
  /** Before a prompt's first line once sent (above its answer, echoed, in a recap). */
  sent: string;
}

export const GLYPH_PROMPT_MARKS: PromptMarks = { first: PROMPT, next: CONTINUATION, sent: PROMPT };
/**
 * Screen-reader mode's, as claude 2.1.328's: `$` (read out as "dollar", where `›` is a quotation
 * mark or nothing), and no mark on the lines after the first; a prompt sent says whose it is,
 * `you: `. Rows after the first are indented by PROMPT's width.
 */
export const WORD_PROMPT_MARKS: PromptMarks = { first: "$ ", next: "  ", sent: "you: " };

/**
 * A line of a prompt as the terminal showed it while typed: its mark, then the text, without
 * escape sequences. Not written out as a question's text is (`\u200d`): it is the user's own,
 * and an emoji joined by U+200D (👨‍👩‍👧) must stay whole.
 */
export function shownLine(mark: string, line: string): string {
  return `${mark}${terminalSafe(line)}`;
}

/**
 * One line of a prompt as the session shows it once sent (its mark, then the text), as rows of
 * the terminal's width broken between words, as an answer's are; the rows after the first are
 * indented under the text. Left to the terminal, it broke words in two and the next rows started
 * under the mark. A line that fits is left as typed.
 */
export function promptRows(shown: string, width: number | undefined): string[] {
  if (width === undefined || columnsOf(shown) <= width) return [shown];
  return cutLongWords(rowsOfLine(shown, width, PROMPT.length), width, " ".repeat(PROMPT.length));
}

/** A whole prompt (of one line or several) echoed as it runs: each line with its mark, broken between words. */
export function promptEcho(
  text: string,
  width: number | undefined,
  marks: PromptMarks = GLYPH_PROMPT_MARKS,
): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => promptRows(shownLine(i === 0 ? marks.sent : marks.next, line), width));
}

/**
 * A prompt as it is shown once sent and kept in the history: without the blank lines before and
 * after its text (a line pasted with its newline), as claude 2.1.328 shows and keeps it.
 */
export function withoutBlankEnds(text: string): string {
  return text.replace(/^(?:[^\S\n]*\n)+/, "").replace(/(?:\n[^\S\n]*)+$/, "");
}

/**
 * What redraws a line readline has just sent (Enter moved the cursor to the row under it) as
 * `promptRows` breaks it, after `mark` (the prompt it was typed at, or what replaces it once sent):
 * up over the rows the terminal broke it into, then the rows again, each erased before it is
 * written. Empty when it took one row and keeps its mark, or when it and the rows drawn under it
 * (the status) did not fit the terminal: its top went into the scrollback, out of reach, and
 * drawing it again would show it twice. `shown` is what it is drawn as: the line with its folded
 * pastes' text in place of their placeholders (claude's transcript shows the text), its lines
 * after the first behind `nextMark`. `rowsAbove`: the rows of the prompt's lines sent before it,
 * drawn above it, when they are drawn again too (`shown` then is the whole prompt).
 */
export function sentLineRedrawn(
  rl: readline.Interface,
  prompt: string,
  line: string,
  size: { columns: number; rows: number },
  rowsUnder: number,
  mark = prompt,
  shown = line,
  nextMark = mark,
  rowsAbove = 0,
): string {
  // readline drew the prompt and the line as typed (a line as wide as the terminal takes two:
  // readline puts the cursor on a row of its own); Enter went to the row after their last one.
  const rows = rowsAbove + endOfText(rl, `${prompt}${line}`).rows + 1;
  if ((rows === 1 && mark === prompt && shown === line) || rows + rowsUnder > size.rows) return "";
  const redrawn = shown
    .split("\n")
    .flatMap((text, i) => promptRows(shownLine(i === 0 ? mark : nextMark, text), size.columns))
    .map((row) => `\r\x1b[K${row}\n`);
  // Erased row by row: erasing the screen from its top-left corner (a prompt drawn on a cleared
  // screen) makes tmux push the whole screen into the scrollback, the line as typed with it.
  // What is left below (fewer rows than before) is erased from a row under the first.
  return `\x1b[${rows}A${redrawn.join("")}\x1b[J`;
}
