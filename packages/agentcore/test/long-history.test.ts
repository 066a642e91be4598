import type { ModelMessage } from "ai";
import { convertToLanguageModelPrompt, standardizePrompt } from "ai/internal";
import { afterEach, describe, expect, test } from "vitest";
import { Agent, resolveModel } from "../src/index.js";
import {
  type LoopbackModelServer,
  reply,
  scriptedModel,
  startLoopbackModelServer,
  type TurnReply,
  toolCall,
} from "../src/testing/index.js";
import { echoTool, runToEnd } from "./helpers.js";

/** A user message that counts how often its content is read. */
function countedMessage(text: string): { message: ModelMessage; reads: () => number } {
  let reads = 0;
  const message = {
    role: "user" as const,
    get content() {
      reads += 1;
      return text;
    },
  };
  return { message, reads: () => reads };
}

describe("flat cost per model step", () => {
  test("each history message is validated and converted once, not again on every step", async () => {
    const first = countedMessage("start");
    const steps = Array.from({ length: 6 }, (_, i) => reply.toolCall("echo", { text: `t${i}` }, `c${i}`));
    const model = scriptedModel([...steps, reply.text("done")]);
    const { tool } = echoTool();
    let readsAfterFirstStep = 0;
    const { result } = await runToEnd({
      model,
      tools: [tool],
      messages: [first.message],
      beforeModelStep: async () => {
        if (model.callCount === 1) readsAfterFirstStep = first.reads();
        return undefined;
      },
    });
    expect(result.reason).toBe("stop");
    expect(readsAfterFirstStep).toBeGreaterThan(0);
    expect(first.reads()).toBe(readsAfterFirstStep);
  });

  test("the prompt built step by step is the one the AI SDK builds from the whole history", async () => {
    const model = scriptedModel([
      reply.turn({
        text: "a",
        toolCalls: [toolCall("echo", { text: "x" }, "c1"), toolCall("echo", { text: "y" }, "c2")],
      }),
      reply.turn({ reasoning: "hmm", toolCalls: [toolCall("echo", { text: "z" }, "c3")] }),
      reply.text("done"),
      reply.text("done again"),
    ]);
    const { tool } = echoTool();
    const agent = new Agent({ model, systemPrompt: "sys", tools: [tool] });
    await agent.prompt("one");
    await agent.prompt("two");
    expect(agent.messages.at(-1)).toMatchObject({ role: "assistant", content: [{ text: "done again" }] });
    const history = agent.messages.slice(0, -1);
    const fresh = await convertToLanguageModelPrompt({
      prompt: await standardizePrompt({ system: "sys", messages: [...history] }),
      supportedUrls: {},
      download: undefined,
    });
    expect(model.requests.at(-1)?.prompt).toEqual(fresh);
  });

  test("messages from outside the kernel are still checked against the AI SDK's schema, also mid-run", async () => {
    const model = scriptedModel([reply.toolCall("echo", { text: "x" }, "c1"), reply.text("done")]);
    const { tool } = echoTool();
    const { result } = await runToEnd({
      model,
      tools: [tool],
      // A steering message that is not a ModelMessage, arriving after the kernel's own (unchecked) ones.
      getSteeringMessages: () =>
        model.callCount === 1 ? [{ role: "user", content: 42 } as unknown as ModelMessage] : [],
    });
    expect(result.reason).toBe("error");
    expect(result.error?.message).toMatch(/do not match the ModelMessage\[\] schema/);
  });

  test("a replaced history (compaction) is converted afresh", async () => {
    const model = scriptedModel([reply.toolCall("echo", { text: "x" }, "c1"), reply.text("done")]);
    const { tool } = echoTool();
    let replaced = false;
    const { result, events } = await runToEnd({
      model,
      tools: [tool],
      beforeModelStep: async () => {
        if (model.callCount !== 1 || replaced) return undefined;
        replaced = true;
        return [{ role: "user", content: "summary of it all" }];
      },
    });
    expect(result.reason).toBe("stop");
    expect(events.some((e) => e.type === "history_replaced")).toBe(true);
    expect(model.requests[1]?.prompt.slice(1)).toEqual([
      { role: "user", content: [{ type: "text", text: "summary of it all" }] },
    ]);
  });
});

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const NO_RETRY = { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 };

describe("a model stream cut before its final event", () => {
  test("scripted model: the run ends with an error, not a completed answer", async () => {
    const model = scriptedModel([reply.cut("half an ans")]);
    const { result } = await runToEnd({ model, retry: NO_RETRY });
    expect(result.reason).toBe("error");
    expect(result.error?.message).toMatch(/ended before its final event/);
  });

  test.each([
    ["anthropic", "anthropic/claude-sonnet-4-5"],
    ["openai", "openai/gpt-test"],
  ])("%s over HTTP: an error, and retried like a broken connection", async (_name, spec) => {
    server = await startLoopbackModelServer([reply.cut("half"), reply.text("whole answer")]);
    const model = await resolveModel(spec, {
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: server.openaiBaseUrl,
    });
    const { result: failed } = await runToEnd({ model, retry: NO_RETRY });
    expect(failed.reason).toBe("error");
    expect(failed.error?.message).toMatch(/ended before its final event/);
    const { result, events } = await runToEnd({ model, retry: { ...NO_RETRY, maxRetries: 1 } });
    expect(result.reason).toBe("stop");
    expect(events.filter((e) => e.type === "retry")).toHaveLength(0);
  });
});

describe("token accounting", () => {
  const script = (): TurnReply[] => [
    {
      ...reply.toolCall("echo", { text: "x" }, "c1"),
      usage: { inputTokens: 1000, outputTokens: 20, cacheReadTokens: 600, cacheWriteTokens: 300 },
    },
    {
      ...reply.text("done"),
      usage: { inputTokens: 1100, outputTokens: 7, cacheReadTokens: 900, cacheWriteTokens: 100 },
    },
  ];

  test("anthropic: input (cache included), output, cache read and write per step and per run", async () => {
    server = await startLoopbackModelServer(script());
    const model = await resolveModel("anthropic/claude-sonnet-4-5", {
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    });
    const { tool } = echoTool();
    const { result, events } = await runToEnd({ model, tools: [tool] });
    const steps = events.flatMap((e) => (e.type === "step_usage" ? [e] : []));
    expect(steps).toEqual([
      {
        type: "step_usage",
        turn: 1,
        usage: { inputTokens: 1000, outputTokens: 20, cacheReadTokens: 600, cacheWriteTokens: 300 },
        model,
      },
      {
        type: "step_usage",
        turn: 2,
        usage: { inputTokens: 1100, outputTokens: 7, cacheReadTokens: 900, cacheWriteTokens: 100 },
        model,
      },
    ]);
    expect(result.usage).toEqual({
      inputTokens: 2100,
      outputTokens: 27,
      cacheReadTokens: 1500,
      cacheWriteTokens: 400,
    });
  });

  test("openai: prompt tokens with their cached part", async () => {
    server = await startLoopbackModelServer(script());
    const model = await resolveModel("openai/gpt-test", {
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: server.openaiBaseUrl,
    });
    const { tool } = echoTool();
    const { result } = await runToEnd({ model, tools: [tool] });
    // OpenAI reports cache reads only.
    expect(result.usage).toEqual({
      inputTokens: 2100,
      outputTokens: 27,
      cacheReadTokens: 1500,
      cacheWriteTokens: 0,
    });
  });
});
