import { SUMMARY_PREAMBLE } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { historyRecap } from "../../src/cli/output/history-recap.js";
import { renderedAnswer } from "../../src/cli/output/markdown.js";
import { stylesFor } from "../../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false }, {});

const call = (id: string, command: string): ModelMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: id, toolName: "bash", input: { command } }],
});
const result = (id: string, value: string, error = false): ModelMessage => ({
  role: "tool",
  content: [
    {
      type: "tool-result",
      toolCallId: id,
      toolName: "bash",
      output: error ? { type: "error-text", value } : { type: "text", value },
    },
  ],
});

describe("historyRecap: what a resumed session shows of its conversation", () => {
  it("shows prompts, answers and one line per tool call with its result, in order", () => {
    const lines = historyRecap(
      [
        { role: "user", content: "list the files" },
        call("t1", "ls"),
        result("t1", "a.txt\nb.txt"),
        call("t2", "cat missing"),
        result("t2", "cat: missing: No such file\n[exit code 1]", true),
        { role: "assistant", content: [{ type: "text", text: "Two files." }] },
      ],
      plain,
    );
    expect(lines).toEqual([
      "── earlier in this session ──",
      "› list the files",
      "✓ bash ls → 2 lines",
      "✗ bash cat missing → cat: missing: No such file … [exit code 1]",
      "Two files.",
      "──",
    ]);
  });

  it("breaks a prompt wider than the terminal between words, its next rows under its text; answers are left as rendered", () => {
    const lines = historyRecap(
      [
        { role: "user", content: "please rename every file in the folder" },
        {
          role: "assistant",
          content: [{ type: "text", text: "const x = someVeryLongCall(argument, other);" }],
        },
      ],
      plain,
      undefined,
      20,
    );
    expect(lines.slice(1, -1)).toEqual([
      "› please rename",
      "  every file in the",
      "  folder",
      "const x = someVeryLongCall(argument, other);",
    ]);
  });

  it("leaves out hook context and reminders, shows a compacted beginning as one line and an interruption as the live view said it", () => {
    const lines = historyRecap(
      [
        { role: "user", content: `${SUMMARY_PREAMBLE}\n\nthe summary text` },
        {
          role: "user",
          content: [
            { type: "text", text: "<system-reminder>\nhook context\n</system-reminder>" },
            { type: "text", text: "the prompt" },
          ],
        },
        { role: "user", content: "<system-reminder>\nA Stop hook did not let you stop\n</system-reminder>" },
        { role: "user", content: "[Request interrupted by user]" },
      ],
      plain,
    );
    expect(lines).toEqual([
      "── earlier in this session ──",
      "(earlier conversation compacted into a summary)",
      "› the prompt",
      "interrupted · what should codebot do instead?",
      "──",
    ]);
  });

  it("an interrupted tool call's marker reads as the live view said it, not as the model's marker", () => {
    const lines = historyRecap(
      [
        { role: "user", content: "wait a bit" },
        { role: "user", content: [{ type: "text", text: "[Request interrupted by user for tool use]" }] },
        { role: "user", content: "my draft" },
      ],
      plain,
    );
    expect(lines).toEqual([
      "── earlier in this session ──",
      "› wait a bit",
      "interrupted · what should codebot do instead?",
      "› my draft",
      "──",
    ]);
  });

  it("shows the latest 40 entries of a long session and counts the rest", () => {
    const messages: ModelMessage[] = Array.from({ length: 50 }, (_, i) => ({
      role: "user",
      content: `prompt ${i}`,
    }));
    const lines = historyRecap(messages, plain);
    expect(lines[0]).toBe("── earlier in this session (10 older entries not shown) ──");
    expect(lines[1]).toBe("› prompt 10");
    expect(lines.at(-2)).toBe("› prompt 49");
  });

  it("clips a long answer to its first lines, and strips terminal control sequences from it", () => {
    const text = ["\x1b]0;pwned\x07first", ...Array.from({ length: 20 }, (_, i) => `line ${i}`)].join("\n");
    const lines = historyRecap([{ role: "assistant", content: [{ type: "text", text }] }], plain);
    expect(lines).toContain("… (9 more lines)");
    expect(lines.join("\n")).not.toContain("\x1b");
    expect(lines[1]).toBe("first");
  });

  it("renders an answer's Markdown as the live view does, when given the renderer", () => {
    const text = "**Earlier** answer.\n\n- one\n- two";
    const lines = historyRecap([{ role: "assistant", content: [{ type: "text", text }] }], plain, (t) =>
      renderedAnswer(t, plain, () => 80),
    );
    expect(lines.slice(1, -1)).toEqual(
      renderedAnswer(text, plain, () => 80)
        .replace(/\n$/, "")
        .split("\n"),
    );
    expect(lines).toContain("Earlier answer.");
    expect(lines.join("\n")).not.toContain("**");
  });

  it("an empty history shows nothing", () => {
    expect(historyRecap([], plain)).toEqual([]);
  });

  it("in screen-reader mode: words for the marks and the rules (`you: `, `codebot: `), no ›, ✓, ✗, → or ──", () => {
    const lines = historyRecap(
      [
        { role: "user", content: "list the files" },
        call("t1", "ls"),
        result("t1", "a.txt\nb.txt"),
        call("t2", "cat missing"),
        result("t2", "cat: missing: No such file\n[exit code 1]", true),
        { role: "assistant", content: "Two files.\nOne missing." },
      ],
      plain,
      undefined,
      undefined,
      true,
    );
    expect(lines).toEqual([
      "earlier in this session:",
      "you: list the files",
      "tool: bash ls result: 2 lines",
      "tool failed: bash cat missing result: cat: missing: No such file … [exit code 1]",
      "codebot: Two files.",
      "One missing.",
      "end of the earlier conversation",
    ]);
  });
});
