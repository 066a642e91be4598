import { describe, expect, it } from "vitest";
import { diffLines } from "../../src/cli/output/file-diff.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false });
const coloured = stylesFor({ isTTY: true }, {});

describe("diffLines: the compact unified diff under an edit or write line", () => {
  it("shows the hunk header, the removed and added lines with their line numbers, and one line of context", () => {
    const before = "one\ntwo\nthree\nfour\nfive\n";
    const after = "one\ntwo\nTHREE\nfour\nfive\n";
    expect(diffLines(before, after, plain)).toEqual([
      "@@ -2,3 +2,3 @@",
      "   2  two",
      "   3 -three",
      "   3 +THREE",
      "   4  four",
    ]);
  });

  it("a new file is all additions", () => {
    expect(diffLines(undefined, "a\nb\n", plain)).toEqual(["@@ -0,0 +1,2 @@", "   1 +a", "   2 +b"]);
  });

  it("is capped: past the limit one line says how many more there are", () => {
    const after = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    const lines = diffLines("", after, plain, 10);
    expect(lines).toHaveLength(11);
    expect(lines[10]).toBe("… 31 more lines");
  });

  it("colours removals red and additions green on a terminal, and has no escapes without colour", () => {
    const lines = diffLines("a\n", "b\n", coloured);
    expect(lines).toContain("\x1b[31m   1 -a\x1b[39m");
    expect(lines).toContain("\x1b[32m   1 +b\x1b[39m");
    expect(diffLines("a\n", "b\n", plain).join("")).not.toContain("\x1b");
  });

  it("strips control sequences from file content (a file can hold an OSC 52 write)", () => {
    expect(diffLines("", "x\x1b]52;c;Zm9v\x07y\n", plain)).toContain("   1 +xy");
  });

  it("nothing changed: no lines", () => {
    expect(diffLines("same\n", "same\n", plain)).toEqual([]);
  });
});

describe("diffLines: a change too large to diff line by line", () => {
  // Unbounded, jsdiff took 20 s for this 10,000-line rewrite (quadratic: 60,000 lines, minutes).
  const lines = (word: string) => Array.from({ length: 10_000 }, (_, i) => `${word} line ${i}`).join("\n");

  it("is shown as every line out, then every line in, and the last line says it was not diffed", () => {
    const started = performance.now();
    const shown = diffLines(`${lines("old")}\n`, `${lines("new")}\n`, plain, 3);
    expect(shown).toEqual([
      "@@ -1,10000 +1,10000 @@",
      "   1 -old line 0",
      "   2 -old line 1",
      "… 19998 more lines (too large a change to diff: every line out, then every line in)",
    ]);
    // A generous bound for a loaded machine: bounded, it takes a fraction of a second.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
