/**
 * Round 7 item 1: lists as the terminal shows them — numbered from their own start whatever their
 * items hold (a table, a nested list), a table after an item ending before the next one, a tight
 * item's Markdown rendered.
 */
import { describe, expect, it } from "vitest";
import { MarkdownStream } from "../../src/cli/output/markdown.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false });

function rendered(text: string, width = 80): string {
  const md = new MarkdownStream(plain, () => width);
  return md.push(text) + md.end();
}

const table = "| a | b |\n|---|---|\n| 1 | 2 |\n";

describe("MarkdownStream: lists", () => {
  it("ends a table at the numbered item on the line after it, and numbers that list from its own start", () => {
    const out = rendered(`1. Step one\n\n${table}2. Step two\n3. Step three\n`);
    expect(out).toBe(
      [
        "  1. Step one",
        "",
        "┌───┬───┐",
        "│ a │ b │",
        "├───┼───┤",
        "│ 1 │ 2 │",
        "└───┴───┘",
        "",
        "  2. Step two",
        "  3. Step three",
        "",
      ].join("\n"),
    );
  });

  it("numbers a list from the number its first item has", () => {
    expect(rendered("3. three\n4. four\n")).toBe("  3. three\n  4. four\n");
  });

  it("keeps an item's number whatever list is nested in the item before it", () => {
    expect(rendered("1. a\n   - x\n   - y\n2. b\n")).toBe("  1. a\n     * x\n     * y\n  2. b\n");
    expect(rendered("1. a\n   1. x\n   2. y\n2. b\n")).toBe("  1. a\n     1. x\n     2. y\n  2. b\n");
  });

  it("starts a table under an item's text, on a line of its own", () => {
    const out = rendered(`1. First item\n${table}2. Second item\n`);
    expect(out.split("\n").slice(0, 3)).toEqual(["  1. First item", "     ┌───┬───┐", "     │ a │ b │"]);
    expect(out).toContain("     └───┴───┘\n  2. Second item\n");
  });

  it("renders a tight item's emphasis, code and links as in a paragraph", () => {
    expect(rendered("- **bold** and `code`\n- [docs](https://x.example)\n")).toBe(
      "  * bold and code\n  * docs (https://x.example)\n",
    );
  });

  it("shows a task item's checkbox once", () => {
    expect(rendered("- [ ] todo\n- [x] done\n")).toBe("  * [ ] todo\n  * [X] done\n");
  });

  it("measures a table in an item against the room the item's indentation leaves", () => {
    // The table is 41 columns wide, shown 5 in: it does not fit in 45.
    const wide = "| Name | Size | Description |\n|---|---|---|\n| alpha | 12 KB | the first file, notes |\n";
    const indented = wide.replace(/^(?=.)/gm, "   ");
    expect(rendered(`1. Files:\n${indented}2. Done\n`, 45)).toBe(
      "  1. Files:\n     Name: alpha\n     Size: 12 KB\n     Description: the first file, notes\n  2. Done\n",
    );
  });

  it("streamed, stays one list when a chunk ends in the indentation of an item's next line", () => {
    const md = new MarkdownStream(plain, () => 80);
    const chunks = ["1. a\n2. b\n   ", "- nested\n", "3. c\n"];
    const out = chunks.map((chunk) => md.push(chunk)).join("") + md.end();
    expect(out).toBe("  1. a\n  2. b\n     * nested\n  3. c\n");
  });
});
