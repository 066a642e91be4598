/**
 * Where a Markdown table's source ends when a numbered list item follows it on the next line:
 * marked lets only an item numbered 1 end a table, so after `1. step`, a table, then `2. step`,
 * the table took `2. step` and every item after it as rows of one cell. GitHub ends the table
 * there, as for any block that can begin a line; so does this (the table's source up to that line).
 * `undefined` when no such line is among the table's rows.
 */
export function tableBeforeNumberedItem(src: string): string | undefined {
  const lines = src.split("\n");
  // Header and delimiter rows first: a numbered line can only end the rows after them.
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "") return undefined;
    if (NUMBERED_ITEM.test(line)) return `${lines.slice(0, i).join("\n")}\n`;
  }
  return undefined;
}

/** A line that begins an ordered list item (CommonMark: up to 9 digits, `.` or `)`, a space). */
const NUMBERED_ITEM = /^ {0,3}\d{1,9}[.)](?:[ \t]|$)/;
