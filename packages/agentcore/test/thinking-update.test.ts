import { afterEach, describe, expect, test } from "vitest";
import { resolveModel } from "../src/index.js";
import { type LoopbackModelServer, reply, startLoopbackModelServer } from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("thinking_update: the answer's thinking as it comes", () => {
  test("each piece of an Anthropic answer's thinking, then its signature, named by its block", async () => {
    server = await startLoopbackModelServer([
      reply.turn({ reasoning: "weigh it", signature: "sig-1", text: "ok" }),
    ]);
    const model = await resolveModel("anthropic/claude-sonnet-4-5", {
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    });
    const { events } = await runToEnd({ model, tools: [] });
    expect(events.filter((e) => e.type === "thinking_update")).toEqual([
      { type: "thinking_update", block: "0", delta: "weigh " },
      { type: "thinking_update", block: "0", delta: "it" },
      { type: "thinking_update", block: "0", delta: "", signature: "sig-1" },
    ]);
  });
});
