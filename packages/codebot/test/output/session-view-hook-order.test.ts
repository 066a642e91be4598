/**
 * A tool call's background hooks (flat-style PostToolUse: async, nothing waits for them) finish
 * after the model has gone on: their ⚑ lines still go under the call's line, not after the answer.
 */
import type { TraceRecord } from "@codebot/hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Screen, SessionView } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";
import type { SessionEvent } from "../../src/session/session-events.js";

const plain = stylesFor({ isTTY: false }, {});

afterEach(() => {
  vi.useRealTimers();
});

/** A view whose calls each have `pending[id]` background hook runs left, writing into `out`. */
function viewWith(pending: Record<string, number>) {
  const out = { text: "" };
  const screen: Screen = {
    write: (text) => {
      out.text += text;
    },
    status: () => {},
  };
  const view = new SessionView(screen, plain, {
    trace: "ran",
    backgroundHooks: (id) => pending[id] ?? 0,
  });
  return { view, out };
}

const agent = (event: Extract<SessionEvent, { kind: "agent" }>["event"]): SessionEvent => ({
  kind: "agent",
  agentName: "main",
  event,
});

const toolEnd = (id: string, command: string) =>
  agent({
    type: "tool_execution_end",
    call: { id, name: "bash", args: { command } },
    result: { content: command.replace("echo ", ""), isError: false },
  });

const answer = (text: string) => [
  agent({ type: "message_update", delta: text }),
  agent({ type: "message_end", message: { role: "assistant", content: text } }),
];

const audit = (toolUseId: string): SessionEvent => ({
  kind: "hook",
  record: {
    time: new Date(0).toISOString(),
    event: "PostToolUse",
    toolUseId,
    hook: "audit",
    source: "cli",
    file: "/s.json",
    matched: true,
    durationMs: 9,
    exitCode: 0,
    outcome: "allowed",
  } as TraceRecord,
});

describe("SessionView: a tool call's background hook lines", () => {
  it("go under the call's line when the hook ends after the model's answer began", () => {
    const { view, out } = viewWith({ c1: 1 });
    for (const event of [toolEnd("c1", "echo hi"), ...answer("the answer")]) view.onEvent(event);
    view.onEvent(audit("c1"));
    expect(out.text.split("\n").map((line) => line.replace(/ · .*/, ""))).toEqual([
      "✓ bash echo hi → hi",
      '  ⚑ hook PostToolUse "audit"',
      "the answer",
      "",
    ]);
  });

  it("of a later call in the same batch go under that call, after the earlier call's", () => {
    const { view, out } = viewWith({ c1: 1, c2: 1 });
    for (const event of [toolEnd("c1", "echo one"), toolEnd("c2", "echo two"), ...answer("done")])
      view.onEvent(event);
    view.onEvent(audit("c2"));
    view.onEvent(audit("c1"));
    expect(out.text.split("\n").map((line) => line.replace(/ · .*/, ""))).toEqual([
      "✓ bash echo one → one",
      '  ⚑ hook PostToolUse "audit"',
      "✓ bash echo two → two",
      '  ⚑ hook PostToolUse "audit"',
      "done",
      "",
    ]);
  });

  it("come late when the hook outlasts the wait, naming the call they are for", async () => {
    vi.useFakeTimers();
    const { view, out } = viewWith({ c1: 1 });
    for (const event of [toolEnd("c1", "echo hi"), ...answer("the answer")]) view.onEvent(event);
    const shown = view.hooksShown();
    expect(out.text).toBe("✓ bash echo hi → hi\n");
    await vi.advanceTimersByTimeAsync(2_000);
    await shown;
    view.onEvent(audit("c1"));
    expect(out.text).toMatch(
      /^✓ bash echo hi → hi\nthe answer\n {2}⚑ hook PostToolUse "audit" · .* · for bash echo hi\n$/,
    );
  });
});
