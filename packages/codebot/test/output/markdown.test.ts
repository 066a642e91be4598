import { describe, expect, it } from "vitest";
import { MarkdownStream } from "../../src/cli/output/markdown.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false });
const coloured = stylesFor({ isTTY: true }, {});
const ESC = "\x1b";

/** Streams `chunks` through a fresh renderer and returns everything it wrote. */
function streamed(chunks: string[], s = plain): string {
  const md = new MarkdownStream(s, 80);
  return chunks.map((c) => md.push(c)).join("") + md.end();
}

describe("MarkdownStream: the answer rendered for the terminal as it streams", () => {
  it("renders emphasis, code spans, headings and lists without their markdown marks", () => {
    const out = streamed(["# Plan\n\nRead **a.txt** and `b.txt`, *then*:\n\n- one\n- two\n"]);
    expect(out).toBe("Plan\n\nRead a.txt and b.txt, then:\n\n  * one\n  * two\n");
  });

  it("renders a fenced code block without the fence, and a table with borders", () => {
    const out = streamed(["```ts\nconst x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"]);
    expect(out).not.toContain("```");
    expect(out).toContain("  const x = 1;");
    expect(out).toContain("│ 1 │ 2 │");
  });

  it("writes a block as soon as the next one begins, and the last one at the end", () => {
    const md = new MarkdownStream(plain, 80);
    expect(md.push("First **para")).toBe("");
    expect(md.push("graph**.\n")).toBe("");
    expect(md.push("\nSecond")).toBe("First paragraph.\n");
    expect(md.push(" one.")).toBe("");
    expect(md.end()).toBe("\nSecond one.\n");
  });

  it("holds an unclosed code fence until it closes (a half-streamed block is never rendered as text)", () => {
    const md = new MarkdownStream(plain, 80);
    expect(md.push("```\nline **1**\n")).toBe("");
    expect(md.push("```\n\nafter")).toContain("line **1**");
  });

  it("styles with the session's colours on a terminal; without colour there is no escape at all", () => {
    const source = ["# Title\n\n**bold** and `code`\n\n| a |\n|---|\n| 1 |\n"];
    const out = streamed(source, coloured);
    expect(out).toContain(`${ESC}[1mbold${ESC}[22m`);
    expect(out).toContain(`${ESC}[33mcode${ESC}[39m`);
    expect(streamed(source)).not.toContain(ESC);
  });

  it("shows a link's target next to its text instead of hiding it in a terminal hyperlink", () => {
    const out = streamed(["see [the docs](https://evil.example/x)\n"]);
    expect(out).toBe("see the docs (https://evil.example/x)\n");
    expect(out).not.toContain(`${ESC}]8`);
  });
});
