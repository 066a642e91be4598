import { describe, expect, test } from "vitest";
import { agentLoop } from "../src/index.js";
import { reply, scriptedModel, toolCall } from "../src/testing/index.js";
import { echoTool, loopOptions, runToEnd, user } from "./helpers.js";

describe("agent loop events", () => {
  test("a tool-using run emits its events in order and ends with reason stop", async () => {
    const { tool } = echoTool();
    const model = scriptedModel([
      reply.turn({ text: "let me echo", toolCalls: [toolCall("echo", { text: "hi" }, "c1")] }),
      reply.text("all done"),
    ]);
    const { events, result } = await runToEnd({ model, systemPrompt: "sys", tools: [tool] });

    expect(events.map((e) => e.type)).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_update",
      "message_update",
      "message_update",
      "message_end",
      "step_usage",
      "tool_execution_start",
      "tool_execution_end",
      "message_start",
      "message_end",
      "turn_end",
      "turn_start",
      "message_start",
      "message_update",
      "message_update",
      "message_end",
      "step_usage",
      "turn_end",
      "agent_end",
    ]);
    const deltas = events.flatMap((e) => (e.type === "message_update" ? [e.delta] : []));
    expect(deltas.join("")).toBe("let me echoall done");
    const end = events.find((e) => e.type === "tool_execution_end");
    expect(end).toMatchObject({
      call: { id: "c1", name: "echo", args: { text: "hi" } },
      result: { content: "echo: hi", isError: false },
    });
    const firstTurnEnd = events.find((e) => e.type === "turn_end");
    expect(firstTurnEnd).toMatchObject({
      turn: 1,
      toolResults: [{ call: { id: "c1" }, result: { content: "echo: hi" } }],
    });
    expect(result).toMatchObject({ reason: "stop", turns: 2 });
    expect(result.newMessages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    expect(events.at(-1)).toMatchObject({
      type: "agent_end",
      reason: "stop",
      newMessages: result.newMessages,
    });
  });

  test("the second model request carries the system prompt, the tool call and its result", async () => {
    const { tool } = echoTool();
    const model = scriptedModel([reply.toolCall("echo", { text: "x" }, "c1"), reply.text("ok")]);
    await runToEnd({ model, systemPrompt: "be brief", tools: [tool] });

    const second = model.requests[1];
    expect(second?.prompt[0]).toEqual({ role: "system", content: "be brief" });
    expect(second?.prompt.at(-1)).toMatchObject({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "c1",
          toolName: "echo",
          output: { type: "text", value: "echo: x" },
        },
      ],
    });
    expect(model.requests[0]?.tools.map((t) => t.name)).toEqual(["echo"]);
    expect(model.requests[0]?.tools[0]?.inputSchema).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
    });
  });

  test("the loop leaves the caller's messages array untouched", async () => {
    const messages = [user("go")];
    const model = scriptedModel([reply.text("fine")]);
    await runToEnd({ model, messages });
    expect(messages).toEqual([user("go")]);
  });

  test("maxTurns ends a run that keeps calling tools with reason max_turns", async () => {
    const { tool, calls } = echoTool();
    const model = scriptedModel([
      reply.toolCall("echo", { text: "1" }),
      reply.toolCall("echo", { text: "2" }),
      reply.text("never"),
    ]);
    const { result, events } = await runToEnd({ model, tools: [tool], maxTurns: 2 });

    expect(result.reason).toBe("max_turns");
    expect(result.turns).toBe(2);
    expect(calls).toHaveLength(2);
    expect(model.callCount).toBe(2);
    expect(events.at(-1)).toMatchObject({ type: "agent_end", reason: "max_turns" });
  });

  test("the event stream can be ignored: result() alone drives the run to its end", async () => {
    const model = scriptedModel([reply.text("done")]);
    const result = await agentLoop(loopOptions({ model })).result();
    expect(result.reason).toBe("stop");
    expect(result.usage).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  test("agentName reaches tools through the context and the agent_start event", async () => {
    const seen: string[] = [];
    const { tool } = echoTool();
    const spy = {
      ...tool,
      execute: async (args: { text: string }, ctx: { agentName: string }) => {
        seen.push(ctx.agentName);
        return { content: args.text, isError: false };
      },
    };
    const model = scriptedModel([reply.toolCall("echo", { text: "a" }), reply.text("ok")]);
    const { events } = await runToEnd({ model, tools: [spy], agentName: "helper-1" });
    expect(seen).toEqual(["helper-1"]);
    expect(events[0]).toEqual({ type: "agent_start", agentName: "helper-1" });
  });

  test("two tools with the same name end the run with reason error before any model call", async () => {
    const model = scriptedModel([reply.text("never")]);
    const { result } = await runToEnd({
      model,
      tools: [echoTool().tool, echoTool().tool],
    });
    expect(result).toMatchObject({
      reason: "error",
      error: { message: 'agent: two tools are named "echo"' },
    });
    expect(model.callCount).toBe(0);
  });
});
