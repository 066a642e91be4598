import { rowsOfLine } from "./rendered-rows.js";

/**
 * Plain text as rows of at most `width` terminal columns, broken between words (a word wider than
 * the row stays whole: the terminal wraps it); runs of white space, line breaks included, are one
 * space. The same breaking as the answer's (rowsOfLine), without a hanging indent.
 */
export function wrapWords(text: string, width: number): string[] {
  return rowsOfLine(text.split(/\s+/).filter(Boolean).join(" "), width, 0);
}
