import { describe, expect, it } from "vitest";
import { visible } from "../../src/approval/visible-text.js";

describe("visible", () => {
  it("keeps a U+200D that joins two emoji into one (👩‍💻, 👨‍👩‍👧, 🏳️‍🌈, a skin tone before it)", () => {
    for (const emoji of ["👩\u200d💻", "👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈", "👩🏽\u200d💻"])
      expect(visible(`echo ${emoji} done`)).toBe(`echo ${emoji} done`);
  });

  it("writes out a U+200D anywhere else: between letters, before a space, at an emoji's end", () => {
    expect(visible("rm\u200d -rf")).toBe("rm\\u200d -rf");
    expect(visible("a\u200db")).toBe("a\\u200db");
    expect(visible("👩\u200dx")).toBe("👩\\u200dx");
    expect(visible("\u200d👩")).toBe("\\u200d👩");
  });
});
