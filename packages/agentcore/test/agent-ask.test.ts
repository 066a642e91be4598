import { describe, expect, test } from "vitest";
import { Agent } from "../src/index.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { echoTool } from "./helpers.js";

describe("Agent.ask", () => {
  test("sends the history and the question with the run's instructions and tools, and keeps the history as it was", async () => {
    const model = scriptedModel([reply.text("hello"), reply.text("run the tests")]);
    const agent = new Agent({ model, systemPrompt: () => "sys", tools: [echoTool().tool] });
    await agent.prompt("hi");
    const outcome = await agent.ask("what next?", new AbortController().signal);
    expect(outcome.message.content).toEqual([{ type: "text", text: "run the tests" }]);
    const asked = model.requests[1];
    expect(asked?.prompt.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(asked?.prompt.at(-1)?.content).toEqual([{ type: "text", text: "what next?" }]);
    expect(asked?.prompt[0]?.content).toBe("sys");
    expect(asked?.tools.map((t) => t.name)).toEqual(["echo"]);
    expect(agent.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  test("lists the deferred tools as the run's requests do, after the first message", async () => {
    const search = {
      ...echoTool({ name: "search" }).tool,
      listDeferredTools: (names: readonly string[]) => `Deferred: ${names.join(", ")}`,
    };
    const later = { ...echoTool({ name: "later" }).tool, deferLoading: "until-loaded" as const };
    const model = scriptedModel([reply.text("hello"), reply.text("run the tests")], "claude-opus-5-5");
    const agent = new Agent({ model, systemPrompt: "sys", tools: [search, later] });
    await agent.prompt("hi");
    await agent.ask("what next?", new AbortController().signal);
    for (const request of model.requests)
      expect(request.prompt[2]).toEqual({ role: "system", content: "Deferred: later" });
    expect(model.requests[1]?.prompt.map((m) => m.role)).toEqual([
      "system",
      "user",
      "system",
      "assistant",
      "user",
    ]);
  });

  test("a tool the model calls is listed, not run, and sends no event", async () => {
    const { tool, calls } = echoTool();
    const model = scriptedModel([reply.text("hello"), reply.toolCall("echo", { text: "x" }, "c1")]);
    const agent = new Agent({ model, systemPrompt: "sys", tools: [tool] });
    await agent.prompt("hi");
    const seen: string[] = [];
    agent.subscribe((e) => seen.push(e.type));
    const outcome = await agent.ask("what next?", new AbortController().signal);
    expect(outcome.toolCalls.map((c) => c.id)).toEqual(["c1"]);
    expect(calls).toEqual([]);
    expect(seen).toEqual([]);
  });

  test("is refused while a run is in progress", async () => {
    const model = scriptedModel([reply.hang("thinking")]);
    const agent = new Agent({ model, systemPrompt: "", tools: [] });
    const running = agent.prompt("go");
    await expect(agent.ask("what next?", new AbortController().signal)).rejects.toThrow(
      "agent: cannot ask while a run is in progress",
    );
    agent.abort();
    await running;
  });
});
