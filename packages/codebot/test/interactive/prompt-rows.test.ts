import { describe, expect, it } from "vitest";
import { promptEcho, promptRows, WORD_PROMPT_MARKS } from "../../src/cli/interactive/prompt-rows.js";
import { columnsOf } from "../../src/cli/output/columns.js";

describe("a sent prompt's rows", () => {
  it("a line that fits is left as typed, its spaces kept", () => {
    expect(promptRows("› a  b", 20)).toEqual(["› a  b"]);
  });

  it("Japanese text without spaces is cut at the width, each next row indented, no wide character split", () => {
    const rows = promptRows(`› ${"日本語のテキストです。".repeat(3)}`, 20);
    expect(rows).toEqual([
      "› 日本語のテキストで",
      "  す。日本語のテキス",
      "  トです。日本語のテ",
      "  キストです。",
    ]);
    for (const row of rows) expect(columnsOf(row)).toBeLessThanOrEqual(20);
  });

  it("a prompt of several lines echoed as it runs: › before the first, … before the others", () => {
    expect(promptEcho("fix the build\nthen run the tests again please", 20)).toEqual([
      "› fix the build",
      "… then run the tests",
      "  again please",
    ]);
  });

  it("in screen-reader mode: `you: ` before the first line of a prompt sent (claude's), no mark before the others", () => {
    expect(promptEcho("fix the build\nthen run the tests again please", 20, WORD_PROMPT_MARKS)).toEqual([
      "you: fix the build",
      "  then run the tests",
      "  again please",
    ]);
  });
});
