import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HOOK_EVENTS, UNSUPPORTED_CLAUDE_EVENTS } from "../src/events.js";

const doc = readFileSync(new URL("../../../docs/hooks.md", import.meta.url), "utf8");

describe("docs/hooks.md: the Events table", () => {
  it("has a row for every event codebot knows, and for no other", () => {
    const section = doc.slice(doc.indexOf("\n## Events\n"), doc.indexOf("\n## Entry fields\n"));
    const rows = [...section.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]);
    expect([...rows].sort()).toEqual([...HOOK_EVENTS, ...UNSUPPORTED_CLAUDE_EVENTS].sort());
  });
});
