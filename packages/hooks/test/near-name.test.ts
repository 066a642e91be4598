import { describe, expect, it } from "vitest";
import { nearName } from "../src/near-name.js";

describe("nearName", () => {
  const known = ["decision", "reason", "block", "PreToolUse", "PostToolUse"];

  it("finds a name that differs only in case, or by one or two edits (a swap counts as one)", () => {
    expect(nearName("DECISION", known)).toBe("decision");
    expect(nearName("decison", known)).toBe("decision");
    expect(nearName("deciison", known)).toBe("decision");
    expect(nearName("raeson", known)).toBe("reason");
    expect(nearName("PreToolUze", known)).toBe("PreToolUse");
  });

  it("allows one edit only for short names, and finds nothing further away", () => {
    expect(nearName("blok", known)).toBe("block");
    expect(nearName("bk", known)).toBeUndefined();
    expect(nearName("checked_files", known)).toBeUndefined();
  });

  it("takes the closest of several", () => {
    expect(nearName("PostToolUs", known)).toBe("PostToolUse");
  });
});
