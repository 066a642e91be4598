import { describe, expect, it } from "vitest";
import { SubagentNames } from "../src/tools/subagent-names.js";

describe("SubagentNames", () => {
  it("a name in use gets the first free numbered one; a released name is free again", () => {
    const names = new SubagentNames();
    expect([names.claim("explorer"), names.claim("explorer"), names.claim("explorer")]).toEqual([
      "explorer",
      "explorer-2",
      "explorer-3",
    ]);
    names.release("explorer-2");
    expect(names.claim("explorer")).toBe("explorer-2");
    names.release("explorer");
    expect(names.claim("explorer")).toBe("explorer");
  });

  it("a name asked for that a numbered run holds is numbered in turn", () => {
    const names = new SubagentNames();
    names.claim("x");
    names.claim("x");
    expect(names.claim("x-2")).toBe("x-2-2");
  });
});
