import type { Tokens } from "marked";
import type { Styles } from "./styles.js";

/**
 * A Markdown table too wide for the terminal, as one group of `header: value` rows per table row
 * (groups apart by a blank line): a bordered table cut by the terminal's edge is unreadable, a
 * list of fields can be broken between words like any text.
 */
export function tableAsRows(
  table: Tokens.Table,
  inline: (cell: Tokens.TableCell) => string,
  s: Styles,
): string {
  const headers = table.header.map(inline);
  const groups = table.rows.map((row) =>
    row
      .map((cell, i) => {
        const header = headers[i] ?? "";
        return header === "" ? inline(cell) : `${s.bold(`${header}:`)} ${inline(cell)}`;
      })
      .join("\n"),
  );
  return `${groups.join("\n\n")}\n\n`;
}
