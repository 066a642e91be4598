import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { ABORT_GRACE_MS, type AgentEvent, agentLoop, type Tool } from "../src/index.js";
import { reply, scriptedModel, toolCall } from "../src/testing/index.js";
import { collect, loopOptions, toolCallIdsOf, toolResultsOf, waitFor } from "./helpers.js";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A tool that runs `sleep 30` in its own process group and kills the group when the run is aborted. */
function sleepTool() {
  const children: ChildProcess[] = [];
  const tool: Tool = {
    name: "sleep",
    description: "sleeps",
    inputSchema: z.object({}),
    execute: (_args, ctx) =>
      new Promise((resolve) => {
        const child = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
        children.push(child);
        const kill = () => {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        };
        ctx.signal.addEventListener("abort", kill, { once: true });
        child.on("exit", (code, signal) => {
          ctx.signal.removeEventListener("abort", kill);
          resolve({ content: `sleep ended (code ${code}, signal ${signal})`, isError: signal !== null });
        });
      }),
  };
  return { tool, children };
}

describe("abort", () => {
  test("abort during a long tool call kills its process and ends with reason aborted and a valid history", async () => {
    const { tool, children } = sleepTool();
    const controller = new AbortController();
    const model = scriptedModel([
      reply.toolCalls(toolCall("sleep", {}, "c1"), toolCall("sleep", {}, "c2")),
      reply.text("never"),
    ]);
    const stream = agentLoop(loopOptions({ model, tools: [tool], signal: controller.signal }));
    const events = collect(stream);

    const child = await waitFor(() => children[0]?.pid && children[0], "the sleep process to start");
    const pid = child.pid as number;
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    const result = await stream.result();

    expect(result.reason).toBe("aborted");
    await waitFor(() => !isAlive(pid), "the sleep process to be gone");
    expect(children).toHaveLength(1);
    // Every tool call in the history has its result: the killed one reports how it ended, the unstarted one is aborted.
    expect(toolCallIdsOf(result.newMessages)).toEqual(["c1", "c2"]);
    const results = toolResultsOf(result.newMessages);
    expect(results.get("c1")).toEqual({ isError: true, value: "sleep ended (code null, signal SIGKILL)" });
    expect(results.get("c2")).toEqual({ isError: true, value: "tool sleep: aborted" });
    expect(model.callCount).toBe(1);
    expect((await events).at(-1)).toMatchObject({ type: "agent_end", reason: "aborted" });
  });

  test("abort while the model is streaming keeps the text so far and ends with reason aborted", async () => {
    const controller = new AbortController();
    const model = scriptedModel([reply.hang("I was about to")]);
    const stream = agentLoop(loopOptions({ model, signal: controller.signal }));
    const seen: AgentEvent[] = [];
    for await (const event of stream) {
      seen.push(event);
      if (event.type === "message_update" && event.delta === "to") controller.abort();
    }
    const result = await stream.result();
    expect(result.reason).toBe("aborted");
    expect(result.newMessages).toEqual([
      { role: "assistant", content: [{ type: "text", text: "I was about to" }] },
    ]);
    expect(seen.map((e) => e.type).slice(-3)).toEqual(["message_end", "turn_end", "agent_end"]);
  });

  test("a signal aborted before the start ends the run without calling the model", async () => {
    const controller = new AbortController();
    controller.abort();
    const model = scriptedModel([reply.text("never")]);
    const result = await agentLoop(loopOptions({ model, signal: controller.signal })).result();
    expect(result).toMatchObject({ reason: "aborted", turns: 0, newMessages: [] });
    expect(model.callCount).toBe(0);
  });

  test("a tool that ignores the abort is given up on after the grace period", async () => {
    const controller = new AbortController();
    let started = false;
    const stubborn: Tool = {
      name: "stubborn",
      description: "ignores its signal",
      inputSchema: z.object({}),
      execute: () => {
        started = true;
        return new Promise(() => {});
      },
    };
    const model = scriptedModel([reply.toolCall("stubborn", {}, "c1")]);
    const stream = agentLoop(loopOptions({ model, tools: [stubborn], signal: controller.signal }));
    await waitFor(() => started, "the tool to start");
    const abortedAt = Date.now();
    controller.abort();
    const result = await stream.result();
    expect(Date.now() - abortedAt).toBeGreaterThanOrEqual(ABORT_GRACE_MS - 50);
    expect(result.reason).toBe("aborted");
    expect(toolResultsOf(result.newMessages).get("c1")).toEqual({
      isError: true,
      value: "tool stubborn: aborted",
    });
  });
});

describe("many concurrent calls on one run signal", () => {
  test("fifty read-only calls in one turn, each listening for the abort, raise no MaxListenersExceededWarning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const tool: Tool = {
        name: "look",
        description: "looks",
        concurrencySafe: true,
        inputSchema: z.object({}),
        execute: async (_args, ctx) => {
          const listener = () => {};
          ctx.signal.addEventListener("abort", listener);
          await new Promise((resolve) => setTimeout(resolve, 20));
          ctx.signal.removeEventListener("abort", listener);
          return { content: "seen", isError: false };
        },
      };
      const calls = Array.from({ length: 50 }, (_, i) => toolCall("look", {}, `c${i}`));
      const model = scriptedModel([reply.toolCalls(...calls), reply.text("done")]);
      const stream = agentLoop(loopOptions({ model, tools: [tool], signal: new AbortController().signal }));
      expect((await stream.result()).reason).toBe("stop");
      // Node emits the warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
