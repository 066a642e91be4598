import { describe, expect, test } from "vitest";
import { anthropicEvents } from "../src/testing/anthropic-wire.js";
import { reply } from "../src/testing/index.js";
import { echoTool, runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

describe("message_chunk: the provider's own stream events, as they came", () => {
  test("an Anthropic answer's every event, in order, between its message_start and message_end", async () => {
    const turn = reply.turn({
      reasoning: "weigh it",
      text: "calling now",
      toolCalls: [{ id: "toolu_x", name: "echo", input: '{"text": "a b"}' }],
    });
    const { model } = await loopback([turn, reply.text("done")]);
    const { events } = await runToEnd({ model, tools: [echoTool().tool], rawChunks: true });
    const start = events.findIndex((e) => e.type === "message_start" && e.role === "assistant");
    const end = events.findIndex((e) => e.type === "message_end");
    const chunks = events.slice(start, end).flatMap((e) => (e.type === "message_chunk" ? [e.chunk] : []));
    if (turn.kind !== "reply") throw new Error("a reply");
    const sent = anthropicEvents(turn, "claude-sonnet-4-5", "msg_loopback_1").map((event) => event.data);
    expect(chunks).toEqual(sent);
  });

  test("the first event of a response says how long after the request it came; the others do not", async () => {
    const { model } = await loopback([reply.text("hi there")]);
    const { events } = await runToEnd({ model, tools: [], rawChunks: true });
    const chunks = events.flatMap((e) => (e.type === "message_chunk" ? [e] : []));
    expect(chunks[0]?.ttftMs).toBeGreaterThanOrEqual(0);
    expect(chunks.slice(1).filter((e) => e.ttftMs !== undefined)).toEqual([]);
  });

  test("without rawChunks (no client shows them) no message_chunk is emitted: the SDK is not asked for them", async () => {
    const { model } = await loopback([reply.text("hi there")]);
    const { events, result } = await runToEnd({ model, tools: [] });
    expect(result.reason).toBe("stop");
    expect(events.filter((e) => e.type === "message_chunk")).toEqual([]);
    expect(events.some((e) => e.type === "message_update")).toBe(true);
  });
});
