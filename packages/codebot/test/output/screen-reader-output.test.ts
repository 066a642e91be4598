/**
 * Screen-reader mode (`--ax-screen-reader`, docs/cli.md): what the renderers give a screen reader.
 * Recorded from claude 2.1.328: no spinner or clock in the status, a table as one
 * `Header: value.` line per row, a rule as `---`, words instead of glyphs before tool lines, an
 * answer that says who speaks (claude's `claude: `, codebot's `codebot: `).
 */
import type { TraceRecord } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { LineBatches } from "../../src/cli/output/line-batches.js";
import { MarkdownStream } from "../../src/cli/output/markdown.js";
import { Progress } from "../../src/cli/output/progress.js";
import { type Screen, SessionView, type SessionViewOptions } from "../../src/cli/output/session-view.js";
import { stylesFor } from "../../src/cli/output/styles.js";
import { terminalScreen } from "../../src/cli/output/terminal-screen.js";
import type { SessionEvent } from "../../src/session/session-events.js";
import { waitFor } from "../support/wait-for.js";

const plain = stylesFor({ isTTY: false }, {});

const agent = (event: Extract<SessionEvent, { kind: "agent" }>["event"]): SessionEvent => ({
  kind: "agent",
  agentName: "main",
  event,
});

function flatAnswer(text: string): string {
  const md = new MarkdownStream(plain, () => 80, true);
  return md.push(text) + md.end();
}

describe("screen-reader mode: the status line", () => {
  it("says what runs with no spinner frame and no clock: the same words at every tick", () => {
    const p = new Progress(true);
    p.toolStarted("c1", "bash sleep 3", 0);
    p.toolOutput("c1", "a\nb\n");
    const first = p.text(100, 0, "Esc to interrupt");
    expect(first).toBe("running bash sleep 3… · Esc to interrupt");
    expect(p.text(5100, 7, "Esc to interrupt")).toBe(first);
  });

  it("says the model's phase, and a slow hook by its statusMessage", () => {
    const p = new Progress(true);
    p.modelStarted(0);
    expect(p.text(3000, 3, "")).toBe("thinking…");
    p.hookStarted("k", "Checking the command", 0);
    expect(p.text(2000, 4, "")).toBe("Checking the command…");
  });

  it("is not drawn again while the same one is on screen, and is after something was written", () => {
    const written: string[] = [];
    const stream = {
      isTTY: true,
      columns: 80,
      writable: true,
      write: (text: string) => written.push(text) > 0,
    } as unknown as NodeJS.WriteStream;
    const screen = terminalScreen(stream, plain, true);
    screen.status("thinking…");
    screen.status("thinking…");
    expect(written).toEqual(["thinking…"]);
    screen.write("line\n");
    screen.status("thinking…");
    expect(written).toEqual(["thinking…", "\r\x1b[K", "line\n", "thinking…"]);
  });
});

describe("screen-reader mode: answers", () => {
  it("shows a table as one line per row of `Header: value.`, without borders", () => {
    const out = flatAnswer("| Name | Value |\n|------|-------|\n| alpha | 1 |\n| beta | 2 |\n");
    expect(out).toBe("Name: alpha. Value: 1.\nName: beta. Value: 2.\n");
  });

  it("shows a rule as `---`, not a row of dashes across the terminal", () => {
    expect(flatAnswer("before\n\n---\n\nafter\n")).toBe("before\n\n---\n\nafter\n");
  });
});

/** A screen-reader mode view writing into `out`. */
function flatView(screenReader = true, messageDisplay?: SessionViewOptions["messageDisplay"]) {
  const out = { text: "" };
  const screen: Screen = {
    write: (text) => {
      out.text += text;
    },
    status: () => {},
  };
  return {
    view: new SessionView(screen, plain, {
      trace: "ran",
      screenReader,
      ...(messageDisplay ? { messageDisplay } : {}),
    }),
    out,
  };
}

describe("screen-reader mode: tool and hook lines", () => {
  it("a hook's statusMessage as it starts is its words alone, without ⋯", () => {
    const { view, out } = flatView();
    view.onEvent({
      kind: "hook_start",
      start: {
        runId: "r1",
        event: "PreToolUse",
        hook: "guard",
        source: "user",
        file: "/s.json",
        statusMessage: "Checking the command",
      },
    } as SessionEvent);
    expect(out.text).toBe("Checking the command\n");
  });

  it("start with words, not ✓, → or ⚑", () => {
    const { view, out } = flatView();
    view.onEvent(
      agent({
        type: "tool_execution_end",
        call: { id: "c1", name: "bash", args: { command: "echo hi" } },
        result: { content: "hi", isError: false },
      }),
    );
    view.onEvent({
      kind: "hook",
      record: {
        time: new Date(0).toISOString(),
        event: "PostToolUse",
        toolUseId: "c1",
        hook: "audit",
        source: "cli",
        file: "/s.json",
        matched: true,
        durationMs: 9,
        exitCode: 0,
        outcome: "allowed",
      } as TraceRecord,
    });
    expect(out.text.split("\n").map((line) => line.replace(/ · .*/, ""))).toEqual([
      "tool: bash echo hi result: hi",
      'hook PostToolUse "audit"',
      "",
    ]);
  });
});

describe("screen-reader mode: the answer", () => {
  it("each message's text starts with `codebot: `, once, however many pieces it streams in", () => {
    const { view, out } = flatView();
    for (const [pieces, text] of [
      [["Made ", "it.\nSecond line."], "Made it.\nSecond line."],
      [["Next."], "Next."],
    ] as const) {
      for (const delta of pieces) view.onEvent(agent({ type: "message_update", delta }));
      view.onEvent(agent({ type: "message_end", message: { role: "assistant", content: text } }));
    }
    expect(out.text).toBe("codebot: Made it.\nSecond line.\ncodebot: Next.\n");
  });

  it("an answer shown through its MessageDisplay hooks starts with `codebot: ` too, once", async () => {
    const { view, out } = flatView(true, {
      lineBatches: () => new LineBatches(async (delta) => delta.toUpperCase()),
    });
    for (const delta of ["made ", "it.\nsecond ", "line"])
      view.onEvent(agent({ type: "message_update", delta }));
    view.onEvent(
      agent({ type: "message_end", message: { role: "assistant", content: "made it.\nsecond line" } }),
    );
    await waitFor(() => out.text.includes("SECOND LINE"), 2_000, "the batches");
    expect(out.text).toBe("codebot: MADE IT.\nSECOND LINE\n");
  });

  it("outside screen-reader mode the answer has no such mark", () => {
    const { view, out } = flatView(false);
    view.onEvent(agent({ type: "message_update", delta: "Made it." }));
    view.onEvent(agent({ type: "message_end", message: { role: "assistant", content: "Made it." } }));
    expect(out.text).toBe("Made it.\n");
  });
});
