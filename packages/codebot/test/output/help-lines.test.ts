import { describe, expect, it } from "vitest";
import { helpLines } from "../../src/cli/interactive/help-lines.js";
import { columnsOf } from "../../src/cli/output/columns.js";

/** The words of the lines, in order: what wrapping must keep. */
const words = (lines: string[]) => lines.join(" ").split(/\s+/).filter(Boolean);

describe("/help", () => {
  it("puts every description in one column, beside its command", () => {
    const lines = helpLines(120);
    const at = (name: string) => lines.find((line) => line.startsWith(`${name} `)) ?? "";
    expect(at("/exit").indexOf("end the session")).toBe(at("/hooks [event|all]").indexOf("the hooks"));
    expect(at("/compact [focus]").indexOf("summarise")).toBe(at("/help").indexOf("this list"));
  });

  it("in a 40-column terminal: no row wider than it, each description under its command, no word cut", () => {
    const lines = helpLines(40);
    for (const line of lines) expect(columnsOf(line)).toBeLessThanOrEqual(40);
    expect(lines.slice(0, 3)).toEqual([
      "/hooks [event|all]",
      "    the hooks of this session (a count",
      "    per event when they would not fit",
    ]);
    expect(words(lines)).toEqual(words(helpLines(undefined)));
  });

  it("in an 80-column terminal: descriptions wrapped between words under their column", () => {
    const lines = helpLines(80);
    for (const line of lines) expect(columnsOf(line)).toBeLessThanOrEqual(80);
    const model = lines.findIndex((line) => line.startsWith("/model [id] "));
    expect(lines[model + 1]).toMatch(/^ {20}\S/);
    expect(words(lines)).toEqual(words(helpLines(undefined)));
  });
});
