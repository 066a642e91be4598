import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { questionRows } from "../../src/cli/interactive/question-rows.js";
import { columnsOf } from "../../src/cli/output/columns.js";

const bold = (text: string) => `\x1b[1m${text}\x1b[22m`;

describe("a question's rows", () => {
  it("the project question at 40 columns: broken between words, a column free for the key, ending with a space", () => {
    const question = `? allow them? ${bold("y")} this session · ${bold("a")} always (remember for this project) · ${bold("n")} no: `;
    const rows = questionRows(question, 40).split("\n");
    expect(rows.map((row) => stripVTControlCharacters(row))).toEqual([
      "? allow them? y this session · a",
      "  always (remember for this project) ·",
      "  n no: ",
    ]);
    for (const row of rows) expect(columnsOf(row)).toBeLessThan(40);
  });

  it("a question that fits is left as it is", () => {
    expect(questionRows("? allow bash ls  [y]es / [n]o: ", 40)).toBe("? allow bash ls  [y]es / [n]o: ");
  });
});
