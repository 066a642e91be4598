import { columnsOf } from "../output/columns.js";

/**
 * Rows (broken between words already) of which one is still wider than `width` — a word longer
 * than a row: a path, a URL, Chinese or Japanese text without spaces — cut at `width` columns,
 * the rest on rows that start with `indent`; a wide character that does not fit at a row's end
 * starts the next one. Left to the terminal, the rest started at its edge, under nothing.
 */
export function cutLongWords(rows: readonly string[], width: number, indent: string): string[] {
  if (width <= indent.length + 1) return [...rows];
  return rows.flatMap((row) => {
    if (columnsOf(row) <= width) return [row];
    const cut: string[] = [];
    let current = "";
    // A style sequence is one unit: never cut in two, and it takes no columns.
    for (const unit of unitsOf(row)) {
      if (columnsOf(current.trim()) > 0 && columnsOf(current + unit) > width) {
        cut.push(current);
        current = indent;
      }
      current += unit;
    }
    cut.push(current);
    return cut;
  });
}

/** The characters of `text`, each style sequence (`ESC [ … m`) one unit. */
function unitsOf(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is matched.
  return text.match(/\x1b\[[0-9;]*m|[\s\S]/gu) ?? [];
}
