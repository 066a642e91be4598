import type { ModelMessage } from "ai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { Agent, type AgentEvent, type Tool } from "../src/index.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { echoTool, waitFor } from "./helpers.js";

describe("Agent", () => {
  test("keeps the history across prompts", async () => {
    const model = scriptedModel([reply.text("hello"), reply.text("again")]);
    const agent = new Agent({ model, systemPrompt: "sys", tools: [] });
    const first = await agent.prompt("hi");
    const second = await agent.prompt({ role: "user", content: "once more" });
    expect(first.reason).toBe("stop");
    expect(second.newMessages).toEqual([{ role: "assistant", content: [{ type: "text", text: "again" }] }]);
    expect(agent.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(model.requests[1]?.prompt.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  test("a systemPrompt function is asked at the start of every run", async () => {
    const model = scriptedModel([reply.text("one"), reply.text("two")]);
    let instructions = "first";
    const agent = new Agent({ model, systemPrompt: () => instructions, tools: [] });
    await agent.prompt("hi");
    instructions = "second";
    await agent.prompt("again");
    const systemOf = (i: number) => model.requests[i]?.prompt.find((m) => m.role === "system")?.content;
    expect([systemOf(0), systemOf(1)]).toEqual(["first", "second"]);
  });

  test("rejects a prompt while running, reports its state, and abort() ends the run", async () => {
    const model = scriptedModel([reply.hang("thinking")]);
    const agent = new Agent({ model, systemPrompt: "", tools: [] });
    let streamed = "";
    agent.subscribe((e) => {
      if (e.type === "message_update") streamed += e.delta;
    });
    expect(agent.state).toBe("idle");
    const running = agent.prompt("go");
    expect(agent.state).toBe("running");
    await expect(agent.prompt("again")).rejects.toThrow("agent: already running");
    await waitFor(() => streamed === "thinking", "the streamed text");
    agent.abort();
    expect((await running).reason).toBe("aborted");
    expect(agent.state).toBe("idle");
    expect(agent.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  test("subscribers get every event until they unsubscribe", async () => {
    const model = scriptedModel([reply.text("one"), reply.text("two")]);
    const agent = new Agent({ model, systemPrompt: "", tools: [] });
    const seen: AgentEvent["type"][] = [];
    const unsubscribe = agent.subscribe((e) => seen.push(e.type));
    await agent.prompt("a");
    unsubscribe();
    await agent.prompt("b");
    expect(seen[0]).toBe("agent_start");
    expect(seen.at(-1)).toBe("agent_end");
    expect(seen.filter((t) => t === "agent_start")).toHaveLength(1);
  });

  test("a listener that throws does not break the run or other listeners", async () => {
    const model = scriptedModel([reply.text("fine")]);
    const agent = new Agent({ model, systemPrompt: "", tools: [] });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    const seen: string[] = [];
    agent.subscribe(() => {
      throw new Error("listener bug");
    });
    agent.subscribe((e) => seen.push(e.type));
    try {
      const result = await agent.prompt("go");
      expect(result.reason).toBe("stop");
      expect(seen.at(-1)).toBe("agent_end");
      await waitFor(() => warnings.length > 0, "the warning");
      expect(warnings[0]).toBe("agent: event listener failed on agent_start: listener bug");
    } finally {
      process.off("warning", onWarning);
    }
  });

  test("steer() during a run reaches the model before its next step", async () => {
    const model = scriptedModel([reply.toolCall("work", {}), reply.text("done")]);
    let agent!: Agent;
    const work: Tool = {
      name: "work",
      description: "work",
      inputSchema: z.object({}),
      execute: async () => {
        agent.steer("use tabs, not spaces");
        return { content: "worked", isError: false };
      },
    };
    agent = new Agent({ model, systemPrompt: "", tools: [work] });
    await agent.prompt("go");
    expect(model.requests[1]?.prompt.at(-1)).toMatchObject({
      role: "user",
      content: [{ text: "use tabs, not spaces" }],
    });
  });

  test("admitSteered() is waited for before the next step: what it resolves to joins the history in place of what was steered", async () => {
    const model = scriptedModel([reply.toolCall("work", {}), reply.text("done")]);
    let agent!: Agent;
    const work: Tool = {
      name: "work",
      description: "work",
      inputSchema: z.object({}),
      execute: async () => {
        agent.steer("keep me");
        agent.steer("drop me");
        return { content: "worked", isError: false };
      },
    };
    agent = new Agent({
      model,
      systemPrompt: "",
      tools: [work],
      admitSteered: async (messages) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return messages
          .filter((m) => m.content !== "drop me")
          .map((m) => ({ role: "user", content: `${String(m.content)}, admitted` }));
      },
    });
    await agent.prompt("go");
    const sent = JSON.stringify(model.requests[1]?.prompt);
    expect(sent).toContain("keep me, admitted");
    expect(sent).not.toContain("drop me");
  });

  test("steer()'s message is the very object admitSteered() is handed, for a caller to know its own by", async () => {
    const model = scriptedModel([reply.toolCall("work", {}), reply.text("done")]);
    let agent!: Agent;
    const steered: ModelMessage[] = [];
    const work: Tool = {
      name: "work",
      description: "work",
      inputSchema: z.object({}),
      execute: async () => {
        steered.push(agent.steer("first").message, agent.steer("second").message);
        return { content: "worked", isError: false };
      },
    };
    const handed: ModelMessage[] = [];
    agent = new Agent({
      model,
      systemPrompt: "",
      tools: [work],
      admitSteered: async (messages) => {
        handed.push(...messages);
        return messages;
      },
    });
    await agent.prompt("go");
    expect(handed).toHaveLength(2);
    expect(handed[0]).toBe(steered[0]);
    expect(handed[1]).toBe(steered[1]);
  });

  test("admitSteered() is not asked when nothing was steered", async () => {
    const model = scriptedModel([reply.toolCall("echo", { text: "x" }), reply.text("done")]);
    const { tool } = echoTool();
    let asked = 0;
    const agent = new Agent({
      model,
      systemPrompt: "",
      tools: [tool],
      admitSteered: async (messages) => {
        asked += 1;
        return messages;
      },
    });
    await agent.prompt("go");
    expect(asked).toBe(0);
  });

  test("followUp() queued during a run continues it when the agent would stop", async () => {
    const model = scriptedModel([
      reply.toolCall("echo", { text: "x" }),
      reply.text("first"),
      reply.text("second"),
    ]);
    const { tool } = echoTool();
    const agent = new Agent({ model, systemPrompt: "", tools: [tool] });
    agent.subscribe((e) => {
      if (e.type === "tool_execution_end") agent.followUp("and then this");
    });
    const result = await agent.prompt("go");
    expect(result.turns).toBe(3);
    expect(model.requests[2]?.prompt.at(-1)).toMatchObject({
      role: "user",
      content: [{ text: "and then this" }],
    });
  });

  test("takeQueued() takes back what no run delivered, so the next run does not get it", async () => {
    const model = scriptedModel([reply.text("first"), reply.text("second")]);
    const agent = new Agent({ model, systemPrompt: "", tools: [] });
    await agent.prompt("go");
    agent.steer("late news");
    agent.followUp("late follow-up");
    expect(agent.takeQueued()).toEqual([
      { role: "user", content: "late news" },
      { role: "user", content: "late follow-up" },
    ]);
    await agent.prompt("again");
    expect(JSON.stringify(model.requests[1]?.prompt)).not.toContain("late");
  });

  test("steer()'s withdraw takes back that message alone while undelivered; once delivered it says false", async () => {
    const model = scriptedModel([reply.text("first"), reply.text("second")]);
    const agent = new Agent({ model, systemPrompt: "", tools: [] });
    const kept = agent.steer("kept");
    const withdrawn = agent.steer("withdrawn");
    expect(withdrawn.withdraw()).toBe(true);
    expect(withdrawn.withdraw()).toBe(false);
    expect(kept.waiting()).toBe(true);
    await agent.prompt("go");
    expect(JSON.stringify(model.requests[0]?.prompt)).toContain("kept");
    expect(JSON.stringify(model.requests[0]?.prompt)).not.toContain("withdrawn");
    expect(kept.waiting()).toBe(false);
    expect(kept.withdraw()).toBe(false);
  });

  test("setModel() switches the model for the next prompt", async () => {
    const first = scriptedModel([reply.text("from first")]);
    const second = scriptedModel([reply.text("from second")]);
    const agent = new Agent({ model: first, systemPrompt: "", tools: [] });
    await agent.prompt("a");
    agent.setModel(second);
    await agent.prompt("b");
    expect(first.callCount).toBe(1);
    expect(second.callCount).toBe(1);
    expect(second.requests[0]?.prompt.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  test("onStop and maxTurns from the constructor apply to every prompt", async () => {
    let stops = 0;
    const model = scriptedModel([reply.text("a"), reply.text("b")]);
    const agent = new Agent({
      model,
      systemPrompt: "",
      tools: [],
      maxTurns: 5,
      onStop: async () => (++stops === 1 ? "check again" : undefined),
    });
    const result = await agent.prompt("go");
    expect(result).toMatchObject({ reason: "stop", turns: 2 });
    expect(stops).toBe(2);
  });
});
