import { columnsOf } from "../output/columns.js";
import { rowsOfLine } from "../output/rendered-rows.js";
import { cutLongWords } from "./long-words.js";

/** The columns under a question's first row that its next rows start at (after `? `). */
const HANG = 2;

/**
 * A question (`? allow bash … [y]es / [n]o …: `) broken between words at the terminal's width,
 * its next rows indented under its text, ending with the space the answer's key goes after; the
 * terminal broke it mid-word (`echo w` / `oke`), under the `?`. A row keeps a column free for the
 * key. Each line of a question of several is broken alone; without a width it is left as it is.
 */
export function questionRows(question: string, width: number | undefined): string {
  if (width === undefined || !Number.isFinite(width)) return question;
  return question
    .split("\n")
    .map((line) =>
      columnsOf(line) < width
        ? line
        : `${cutLongWords(rowsOfLine(line.trimEnd(), width - 2, HANG), width - 2, " ".repeat(HANG)).join("\n")} `,
    )
    .join("\n");
}
