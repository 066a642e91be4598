import { describe, expect, test } from "vitest";
import { Agent, type AgentEvent } from "../src/index.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { echoTool, fastRetry, runToEnd } from "./helpers.js";

/** The `model_fallback` events of a run, as `trigger: from → to`. */
function fallbacks(events: readonly AgentEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === "model_fallback" ? [`${e.trigger}: ${e.from.modelId} → ${e.to.modelId}`] : [],
  );
}

describe("fallback models", () => {
  test("an overloaded model (529) is tried three times, then the run goes on with the fallback", async () => {
    const main = scriptedModel([reply.httpError(529), reply.httpError(529), reply.httpError(529)], "main");
    const spare = scriptedModel([reply.text("from the spare")], "spare");
    const { events, result } = await runToEnd({ model: main, fallbackModels: [spare], retry: fastRetry });
    expect(main.callCount).toBe(3);
    expect(events.filter((e) => e.type === "retry")).toHaveLength(2);
    expect(fallbacks(events)).toEqual(["overloaded: main → spare"]);
    expect(result.reason).toBe("stop");
    expect(events).toContainEqual(
      expect.objectContaining({ type: "message_end", model: "spare", message: expect.anything() }),
    );
    expect(events.find((e) => e.type === "step_usage")).toMatchObject({ model: spare });
  });

  test("a failing server (5xx) and an unknown model (404) fall back at once", async () => {
    for (const [status, trigger] of [
      [500, "server_error"],
      [503, "server_error"],
      [404, "model_not_found"],
    ] as const) {
      const main = scriptedModel([reply.httpError(status)], "main");
      const spare = scriptedModel([reply.text("ok")], "spare");
      const { events, result } = await runToEnd({ model: main, fallbackModels: [spare], retry: fastRetry });
      expect(fallbacks(events), String(status)).toEqual([`${trigger}: main → spare`]);
      expect(
        events.some((e) => e.type === "retry"),
        String(status),
      ).toBe(false);
      expect(result.reason, String(status)).toBe("stop");
    }
  });

  test("a rate limit (429) and a broken connection are retried on the same model, never fall back", async () => {
    const main = scriptedModel(
      [reply.httpError(429), reply.networkError(), reply.text("main again")],
      "main",
    );
    const spare = scriptedModel([], "spare");
    const { events, result } = await runToEnd({ model: main, fallbackModels: [spare], retry: fastRetry });
    expect(fallbacks(events)).toEqual([]);
    expect(spare.callCount).toBe(0);
    expect(result.reason).toBe("stop");
  });

  test("the run stays on the fallback for its later steps, and moves down the list when that fails too", async () => {
    const { tool } = echoTool();
    const main = scriptedModel([reply.httpError(500)], "main");
    const first = scriptedModel([reply.toolCall("echo", { text: "hi" }), reply.httpError(404)], "first");
    const second = scriptedModel([reply.text("done")], "second");
    const { events, result } = await runToEnd({
      model: main,
      fallbackModels: [first, second],
      tools: [tool],
      retry: fastRetry,
    });
    expect(fallbacks(events)).toEqual(["server_error: main → first", "model_not_found: first → second"]);
    expect(main.callCount).toBe(1);
    expect(result.reason).toBe("stop");
  });

  test("with no fallback left, the error ends the run as before", async () => {
    const main = scriptedModel([reply.httpError(404, { message: "no such model" })], "main");
    const spare = scriptedModel([reply.httpError(404, { message: "nor this one" })], "spare");
    const { result } = await runToEnd({ model: main, fallbackModels: [spare], retry: fastRetry });
    expect(result).toMatchObject({ reason: "error", error: { message: "model: status 404: nor this one" } });
  });

  test("each run of an agent starts with its own model again", async () => {
    const main = scriptedModel([reply.httpError(500), reply.text("main is back")], "main");
    const spare = scriptedModel([reply.text("spare")], "spare");
    const agent = new Agent({
      model: main,
      fallbackModels: [spare],
      systemPrompt: "",
      tools: [],
      retry: fastRetry,
    });
    await agent.prompt("one");
    await agent.prompt("two");
    expect(agent.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: "main is back" }],
    });
    expect(main.callCount).toBe(2);
  });
});
