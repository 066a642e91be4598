import { describe, expect, it } from "vitest";
import { columnsOf, cutToColumns } from "../../src/cli/output/columns.js";

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
});
