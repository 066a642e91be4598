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

/**
 * A Markdown table for a screen reader, as claude 2.1.328 shows it: one line per row, each cell
 * `header: value.` (`Name: alpha. Value: 1.`); no borders to read out, no columns to follow.
 */
export function tableAsSentences(table: Tokens.Table, inline: (cell: Tokens.TableCell) => string): string {
  const headers = table.header.map(inline);
  const sentence = (text: string) => (/[.!?:]$/.test(text) ? text : `${text}.`);
  const lines = table.rows.map((row) =>
    row
      .map((cell, i) => {
        const value = inline(cell).trim();
        const header = (headers[i] ?? "").trim();
        return sentence(header === "" ? value : `${header}: ${value}`);
      })
      .join(" "),
  );
  return `${lines.join("\n")}\n\n`;
}
