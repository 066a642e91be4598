import { describe, expect, it } from "vitest";
import { trimNewStringLines } from "../../src/tools/edit-new-string.js";

describe("trimNewStringLines", () => {
  it("cuts each line's trailing spaces and tabs, keeping a \\r\\n ending", () => {
    expect(trimNewStringLines("/p/a.py", "  x = 1 \t\r\n  return x\t\nend  ")).toBe(
      "  x = 1\r\n  return x\nend",
    );
  });

  it("leaves Markdown's trailing spaces, a hard line break there", () => {
    expect(trimNewStringLines("/p/README.md", "line  \nnext")).toBe("line  \nnext");
  });

  it("keeps them in .mdx and .MD files and trims a .markdown file's, as claude 2.1.328 does", () => {
    expect(trimNewStringLines("/p/page.mdx", "line  ")).toBe("line  ");
    expect(trimNewStringLines("/p/NOTES.MD", "line  ")).toBe("line  ");
    expect(trimNewStringLines("/p/old.markdown", "line  ")).toBe("line");
  });

  it("keeps blanks inside a line: a model's 200,000 blanks before a letter come back whole, at once (a regex retried from each)", () => {
    const inside = `${" ".repeat(200_000)}x`;
    expect(trimNewStringLines("/p/a.py", `${inside}\n${inside} `)).toBe(`${inside}\n${inside}`);
  }, 10_000);
});
