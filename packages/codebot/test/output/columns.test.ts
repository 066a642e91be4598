import { describe, expect, it } from "vitest";
import { columnsOf, cutStartToColumns, cutToColumns } from "../../src/cli/output/columns.js";

describe("terminal columns", () => {
  it("wide characters take two columns, combining marks none, the rest one", () => {
    expect(columnsOf("abc")).toBe(3);
    expect(columnsOf("修复")).toBe(4);
    expect(columnsOf("e\u0301")).toBe(1);
    expect(columnsOf("한국어")).toBe(6);
  });

  it("cuts to at most the width in columns, with … in the last one; text that fits is left alone", () => {
    expect(cutToColumns("修复解析器", 6)).toBe("修复…");
    expect(columnsOf(cutToColumns("修复解析器", 6))).toBeLessThanOrEqual(6);
    expect(cutToColumns("abcdef", 4)).toBe("abc…");
    expect(cutToColumns("修复", 4)).toBe("修复");
  });

  it("colour sequences take no columns; a coloured line that is cut ends with a reset before its …", () => {
    const green = (t: string) => `\x1b[32m${t}\x1b[39m`;
    expect(columnsOf(green("allowed"))).toBe(7);
    expect(cutToColumns(`a ${green("allowed")}`, 20)).toBe(`a ${green("allowed")}`);
    expect(cutToColumns(`a ${green("allowed")} · exit 0`, 6)).toBe("a \x1b[32mall\x1b[0m…");
  });

  // Round 7 item 2: as tmux 3.3 draws them (each checked with a cursor position in tmux).
  it("an emoji joined to the one before by U+200D is drawn in that one's two columns", () => {
    expect(columnsOf("👩\u200d💻")).toBe(2);
    expect(columnsOf("👨\u200d👩\u200d👧")).toBe(2);
    expect(columnsOf("fix 👩\u200d💻 it")).toBe(9);
  });

  it("an emoji shown as a picture takes two columns (🚀, ✅), a flag's two letters two in all", () => {
    expect(columnsOf("🚀")).toBe(2);
    expect(columnsOf("✅")).toBe(2);
    expect(columnsOf("🇫🇷")).toBe(2);
    expect(columnsOf("🇫🇷🇩🇪")).toBe(4);
  });

  it("a skin tone is a cell of its own, and a text-style symbol with its emoji selector one column", () => {
    expect(columnsOf("👍🏽")).toBe(4);
    expect(columnsOf("❤\ufe0f")).toBe(1);
  });

  it("cuts never between an emoji and the one joined to it", () => {
    expect(cutToColumns("ab👩\u200d💻cd", 5)).toBe("ab👩\u200d💻…");
    expect(cutStartToColumns("ab👩\u200d💻cd", 5)).toBe("…👩\u200d💻cd");
  });
});
