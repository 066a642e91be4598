import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { Tool } from "../src/index.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

/** A tool whose successful call delivers the run's answer (`final`); `fail` makes it an error. */
const answerTool: Tool<{ fail?: boolean }> = {
  name: "answer",
  description: "Delivers the answer.",
  inputSchema: z.object({ fail: z.boolean().optional() }),
  async execute(args) {
    return args.fail
      ? { content: "not valid", isError: true, final: true }
      : { content: "ok", isError: false, final: true };
  },
};

describe("a final tool result", () => {
  test("stops the run after its batch, as a natural stop: no further model call", async () => {
    const model = scriptedModel([reply.toolCall("answer", {}), reply.text("never asked")]);
    const { result } = await runToEnd({ model, tools: [answerTool] });
    expect(result.reason).toBe("stop");
    expect(model.callCount).toBe(1);
  });

  test("onStop is still asked, and may keep the run going", async () => {
    const model = scriptedModel([reply.toolCall("answer", {}), reply.text("went on")]);
    let asked = 0;
    const { result } = await runToEnd({
      model,
      tools: [answerTool],
      onStop: async () => (asked++ === 0 ? "one more thing" : undefined),
    });
    expect(asked).toBe(2);
    expect(model.callCount).toBe(2);
    expect(result.reason).toBe("stop");
  });

  test("a failed call does not stop the run: the model is told and tries again", async () => {
    const model = scriptedModel([reply.toolCall("answer", { fail: true }), reply.toolCall("answer", {})]);
    const { result } = await runToEnd({ model, tools: [answerTool] });
    expect(model.callCount).toBe(2);
    expect(result.reason).toBe("stop");
  });
});
