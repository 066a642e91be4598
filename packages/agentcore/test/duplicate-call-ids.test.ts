import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { Tool } from "../src/index.js";
import { reply, scriptedModel, toolCall } from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

/** A tool that echoes its word. */
const echoTool: Tool<{ word: string }> = {
  name: "echo",
  description: "Echoes a word.",
  inputSchema: z.object({ word: z.string() }),
  async execute(args) {
    return { content: args.word, isError: false };
  },
};

describe("two calls of one answer given one id by the provider", () => {
  test("both run, and the next request has each call and its result under an id of its own", async () => {
    const model = scriptedModel([
      reply.toolCalls(toolCall("echo", { word: "one" }, "same"), toolCall("echo", { word: "two" }, "same")),
      reply.text("done"),
    ]);
    await runToEnd({ model, tools: [echoTool] });
    const history = model.requests[1]?.prompt ?? [];
    const calls = history.flatMap((m) =>
      m.role === "assistant" && Array.isArray(m.content)
        ? m.content.filter((p) => p.type === "tool-call").map((p) => p.toolCallId)
        : [],
    );
    const results = history.flatMap((m) =>
      m.role === "tool"
        ? m.content.flatMap((p) =>
            p.type === "tool-result" ? [[p.toolCallId, JSON.stringify(p.output)]] : [],
          )
        : [],
    );
    expect(calls).toEqual(["same", "same_2"]);
    expect(results).toEqual([
      ["same", expect.stringContaining("one")],
      ["same_2", expect.stringContaining("two")],
    ]);
  });
});
