import type { ModelMessage } from "ai";
import { describe, expect, test } from "vitest";
import { reply, scriptedModel } from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

const tooLong = reply.httpError(400, { message: "prompt is too long: 250000 tokens > 200000 maximum" });

describe("a step the provider refuses as too long", () => {
  test("beforeModelStep is asked again with overflowed; the history it returns is sent in place of the refused one", async () => {
    const model = scriptedModel([tooLong, reply.text("answered")]);
    const asked: boolean[] = [];
    const { result, events } = await runToEnd({
      model,
      beforeModelStep: async ({ overflowed }) => {
        asked.push(overflowed === true);
        return overflowed ? [{ role: "user", content: "compacted" } satisfies ModelMessage] : undefined;
      },
    });
    expect(result.reason).toBe("stop");
    expect(asked).toEqual([false, true]);
    expect(events.some((e) => e.type === "history_replaced")).toBe(true);
    expect(model.requests[1]?.prompt.slice(1)).toEqual([
      { role: "user", content: [{ type: "text", text: "compacted" }] },
    ]);
  });

  test("with no history in its place, or refused again, the step fails with the provider's error, asked once", async () => {
    for (const replace of [false, true]) {
      const model = scriptedModel([tooLong, tooLong, reply.text("never")]);
      let overflows = 0;
      const { result } = await runToEnd({
        model,
        beforeModelStep: async ({ overflowed }) => {
          if (overflowed) overflows += 1;
          return overflowed && replace ? [{ role: "user", content: "compacted" }] : undefined;
        },
      });
      expect(result.reason).toBe("error");
      expect(result.error?.message).toBe(
        "model: status 400: prompt is too long: 250000 tokens > 200000 maximum",
      );
      expect(overflows).toBe(1);
      expect(model.requests).toHaveLength(replace ? 2 : 1);
    }
  });
});
