import type { ModelMessage } from "ai";
import { describe, expect, test } from "vitest";
import { charsOf } from "../src/context-meter.js";
import { compactedHistory } from "../src/index.js";
import { cutText, fitMessages, MIN_KEPT_CHARS } from "../src/long-text-cut.js";

const toolResult = (id: string, text: string): ModelMessage => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId: id, toolName: "bash", output: { type: "text", value: text } }],
});
const outputOf = (message: ModelMessage | undefined): string =>
  (message?.content as unknown as [{ output: { value: string } }] | undefined)?.[0].output.value ?? "";
const total = (messages: readonly ModelMessage[]) => messages.reduce((sum, m) => sum + charsOf(m), 0);

describe("cutting long texts to fit", () => {
  test("cutText keeps the head and the tail and says how many characters are left out", () => {
    const cut = cutText(`HEAD${"x".repeat(10_000)}TAIL`, 100);
    expect(cut.startsWith("HEAD")).toBe(true);
    expect(cut.endsWith("TAIL")).toBe(true);
    expect(cut).toContain("[… 9908 characters left out here to fit the context window");
  });

  test("messages that fit come back unchanged", () => {
    const messages: ModelMessage[] = [{ role: "user", content: "hello" }, toolResult("c1", "short")];
    expect(fitMessages(messages, 10_000)).toEqual(messages);
  });

  test("one huge tool result among short messages: only it is cut, and the whole fits", () => {
    const huge = `START${"y".repeat(200_000)}END`;
    const messages: ModelMessage[] = [
      { role: "user", content: "look at the log" },
      toolResult("c1", huge),
      toolResult("c2", "a short result"),
    ];
    const fitted = fitMessages(messages, 8000) as ModelMessage[];
    expect(total(fitted)).toBeLessThanOrEqual(8000);
    expect(fitted[0]).toEqual(messages[0]);
    expect(fitted[2]).toEqual(messages[2]);
    expect(outputOf(fitted[1]).startsWith("STARTy")).toBe(true);
    expect(outputOf(fitted[1]).endsWith("END")).toBe(true);
    expect(outputOf(fitted[1])).toContain("characters left out");
    // The cut keeps as much as fits, not just the minimum.
    expect(outputOf(fitted[1]).length).toBeGreaterThan(6000);
  });

  test("many messages that do not fit even with every text cut to the minimum: undefined", () => {
    const messages = Array.from({ length: 50 }, (_, i) => toolResult(`c${i}`, "z".repeat(MIN_KEPT_CHARS)));
    expect(fitMessages(messages, 5000)).toBeUndefined();
  });

  test("compactedHistory cuts the user's pending request when it alone passes keepChars (a huge paste)", () => {
    const paste = `PASTE-HEAD${"p".repeat(100_000)}PASTE-TAIL`;
    const history = compactedHistory([{ role: "user", content: paste }], { summary: "s", keepChars: 2000 });
    const pending = history[1]?.content as string;
    expect(pending.length).toBeLessThanOrEqual(2000);
    expect(pending.startsWith("PASTE-HEAD")).toBe(true);
    expect(pending.endsWith("PASTE-TAIL")).toBe(true);
  });
});
