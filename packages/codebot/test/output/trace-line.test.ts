import type { TraceRecord } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { stylesFor } from "../../src/cli/output/styles.js";
import { traceLine } from "../../src/cli/output/trace-line.js";

const plain = stylesFor({ isTTY: false }, {});

const blockedBy = (event: TraceRecord["event"]): TraceRecord => ({
  time: "2026-12-05T10:00:00.000Z",
  event,
  hook: "tests",
  source: "user",
  file: "/home/u/.codebot/settings.json",
  matched: true,
  durationMs: 120,
  exitCode: 2,
  outcome: "blocked",
  decision: { block: true, reason: "3 tests fail" },
});

describe("a hook's trace line", () => {
  it("a Stop or SubagentStop hook's block reads 'sent back': the agent goes on working, nothing was refused", () => {
    expect(traceLine(blockedBy("Stop"), plain)).toBe(
      'hook Stop "tests" · sent back · exit 2 · 120 ms · reason: 3 tests fail',
    );
    expect(traceLine(blockedBy("SubagentStop"), plain)).toContain("· sent back ·");
  });

  it("a block of any other event reads 'blocked'", () => {
    expect(traceLine(blockedBy("PreToolUse"), plain)).toBe(
      'hook PreToolUse "tests" · blocked · exit 2 · 120 ms · reason: 3 tests fail',
    );
  });

  it("a run stopped with its run reads 'cancelled' and why, not a failure with no exit code", () => {
    const stopped: TraceRecord = {
      ...blockedBy("UserPromptSubmit"),
      decision: undefined,
      outcome: "cancelled",
      cancelReason: "interrupted by the user",
      exitCode: null,
      durationMs: 1624,
    };
    expect(traceLine(stopped, plain)).toBe(
      'hook UserPromptSubmit "tests" · cancelled · 1624 ms · interrupted by the user',
    );
    expect(
      traceLine({ ...stopped, outcome: "failed", error: "exited with signal SIGKILL" }, plain),
    ).toContain("· failed ·");
  });

  it("a matched run that never started says so, then how it ended", () => {
    const abandoned: TraceRecord = {
      ...blockedBy("PostToolUse"),
      decision: { block: false },
      skipped: "not started",
      outcome: "cancelled",
      cancelReason: "abandoned at exit before it started",
      exitCode: null,
      durationMs: 2000,
    };
    expect(traceLine(abandoned, plain)).toBe(
      'hook PostToolUse "tests" · not started · cancelled · 2000 ms · abandoned at exit before it started',
    );
  });
});
