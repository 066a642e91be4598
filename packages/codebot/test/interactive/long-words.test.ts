import { describe, expect, it } from "vitest";
import { cutLongWords } from "../../src/cli/interactive/long-words.js";

describe("words longer than a row", () => {
  it("a path wider than the row is cut at the width, its rest indented", () => {
    expect(cutLongWords(["? allow", "  notes/a-rather-long-file-name.txt"], 20, "  ")).toEqual([
      "? allow",
      "  notes/a-rather-lon",
      "  g-file-name.txt",
    ]);
  });

  it("a style sequence is never cut in two and takes no columns", () => {
    const bold = "\x1b[1m";
    expect(cutLongWords([`${bold}abcdefgh\x1b[22mij`], 4, " ")).toEqual([
      `${bold}abcd`,
      " efg",
      " h\x1b[22mij",
    ]);
  });
});
