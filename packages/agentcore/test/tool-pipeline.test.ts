import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { Tool, ToolMiddleware } from "../src/index.js";
import { rawToolCall, reply, scriptedModel, toolCall } from "../src/testing/index.js";
import { echoTool, runToEnd, toolResultsOf } from "./helpers.js";

/** Runs one model turn with the given calls, then a final text turn; returns the tool results by call id. */
async function runCalls(
  tools: Tool[],
  calls: ReturnType<typeof toolCall>[],
  middleware: ToolMiddleware[] = [],
) {
  const model = scriptedModel([reply.toolCalls(...calls), reply.text("done")]);
  const { result, events } = await runToEnd({ model, tools, middleware });
  return { result, events, model, results: toolResultsOf(result.newMessages) };
}

describe("tool pipeline", () => {
  test("middleware runs outermost first and sees the result on the way back", async () => {
    const order: string[] = [];
    const layer =
      (name: string): ToolMiddleware =>
      async (call, next) => {
        order.push(`${name} before`);
        const result = await next(call);
        order.push(`${name} after`);
        return result;
      };
    const { tool } = echoTool();
    const traced: Tool = {
      ...tool,
      execute: async (args, ctx) => {
        order.push("tool");
        return tool.execute(args, ctx);
      },
    };
    await runCalls(
      [traced],
      [toolCall("echo", { text: "x" })],
      [layer("outer"), layer("middle"), layer("inner")],
    );
    expect(order).toEqual([
      "outer before",
      "middle before",
      "inner before",
      "tool",
      "inner after",
      "middle after",
      "outer after",
    ]);
  });

  test("an outer rewrite reaches the inner middleware and the execution", async () => {
    const { tool, calls } = echoTool();
    const seenByInner: unknown[] = [];
    const rewrite: ToolMiddleware = (call, next) =>
      next({ ...call, args: { text: `${String(call.args.text)}!` } });
    const inner: ToolMiddleware = (call, next) => {
      seenByInner.push(call.args);
      return next(call);
    };
    const { results } = await runCalls([tool], [toolCall("echo", { text: "hi" }, "c1")], [rewrite, inner]);
    expect(seenByInner).toEqual([{ text: "hi!" }]);
    expect(calls).toEqual([{ text: "hi!" }]);
    expect(results.get("c1")).toEqual({ isError: false, value: "echo: hi!" });
  });

  test("a rewrite with invalid arguments becomes an error result and the tool does not run", async () => {
    const { tool, calls } = echoTool();
    let returnedToRewriter: unknown;
    const rewrite: ToolMiddleware = async (call, next) => {
      returnedToRewriter = await next({ ...call, args: { text: 42 } });
      return returnedToRewriter as never;
    };
    const { results } = await runCalls([tool], [toolCall("echo", { text: "hi" }, "c1")], [rewrite]);
    expect(calls).toEqual([]);
    const result = results.get("c1");
    expect(result?.isError).toBe(true);
    expect(result?.value).toMatch(/^tool echo: rewritten arguments are invalid: text: .*expected string/);
    expect(returnedToRewriter).toMatchObject({ isError: true });
  });

  test("a middleware may not change the call's tool name", async () => {
    const { tool, calls } = echoTool();
    const rename: ToolMiddleware = (call, next) => next({ ...call, name: "other" });
    const { results } = await runCalls([tool], [toolCall("echo", { text: "hi" }, "c1")], [rename]);
    expect(calls).toEqual([]);
    expect(results.get("c1")?.value).toBe("tool echo: a middleware may not change the call's id or name");
  });

  test("arguments handed to middleware are frozen, so a rewrite in place fails loudly", async () => {
    const { tool, calls } = echoTool();
    const mutate: ToolMiddleware = (call, next) => {
      (call.args as { text: string }).text = "sneaky";
      return next(call);
    };
    const { results } = await runCalls([tool], [toolCall("echo", { text: "hi" }, "c1")], [mutate]);
    expect(calls).toEqual([]);
    expect(results.get("c1")?.isError).toBe(true);
    expect(results.get("c1")?.value).toMatch(/^tool echo: .*read only/);
  });

  test("a middleware can veto by answering without calling next", async () => {
    const { tool, calls } = echoTool();
    const veto: ToolMiddleware = async () => ({ content: "hook: not allowed", isError: true });
    const { results } = await runCalls([tool], [toolCall("echo", { text: "hi" }, "c1")], [veto]);
    expect(calls).toEqual([]);
    expect(results.get("c1")).toEqual({ isError: true, value: "hook: not allowed" });
  });

  test("ctx.validateArgs checks against the called tool's schema", async () => {
    const checks: unknown[] = [];
    const probe: ToolMiddleware = (call, next, ctx) => {
      checks.push(ctx.validateArgs({ text: "ok" }), ctx.validateArgs({ text: 1 }), ctx.tool.name);
      return next(call);
    };
    const { tool } = echoTool();
    await runCalls([tool], [toolCall("echo", { text: "hi" })], [probe]);
    expect(checks[0]).toEqual({ ok: true, args: { text: "ok" } });
    expect(checks[1]).toMatchObject({ ok: false, error: expect.stringMatching(/^text: /) });
    expect(checks[2]).toBe("echo");
  });

  test("an unknown tool's error does not name a placeholder tool that is never to be called", async () => {
    const { tool } = echoTool();
    const placeholder = { ...tool, name: "Placeholder", deferLoading: "always" as const };
    const { results } = await runCalls([tool, placeholder], [toolCall("nope", {}, "c1")]);
    expect(results.get("c1")).toEqual({ isError: true, value: "unknown tool: nope (available: echo)" });
  });

  test("an unknown tool reaches the model as an error result and the loop goes on", async () => {
    const { tool } = echoTool();
    const { results, result, model } = await runCalls([tool], [toolCall("nope", { a: 1 }, "c1")]);
    expect(results.get("c1")).toEqual({ isError: true, value: "unknown tool: nope (available: echo)" });
    expect(result.reason).toBe("stop");
    expect(model.callCount).toBe(2);
    expect(model.requests[1]?.prompt.at(-1)).toMatchObject({
      role: "tool",
      content: [
        { toolCallId: "c1", output: { type: "error-text", value: "unknown tool: nope (available: echo)" } },
      ],
    });
  });

  test("invalid JSON arguments reach the model as an error result and the loop goes on", async () => {
    const { tool, calls } = echoTool();
    const { results, result, model } = await runCalls(
      [tool],
      [rawToolCall("echo", '{"text": "unterminated', "c1")],
    );
    expect(calls).toEqual([]);
    expect(results.get("c1")?.isError).toBe(true);
    expect(results.get("c1")?.value).toMatch(
      /^tool echo: arguments are not valid JSON \(.+\): \{"text": "unterminated$/,
    );
    expect(result.reason).toBe("stop");
    // The history stays valid for providers: the unparseable call is recorded with empty arguments.
    expect(model.requests[1]?.prompt.at(-2)).toMatchObject({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", input: {} }],
    });
  });

  test("arguments that are JSON but no object (a list, a number, null) reach the model as an error result, and the history records them as {}", async () => {
    const { tool, calls } = echoTool();
    const { results, model } = await runCalls(
      [tool],
      [rawToolCall("echo", "[1,2]", "c1"), rawToolCall("echo", "7", "c2"), rawToolCall("echo", "null", "c3")],
    );
    expect(calls).toEqual([]);
    for (const id of ["c1", "c2", "c3"])
      expect(results.get(id)?.value).toMatch(
        /^tool echo: invalid arguments: \(arguments\): .*expected object/,
      );
    // Anthropic's API takes a tool_use input only as an object: a list there would fail every later request.
    const sent = model.requests[1]?.prompt.at(-2);
    expect(sent?.role).toBe("assistant");
    expect(Array.isArray(sent?.content) && sent.content.map((part) => "input" in part && part.input)).toEqual(
      [{}, {}, {}],
    );
  });

  test("empty argument text is the empty object", async () => {
    const tool: Tool = {
      name: "now",
      description: "now",
      inputSchema: z.object({}),
      execute: async (args) => ({ content: `args ${JSON.stringify(args)}`, isError: false }),
    };
    const { results } = await runCalls([tool], [rawToolCall("now", "  ", "c1")]);
    expect(results.get("c1")).toEqual({ isError: false, value: "args {}" });
  });

  test("arguments with a __proto__ key are refused like invalid JSON, before any tool runs", async () => {
    const { tool, calls } = echoTool();
    const { results } = await runCalls(
      [tool],
      [rawToolCall("echo", '{"text": "x", "__proto__": {"polluted": true}}', "c1")],
    );
    expect(calls).toEqual([]);
    expect(results.get("c1")?.isError).toBe(true);
    expect(results.get("c1")?.value).toMatch(/^tool echo: arguments are not valid JSON \(.+\)/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("arguments that fail the schema give an error result naming the field", async () => {
    const tool: Tool = {
      name: "edit",
      description: "edit",
      inputSchema: z.object({ file_path: z.string(), replace_all: z.boolean().optional() }),
      execute: async () => ({ content: "edited", isError: false }),
    };
    const { results } = await runCalls(
      [tool],
      [toolCall("edit", { file_path: "a", replace_all: "yes" }, "c1")],
    );
    expect(results.get("c1")?.isError).toBe(true);
    expect(results.get("c1")?.value).toMatch(
      /^tool edit: invalid arguments: replace_all: .*expected boolean/,
    );
  });

  test("a tool that throws gives an error result with its message", async () => {
    const tool: Tool = {
      name: "boom",
      description: "fails",
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error("disk on fire");
      },
    };
    const { results, result } = await runCalls([tool], [toolCall("boom", {}, "c1")]);
    expect(results.get("c1")).toEqual({ isError: true, value: "tool boom: disk on fire" });
    expect(result.reason).toBe("stop");
  });

  test("onUpdate streams partial output as tool_execution_update events", async () => {
    const tool: Tool = {
      name: "progress",
      description: "reports progress",
      inputSchema: z.object({}),
      execute: async (_args, ctx) => {
        ctx.onUpdate("half");
        ctx.onUpdate("all");
        return { content: "finished", isError: false };
      },
    };
    const { events } = await runCalls([tool], [toolCall("progress", {}, "c1")]);
    const updates = events.filter((e) => e.type === "tool_execution_update");
    expect(updates).toEqual([
      { type: "tool_execution_update", callId: "c1", partial: "half" },
      { type: "tool_execution_update", callId: "c1", partial: "all" },
    ]);
  });

  test("concurrency-safe calls of one turn really overlap and keep the model's order in the results", async () => {
    const started: string[] = [];
    let releaseAll!: () => void;
    const allStarted = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    const reader = (name: string, finishOrder: number): Tool => ({
      name,
      description: name,
      concurrencySafe: true,
      inputSchema: z.object({}),
      execute: async () => {
        started.push(name);
        if (started.length === 3) releaseAll();
        // Each call waits until all three are running: only possible if they overlap.
        await allStarted;
        await new Promise((resolve) => setTimeout(resolve, finishOrder * 20));
        return { content: `${name} done`, isError: false };
      },
    });
    const tools = [reader("slow", 3), reader("medium", 2), reader("fast", 1)];
    const { results, events } = await runCalls(tools, [
      toolCall("slow", {}, "a"),
      toolCall("medium", {}, "b"),
      toolCall("fast", {}, "c"),
    ]);
    expect(started).toEqual(["slow", "medium", "fast"]);
    expect([...results.keys()]).toEqual(["a", "b", "c"]);
    expect([...results.values()].map((r) => r.value)).toEqual(["slow done", "medium done", "fast done"]);
    const turnEnd = events.find((e) => e.type === "turn_end");
    expect(turnEnd?.type === "turn_end" && turnEnd.toolResults.map((r) => r.call.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  test("a call that is not concurrency-safe runs alone, between the groups of its neighbours", async () => {
    const log: string[] = [];
    const make = (name: string, concurrencySafe: boolean): Tool => ({
      name,
      description: name,
      concurrencySafe,
      inputSchema: z.object({ id: z.string() }),
      execute: async (args: { id: string }) => {
        log.push(`start ${args.id}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        log.push(`end ${args.id}`);
        return { content: args.id, isError: false };
      },
    });
    const { results } = await runCalls(
      [make("read", true), make("write", false)],
      [
        toolCall("read", { id: "r1" }, "a"),
        toolCall("read", { id: "r2" }, "b"),
        toolCall("write", { id: "w" }, "c"),
        toolCall("read", { id: "r3" }, "d"),
        toolCall("read", { id: "r4" }, "e"),
      ],
    );
    // Claude Code's partition: [r1 r2] together, then w alone, then [r3 r4] together.
    expect(log).toEqual([
      "start r1",
      "start r2",
      "end r1",
      "end r2",
      "start w",
      "end w",
      "start r3",
      "start r4",
      "end r3",
      "end r4",
    ]);
    expect([...results.keys()]).toEqual(["a", "b", "c", "d", "e"]);
  });

  test("a concurrencySafe function decides each call from its checked arguments", async () => {
    const log: string[] = [];
    const seen: unknown[] = [];
    const tool: Tool<{ line: string }> = {
      name: "sh",
      description: "sh",
      inputSchema: z.object({ line: z.string().trim() }),
      concurrencySafe: (args) => {
        seen.push(args);
        return args.line.startsWith("read");
      },
      execute: async (args) => {
        log.push(`start ${args.line}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        log.push(`end ${args.line}`);
        return { content: args.line, isError: false };
      },
    };
    await runCalls(
      [tool],
      [
        toolCall("sh", { line: " read a" }, "a"),
        toolCall("sh", { line: "read b" }, "b"),
        toolCall("sh", { line: "write c" }, "c"),
      ],
    );
    expect(seen).toEqual([{ line: "read a" }, { line: "read b" }, { line: "write c" }]);
    expect(log).toEqual([
      "start read a",
      "start read b",
      "end read a",
      "end read b",
      "start write c",
      "end write c",
    ]);
  });

  test("a concurrencySafe function that throws runs its call alone", async () => {
    let running = 0;
    let maxRunning = 0;
    const tool: Tool<{ n: number }> = {
      name: "t",
      description: "t",
      inputSchema: z.object({ n: z.number() }),
      concurrencySafe: (args) => {
        if (args.n === 2) throw new Error("cannot tell");
        return true;
      },
      execute: async (args) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return { content: String(args.n), isError: false };
      },
    };
    const { results } = await runCalls(
      [tool],
      [toolCall("t", { n: 1 }, "a"), toolCall("t", { n: 2 }, "b"), toolCall("t", { n: 3 }, "c")],
    );
    expect(maxRunning).toBe(1);
    expect([...results.values()].map((r) => r.value)).toEqual(["1", "2", "3"]);
  });

  test("a call whose arguments are refused splits the group it stands in", async () => {
    const log: string[] = [];
    const tool: Tool<{ id: string }> = {
      name: "read",
      description: "read",
      concurrencySafe: true,
      inputSchema: z.object({ id: z.string() }),
      execute: async (args) => {
        log.push(`start ${args.id}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        log.push(`end ${args.id}`);
        return { content: args.id, isError: false };
      },
    };
    const { results } = await runCalls(
      [tool],
      [
        toolCall("read", { id: "r1" }, "a"),
        toolCall("read", { id: 7 }, "b"),
        toolCall("read", { id: "r2" }, "c"),
      ],
    );
    expect(log).toEqual(["start r1", "end r1", "start r2", "end r2"]);
    expect(results.get("b")?.isError).toBe(true);
  });

  test("at most ten calls of a group run at once, or toolConcurrency of them", async () => {
    const widest = async (toolConcurrency?: number) => {
      let running = 0;
      let maxRunning = 0;
      const tool: Tool = {
        name: "read",
        description: "read",
        concurrencySafe: true,
        inputSchema: z.object({}),
        execute: async () => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((resolve) => setTimeout(resolve, 10));
          running -= 1;
          return { content: "ok", isError: false };
        },
      };
      const calls = Array.from({ length: 14 }, (_, i) => toolCall("read", {}, `c${i}`));
      const model = scriptedModel([reply.toolCalls(...calls), reply.text("done")]);
      const { result } = await runToEnd({
        model,
        tools: [tool],
        ...(toolConcurrency !== undefined ? { toolConcurrency } : {}),
      });
      expect(toolResultsOf(result.newMessages).size).toBe(14);
      return maxRunning;
    };
    expect(await widest()).toBe(10);
    expect(await widest(3)).toBe(3);
  });
});
