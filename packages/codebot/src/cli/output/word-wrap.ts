import { columnsOf } from "./columns.js";

/**
 * Plain text as rows of at most `width` terminal columns, broken between words (a word wider than
 * the row stays whole: the terminal wraps it).
 */
export function wrapWords(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (row !== "" && columnsOf(`${row} ${word}`) > width) {
      rows.push(row);
      row = word;
    } else row = row === "" ? word : `${row} ${word}`;
  }
  if (row !== "" || rows.length === 0) rows.push(row);
  return rows;
}
