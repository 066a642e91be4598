/**
 * Chinese and Japanese text is written without spaces and may break between its characters: a
 * paragraph of it fills each row, as a terminal or a browser lays it out, rather than the
 * terminal breaking it at the edge and a row ending early before the next space.
 */
import { describe, expect, it } from "vitest";
import { columnsOf } from "../../src/cli/output/columns.js";
import { rowsOfLine } from "../../src/cli/output/rendered-rows.js";

describe("rowsOfLine: Chinese and Japanese text", () => {
  it("fills each row, breaking between characters, and runs on after a space", () => {
    const text = "现在所有测试都通过了 ✅，包括新增的三个边界情况测试。";
    expect(rowsOfLine(text, 20, 0)).toEqual(["现在所有测试都通过了", "✅，包括新增的三个边", "界情况测试。"]);
  });

  it("never starts a row with punctuation that must follow a character (。，：)", () => {
    const rows = rowsOfLine("问题出在第十二行：返回语句后面缺少分号。", 18, 0);
    for (const row of rows) expect(row).not.toMatch(/^[。，：]/);
    for (const row of rows) expect(columnsOf(row)).toBeLessThanOrEqual(18);
    expect(rows.join("")).toBe("问题出在第十二行：返回语句后面缺少分号。");
  });

  it("keeps a Latin word and an emoji joined by U+200D whole between Chinese characters", () => {
    expect(rowsOfLine("修复parser里的👩‍💻错误", 12, 0)).toEqual(["修复parser里", "的👩‍💻错误"]);
  });
});
