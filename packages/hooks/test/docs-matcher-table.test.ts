import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_SPECS } from "../src/events.js";

const doc = readFileSync(new URL("../../../docs/hooks.md", import.meta.url), "utf8");

/** docs/hooks.md's "What they are compared with" rows: each event with whether its matcher and if see `""`. */
function documented(): Record<string, { matcher: string; if: string }> {
  const table = /\| event \| `matcher` sees \| `if` sees \|\n\|[-|]+\|\n((?:\|.*\|\n)+)/.exec(doc)?.[1] ?? "";
  const out: Record<string, { matcher: string; if: string }> = {};
  for (const row of table.trimEnd().split("\n")) {
    const [events = "", matcher = "", ifSees = ""] = row.slice(2, -2).split(" | ");
    if (events === "all others") continue;
    for (const event of events.split(", ")) {
      out[event] = { matcher: matcher === '`""`' ? "none" : "some", if: ifSees === '`""`' ? "none" : "some" };
    }
  }
  return out;
}

describe("docs/hooks.md: what matcher and if are compared with", () => {
  it("names every event whose matcher or if sees something, and only those, as the event table has them", () => {
    const expected: Record<string, { matcher: string; if: string }> = {};
    for (const [event, spec] of Object.entries(EVENT_SPECS)) {
      if (spec.matchOn === "none" && spec.ifOn === "none") continue;
      expected[event] = {
        matcher: spec.matchOn === "none" ? "none" : "some",
        if: spec.ifOn === "none" ? "none" : "some",
      };
    }
    expect(documented()).toEqual(expected);
  });
});
