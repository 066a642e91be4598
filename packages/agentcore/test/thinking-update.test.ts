import { describe, expect, test } from "vitest";
import { reply } from "../src/testing/index.js";
import { runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

describe("thinking_update: the answer's thinking as it comes", () => {
  test("each piece of an Anthropic answer's thinking, then its signature, named by its block", async () => {
    const { model } = await loopback([reply.turn({ reasoning: "weigh it", signature: "sig-1", text: "ok" })]);
    const { events } = await runToEnd({ model, tools: [] });
    expect(events.filter((e) => e.type === "thinking_update")).toEqual([
      { type: "thinking_update", block: "0", delta: "weigh " },
      { type: "thinking_update", block: "0", delta: "it" },
      { type: "thinking_update", block: "0", delta: "", signature: "sig-1" },
    ]);
  });
});
