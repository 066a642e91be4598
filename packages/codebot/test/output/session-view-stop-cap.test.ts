/**
 * A Stop hook's block at the attempts cap does not send the agent back: the run ends with "a Stop
 * hook still blocks after 3 attempts: …". Its ⚑ line says that, not "sent back" as the blocks
 * before it do.
 */
import type { TraceRecord } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { type Screen, SessionView } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false }, {});

function shown(endsRun: boolean, columns?: number, reason = "3 tests fail"): string {
  let text = "";
  const screen: Screen = {
    write: (written) => {
      text += written;
    },
    status: () => {},
  };
  const view = new SessionView(screen, plain, {
    trace: "ran",
    ...(columns !== undefined ? { columns: () => columns } : {}),
  });
  const record = { ...blocked, decision: { block: true, reason } };
  view.onEvent({ kind: "hook", record, ...(endsRun ? { endsRun: true } : {}) });
  return text;
}

const blocked: TraceRecord = {
  time: new Date(0).toISOString(),
  event: "Stop",
  hook: "tests",
  source: "user",
  file: "/s.json",
  matched: true,
  durationMs: 120,
  exitCode: 2,
  outcome: "blocked",
  decision: { block: true, reason: "3 tests fail" },
};

describe("a Stop hook's ⚑ line at the attempts cap", () => {
  it("says the run ends there, not that the agent was sent back", () => {
    const line = shown(true);
    expect(line).toContain('hook Stop "tests" · ends the run at the attempts cap · exit 2');
    expect(line).not.toContain("sent back");
  });

  it("says so when the terminal cuts the line, without the sent-back reason's rows under it", () => {
    const line = shown(true, 80, "x".repeat(200));
    expect(line).toContain("ends the run at the attempts cap");
    expect(line.trimEnd().split("\n")).toHaveLength(1);
  });

  it("a SubagentStop hook's says the sub-agent's run ends there", () => {
    let text = "";
    const view = new SessionView({ write: (w) => (text += w), status: () => {} }, plain, { trace: "ran" });
    view.onEvent({ kind: "hook", record: { ...blocked, event: "SubagentStop" }, endsRun: true });
    expect(text).toContain(
      'hook SubagentStop "tests" · ends the sub-agent\'s run at the attempts cap · exit 2',
    );
  });

  it("a SubagentStop hook's keeps the reason's rows under it when the line cuts it (no run's end says it)", () => {
    let text = "";
    const view = new SessionView({ write: (w) => (text += w), status: () => {} }, plain, {
      trace: "ran",
      columns: () => 80,
    });
    const reason = Array.from({ length: 20 }, (_, i) => `check ${i + 1}`).join(" ");
    const record = { ...blocked, event: "SubagentStop" as const, decision: { block: true, reason } };
    view.onEvent({ kind: "hook", record, endsRun: true });
    const rows = text.trimEnd().split("\n");
    expect(rows[0]).toContain("ends the sub-agent's run at the attempts cap");
    expect(
      rows
        .slice(1)
        .map((row) => row.trim())
        .join(" "),
    ).toBe(reason);
  });

  it("a block before the cap still reads 'sent back'", () => {
    expect(shown(false)).toContain('hook Stop "tests" · sent back · exit 2');
  });
});
