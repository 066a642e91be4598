import { describe, expect, it } from "vitest";
import { MarkdownStream } from "../../src/cli/output/markdown.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false });
const coloured = stylesFor({ isTTY: true }, {});
const ESC = "\x1b";

/** Streams `chunks` through a fresh renderer and returns everything it wrote. */
function streamed(chunks: string[], s = plain, width = 80): string {
  const md = new MarkdownStream(s, () => width);
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
    const md = new MarkdownStream(plain, () => 80);
    expect(md.push("First **para")).toBe("");
    expect(md.push("graph**.\n")).toBe("");
    expect(md.push("\nSecond")).toBe("First paragraph.\n");
    expect(md.push(" one.")).toBe("");
    expect(md.end()).toBe("\nSecond one.\n");
  });

  it("holds an unclosed code fence until it closes (a half-streamed block is never rendered as text)", () => {
    const md = new MarkdownStream(plain, () => 80);
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

describe("MarkdownStream: the answer broken between words at the terminal's width", () => {
  it("breaks a paragraph between words, each row within the width", () => {
    const out = streamed(
      ["This paragraph has several words that certainly need breaking at forty columns.\n"],
      plain,
      40,
    );
    expect(out).toBe("This paragraph has several words that\ncertainly need breaking at forty\ncolumns.\n");
  });

  it("indents a list item's continuation rows under its text, at any depth", () => {
    const out = streamed(
      ["- a list item long enough to be broken at the edge\n  - nested item long enough to be broken too\n"],
      plain,
      30,
    );
    expect(out).toBe(
      [
        "  * a list item long enough to",
        "    be broken at the edge",
        "    * nested item long enough",
        "      to be broken too",
        "",
      ].join("\n"),
    );
  });

  it("never breaks a code block's lines, in a list item too", () => {
    const code = "npm run build && npm test -- --reporter=verbose --coverage";
    const out = streamed(
      [`1. Run:\n\n   \`\`\`bash\n   ${code}\n   \`\`\`\n\n\`\`\`\n${code}\n\`\`\`\n`],
      plain,
      40,
    );
    expect(out.split("\n").filter((row) => row.trim() === code)).toHaveLength(2);
  });

  it("gives a word wider than the row a row of its own, whole (the terminal breaks it)", () => {
    const url = "https://example.com/a/very/long/path/that/does/not/fit/in/forty/columns";
    expect(streamed([`Visit ${url} now.\n`], plain, 40)).toBe(`Visit\n${url}\nnow.\n`);
  });

  it("closes a style at the end of a row and opens it again after the next row's indentation", () => {
    const out = streamed(
      ["> quoted words that run on past the edge of this narrow terminal\n"],
      coloured,
      30,
    );
    const rows = out.split("\n");
    expect(rows[0]?.endsWith(`${ESC}[0m`)).toBe(true);
    expect(rows[1]?.startsWith(`  ${ESC}[2m${ESC}[3m`)).toBe(true);
    expect(rows[1]?.[`  ${ESC}[2m${ESC}[3m`.length]).not.toBe(" ");
  });

  it("fits the blocks written after the width changed to the new width", () => {
    let width = 80;
    const md = new MarkdownStream(plain, () => width);
    const text = "one two three four five six seven eight nine ten eleven twelve";
    expect(md.push(`${text}\n\n${text}`)).toBe(`${text}\n`);
    width = 20;
    expect(md.push("\n\nnext")).toBe("\none two three four\nfive six seven eight\nnine ten eleven\ntwelve\n");
  });
});

describe("MarkdownStream: a table wider than the terminal", () => {
  const table =
    "| Name | Size | Description |\n|---|---|---|\n| alpha | 12 KB | the first file, with notes |\n| beta | 3 KB | second |\n";

  it("keeps its borders when it fits", () => {
    expect(streamed([table], plain, 60)).toContain("│ alpha │ 12 KB │ the first file, with notes │");
  });

  it("becomes `header: value` rows, one group per table row, when it does not fit", () => {
    expect(streamed([table], plain, 40)).toBe(
      [
        "Name: alpha",
        "Size: 12 KB",
        "Description: the first file, with notes",
        "",
        "Name: beta",
        "Size: 3 KB",
        "Description: second",
        "",
      ].join("\n"),
    );
  });
});
