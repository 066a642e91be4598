/**
 * What a compacted history keeps after its summary. Recorded with claude 2.1.328: after `/compact`
 * and after an automatic compaction at a prompt's start, the next request holds the summary and
 * the last answer alone (the earlier prompts and answers are the summary's).
 */
import type { ModelMessage } from "ai";
import { describe, expect, test } from "vitest";
import { compactedHistory, summarizedPart } from "../src/index.js";

const toolCall = (id: string): ModelMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: id, toolName: "bash", input: { command: "ls" } }],
});
const toolResult = (id: string): ModelMessage => ({
  role: "tool",
  content: [
    { type: "tool-result", toolCallId: id, toolName: "bash", output: { type: "text", value: "a.txt" } },
  ],
});

describe("compactedHistory", () => {
  test("between turns: the summary and the last answer, so a two-message conversation does not grow", () => {
    const history = compactedHistory(
      [
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ],
      { summary: "the user said hi" },
    );
    expect(history).toHaveLength(2);
    expect(history[0]?.content).toContain("the user said hi");
    expect(history[1]).toEqual({ role: "assistant", content: "hello" });
  });

  test("between turns after several: the earlier prompts and answers are left to the summary", () => {
    const history = compactedHistory(
      [
        { role: "user", content: "p1" },
        { role: "assistant", content: "a1" },
        { role: "user", content: "p2" },
        toolCall("t1"),
        toolResult("t1"),
        { role: "assistant", content: "a2" },
      ],
      { summary: "s" },
    );
    expect(history.slice(1)).toEqual([{ role: "assistant", content: "a2" }]);
  });

  test("mid-turn: the request in progress, then the last tool call with its result", () => {
    const history = compactedHistory(
      [
        { role: "user", content: "p1" },
        { role: "assistant", content: "a1" },
        { role: "user", content: "p2" },
        toolCall("t1"),
        toolResult("t1"),
        toolCall("t2"),
        toolResult("t2"),
      ],
      { summary: "s" },
    );
    expect(history.slice(1)).toEqual([{ role: "user", content: "p2" }, toolCall("t2"), toolResult("t2")]);
  });
});

describe("summarizedPart: what the summary request holds", () => {
  const midTurn: ModelMessage[] = [
    { role: "user", content: "go" },
    toolCall("t1"),
    toolResult("t1"),
    toolCall("t2"),
    toolResult("t2"),
  ];

  test("mid-turn: all but the kept call and its result, as claude 2.1.328's (recorded)", () => {
    expect(summarizedPart(midTurn, { keepTurns: 1 })).toEqual(midTurn.slice(0, 3));
  });

  test("between turns: all of it, the kept last answer too, as claude 2.1.328's /compact (recorded)", () => {
    const answered: ModelMessage[] = [...midTurn, { role: "assistant", content: "done" }];
    expect(summarizedPart(answered, { keepTurns: 1 })).toEqual(answered);
  });
});
