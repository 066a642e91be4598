/**
 * The stream-json `hook` line (and the `--json` outputs) carry everything a hook's trace record
 * says it decided. tdd-guard's `tdd-guard off` answers `{"continue": false, …}`: the run stopped,
 * but its line said only `decision: {block: false}` (the `--trace-file` record had `stopRun`).
 */
import type { TraceRecord } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { wireTraceRecord } from "../../src/cli/output/wire.js";

const record = (decision: TraceRecord["decision"]): TraceRecord => ({
  time: "2026-01-01T00:00:00.000Z",
  event: "PreToolUse",
  hook: "guard",
  source: "project",
  file: "/p/.claude/settings.json",
  matched: true,
  outcome: "allowed",
  decision,
});

describe("a hook line's decision", () => {
  it("says that the hook ended the run, with its stop reason", () => {
    expect(wireTraceRecord(record({ block: false, stopRun: "TDD Guard disabled" })).decision).toEqual({
      block: false,
      stop_run: "TDD Guard disabled",
    });
  });

  it("says that the hook answered allow or ask, and why an allow did not count", () => {
    expect(wireTraceRecord(record({ block: false, permission: "ask" })).decision).toEqual({
      block: false,
      permission: "ask",
    });
    expect(
      wireTraceRecord(record({ block: false, permission: "allow", permissionIgnored: "not covered whole" }))
        .decision,
    ).toEqual({ block: false, permission: "allow", permission_ignored: "not covered whole" });
  });
});
