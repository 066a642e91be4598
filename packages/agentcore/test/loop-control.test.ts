import type { ModelMessage } from "ai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { StopInfo, Tool } from "../src/index.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { echoTool, fastRetry, runToEnd, user } from "./helpers.js";

describe("steering, follow-up and onStop", () => {
  test("a steering message is delivered before the next model step", async () => {
    const steering: ModelMessage[] = [];
    const tool: Tool = {
      name: "work",
      description: "work",
      inputSchema: z.object({}),
      execute: async () => {
        steering.push(user("also check the tests"));
        return { content: "worked", isError: false };
      },
    };
    const model = scriptedModel([reply.toolCall("work", {}, "c1"), reply.text("done")]);
    const { result, events } = await runToEnd({
      model,
      tools: [tool],
      getSteeringMessages: () => steering.splice(0),
    });
    const prompt = model.requests[1]?.prompt ?? [];
    expect(prompt.at(-2)).toMatchObject({ role: "tool" });
    expect(prompt.at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: "also check the tests" }],
    });
    expect(result.newMessages.map((m) => m.role)).toEqual(["assistant", "tool", "user", "assistant"]);
    expect(events).toContainEqual({ type: "message_end", message: user("also check the tests") });
  });

  test("follow-up messages keep a run going when the agent would stop", async () => {
    const followUps = [user("now the second task")];
    const model = scriptedModel([reply.text("first done"), reply.text("second done")]);
    const { result } = await runToEnd({
      model,
      getFollowUpMessages: () => followUps.splice(0),
    });
    expect(result).toMatchObject({ reason: "stop", turns: 2 });
    expect(model.requests[1]?.prompt.at(-1)).toMatchObject({
      role: "user",
      content: [{ text: "now the second task" }],
    });
  });

  test("onStop can send the agent back to work in the same run, then let it stop", async () => {
    const calls: StopInfo[] = [];
    const model = scriptedModel([reply.text("I changed it"), reply.text("fixed")]);
    const { result } = await runToEnd({
      model,
      onStop: async (info) => {
        calls.push(info);
        return calls.length === 1 ? "<system-reminder>\ntests fail\n</system-reminder>" : undefined;
      },
    });
    expect(calls.map((c) => c.turns)).toEqual([1, 2]);
    expect(calls[0]?.newMessages.map((m) => m.role)).toEqual(["assistant"]);
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(result).toMatchObject({ reason: "stop", turns: 2 });
    expect(result.newMessages.map((m) => m.role)).toEqual(["assistant", "user", "assistant"]);
    expect(model.requests[1]?.prompt.at(-1)).toMatchObject({
      role: "user",
      content: [{ text: "<system-reminder>\ntests fail\n</system-reminder>" }],
    });
  });

  test("onStop is consulted only after steering and follow-ups are empty", async () => {
    const order: string[] = [];
    const followUps = [user("follow")];
    const model = scriptedModel([reply.text("a"), reply.text("b")]);
    await runToEnd({
      model,
      getFollowUpMessages: () => {
        order.push("followUp");
        return followUps.splice(0);
      },
      onStop: async () => {
        order.push("onStop");
        return undefined;
      },
    });
    expect(order).toEqual(["followUp", "followUp", "onStop"]);
  });

  test("onStop is not called when the run hits max_turns", async () => {
    const { tool } = echoTool();
    let called = 0;
    const model = scriptedModel([reply.toolCall("echo", { text: "a" }), reply.text("never")]);
    const { result } = await runToEnd({
      model,
      tools: [tool],
      maxTurns: 1,
      onStop: async () => {
        called += 1;
        return undefined;
      },
    });
    expect(result.reason).toBe("max_turns");
    expect(called).toBe(0);
  });

  test("onStop is not called when the run is aborted or fails", async () => {
    let called = 0;
    const onStop = async () => {
      called += 1;
      return undefined;
    };
    const controller = new AbortController();
    const tool: Tool = {
      name: "stopper",
      description: "aborts the run",
      inputSchema: z.object({}),
      execute: async () => {
        controller.abort();
        return { content: "ok", isError: false };
      },
    };
    const aborted = await runToEnd({
      model: scriptedModel([reply.toolCall("stopper", {}), reply.text("never")]),
      tools: [tool],
      signal: controller.signal,
      onStop,
    });
    const failed = await runToEnd({
      model: scriptedModel([reply.httpError(401)]),
      retry: fastRetry,
      onStop,
    });
    expect(aborted.result.reason).toBe("aborted");
    expect(failed.result.reason).toBe("error");
    expect(called).toBe(0);
  });

  test("a continuation asked for on the last allowed turn ends the run with max_turns", async () => {
    const model = scriptedModel([reply.text("done?")]);
    const { result } = await runToEnd({
      model,
      maxTurns: 1,
      onStop: async () => "not yet",
    });
    expect(result.reason).toBe("max_turns");
    expect(result.newMessages.at(-1)).toEqual(user("not yet"));
    expect(model.callCount).toBe(1);
  });

  test("an onStop that throws ends the run with reason error", async () => {
    const model = scriptedModel([reply.text("done")]);
    const { result } = await runToEnd({
      model,
      onStop: async () => {
        throw new Error("validation: crashed");
      },
    });
    expect(result).toMatchObject({ reason: "error", error: { message: "validation: crashed" } });
  });

  test("overBudget ends the run after the step that reaches it: its tool calls are not run, each gets a result saying so", async () => {
    let ran = 0;
    const tool: Tool = {
      name: "work",
      description: "work",
      inputSchema: z.object({}),
      execute: async () => {
        ran += 1;
        return { content: "worked", isError: false };
      },
    };
    const seen: number[] = [];
    const model = scriptedModel([
      reply.toolCall("work", {}, "c1"),
      reply.toolCall("work", {}, "c2"),
      reply.text("done"),
    ]);
    const { result } = await runToEnd({
      model,
      tools: [tool],
      overBudget: (usage) => {
        seen.push(usage.outputTokens);
        return seen.length === 2;
      },
      onStop: async () => {
        throw new Error("onStop must not be called at the spending limit");
      },
    });
    expect(result).toMatchObject({ reason: "max_budget", turns: 2 });
    expect(ran).toBe(1);
    expect(model.requests).toHaveLength(2);
    expect(result.newMessages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant", "tool"]);
    expect(JSON.stringify(result.newMessages.at(-1))).toContain(
      "tool work: not run: the spending limit was reached",
    );
  });

  test("spentOut, asked after a turn's tool calls, ends the run before the next model step", async () => {
    let spent = false;
    const tool: Tool = {
      name: "judged",
      description: "judged",
      inputSchema: z.object({}),
      // Spending outside the model steps (a classifier's request) reaches the limit while the call waits.
      execute: async () => {
        spent = true;
        return { content: "not run: the limit was reached", isError: true };
      },
    };
    const model = scriptedModel([reply.toolCall("judged", {}, "c1"), reply.text("done")]);
    const { result } = await runToEnd({
      model,
      tools: [tool],
      spentOut: () => spent,
      onStop: async () => {
        throw new Error("onStop must not be called at the spending limit");
      },
    });
    expect(result).toMatchObject({ reason: "max_budget", turns: 1 });
    expect(model.requests).toHaveLength(1);
  });
});
