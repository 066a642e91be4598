import { describe, expect, it } from "vitest";
import { sessionRows } from "../../src/cli/interactive/session-rows.js";
import { columnsOf } from "../../src/cli/output/columns.js";
import type { SessionSummary } from "../../src/transcript/session-files.js";

const fork: SessionSummary = {
  id: "1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d",
  transcriptPath: "/x/1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d.jsonl",
  modified: new Date("2026-12-06T03:25:00Z"),
  firstPrompt: "explain how the hooks engine orders the matchers of one event in a long answer",
  forkedFrom: "0f1e2d3c-4b5a-4697-8877-665544332211",
};

describe("a fork in the session list", () => {
  it("keeps its mark in view on one row: the long first prompt before it is cut", () => {
    const [row] = sessionRows([fork], 70);
    expect(row).toBe("   1  1a2b3c4d  2026-12-06 03:25  explain how the … (fork of 0f1e2d3c)");
    expect(columnsOf(row ?? "")).toBeLessThanOrEqual(70);
  });

  it("keeps its mark in view under the number on a narrow terminal", () => {
    const rows = sessionRows([fork], 40);
    expect(rows[1]).toBe("      explain how th… (fork of 0f1e2d3c)");
  });
});

describe("a session's title or first prompt in the session list", () => {
  const plain = { ...fork, forkedFrom: undefined };

  it("a title hiding text with a right-to-left override has it written out", () => {
    const [row] = sessionRows([{ ...plain, title: "evil\u202etxt.exe" }], undefined);
    expect(row).toMatch(/ {2}evil\\u202etxt\.exe$/);
  });

  it("a first prompt's zero-width and bidi characters are written out", () => {
    const [row] = sessionRows([{ ...plain, firstPrompt: "run\u200b it\u2066" }], undefined);
    expect(row).toMatch(/ {2}run\\u200b it\\u2066$/);
  });
});
