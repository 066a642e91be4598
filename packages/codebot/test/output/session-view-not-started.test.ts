/**
 * A matched hook run that never started (its timeout passed waiting for its turn, or it was given up
 * at exit while queued) is traced `skipped: "not started"`; it still ran as far as the user is
 * concerned, so the terminal gives it its ⚑ line, as it did before such records were marked.
 */
import type { TraceRecord } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { type Screen, SessionView } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false }, {});

function shown(record: TraceRecord): string {
  let text = "";
  const screen: Screen = {
    write: (written) => {
      text += written;
    },
    status: () => {},
  };
  new SessionView(screen, plain, { trace: "ran" }).onEvent({ kind: "hook", record });
  return text;
}

const record: TraceRecord = {
  time: new Date(0).toISOString(),
  event: "PostToolUse",
  hook: "audit",
  source: "user",
  file: "/s.json",
  matched: true,
  durationMs: 1000,
  exitCode: null,
  outcome: "timed out",
  error: "http hook: timed out after 1s waiting for its turn (not started)",
};

describe("a hook run that never started, in the terminal", () => {
  it("gets its line, saying it did not start and how it ended", () => {
    expect(shown({ ...record, skipped: "not started" })).toContain(
      'hook PostToolUse "audit" · not started · timed out',
    );
  });

  it("a hook skipped by its matcher still gets none", () => {
    expect(shown({ ...record, matched: false, skipped: "matcher" })).toBe("");
  });
});
