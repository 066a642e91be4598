import type { ModelMessage } from "ai";
import { describe, expect, test } from "vitest";
import { charsOf } from "../src/context-meter.js";
import { fitForSummary, leftOutNote } from "../src/summary-fit.js";

/** One model turn: an assistant message with a call, then its result. */
const turn = (i: number): ModelMessage[] => [
  {
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: `c${i}`, toolName: "bash", input: { n: i } }],
  },
  {
    role: "tool",
    content: [
      {
        type: "tool-result",
        toolCallId: `c${i}`,
        toolName: "bash",
        output: { type: "text", value: `r${i}` },
      },
    ],
  },
];

describe("fitting a conversation into a summary request", () => {
  test("too many turns: the oldest are left out behind a note, as few as will do, and every kept result has its call", () => {
    const messages: ModelMessage[] = [
      { role: "user", content: "go" },
      ...Array.from({ length: 40 }, (_, i) => turn(i)).flat(),
    ];
    const fitted = fitForSummary(messages, 3000) as ModelMessage[];
    const total = fitted.reduce((sum, m) => sum + charsOf(m), 0);
    expect(total).toBeLessThanOrEqual(3000);
    const dropped = messages.length - (fitted.length - 1);
    expect(fitted[0]).toEqual({ role: "user", content: leftOutNote(dropped) });
    expect(fitted[1]?.role).toBe("assistant");
    expect(fitted.at(-1)).toEqual(messages.at(-1));
    // One turn more would not have fitted.
    const oneMore = [
      { role: "user", content: leftOutNote(dropped - 2) },
      ...messages.slice(dropped - 2),
    ] as ModelMessage[];
    expect(oneMore.reduce((sum, m) => sum + charsOf(m), 0)).toBeGreaterThan(3000);
  });

  test("a last turn that alone does not fit: undefined", () => {
    const calls = Array.from({ length: 60 }, (_, i) => turn(i)[0]?.content).flat() as never[];
    expect(
      fitForSummary(
        [
          { role: "user", content: "go" },
          { role: "assistant", content: calls },
        ],
        2000,
      ),
    ).toBeUndefined();
  });
});
