import type { LanguageModelV3 } from "@ai-sdk/provider";
import { generateText, tool as sdkTool, stepCountIs } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { agentLoop, resolveModel } from "../src/index.js";
import {
  type LoopbackModelServer,
  reply,
  startLoopbackModelServer,
  type TurnReply,
  toolCall,
} from "../src/testing/index.js";
import { echoTool, fastRetry, loopOptions, runToEnd } from "./helpers.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script: TurnReply[]) {
  server = await startLoopbackModelServer(script);
  return server;
}

const anthropicEnv = (s: LoopbackModelServer) => ({
  ANTHROPIC_API_KEY: "test-key",
  ANTHROPIC_BASE_URL: s.anthropicBaseUrl,
});
const openaiEnv = (s: LoopbackModelServer) => ({
  OPENAI_API_KEY: "test-key",
  OPENAI_BASE_URL: s.openaiBaseUrl,
});

const toolRoundTrip = () => [
  reply.turn({
    reasoning: "think first",
    text: "checking",
    toolCalls: [toolCall("echo", { text: "hi" }, "toolu_01")],
  }),
  reply.text("all done"),
];

/** The tool round trip through the AI SDK's own generateText, which asks for a response that is not streamed. */
const generateWithEcho = (model: LanguageModelV3) =>
  generateText({
    model,
    prompt: "go",
    maxRetries: 0,
    stopWhen: stepCountIs(2),
    tools: {
      echo: sdkTool({
        inputSchema: z.object({ text: z.string() }),
        execute: async ({ text }) => `echo: ${text}`,
      }),
    },
  });

describe("real providers against the loopback server", () => {
  test("anthropic: an answer's message_end carries the provider's message id", async () => {
    const s = await start([reply.text("hello")]);
    const model = await resolveModel("anthropic/claude-sonnet-4-5", anthropicEnv(s));
    const { events } = await runToEnd({ model });
    const ends = events.flatMap((e) =>
      e.type === "message_end" && e.message.role === "assistant" ? [e] : [],
    );
    expect(ends.map((e) => e.responseId)).toEqual(["msg_loopback_1"]);
  });

  test("anthropic, streaming: the loop runs a tool call and sends its result back", async () => {
    const s = await start(toolRoundTrip());
    const model = await resolveModel("anthropic/claude-sonnet-4-5", anthropicEnv(s));
    const { tool, calls } = echoTool();
    const { result, events } = await runToEnd({ model, systemPrompt: "be useful", tools: [tool] });

    expect(result.reason).toBe("stop");
    expect(calls).toEqual([{ text: "hi" }]);
    const deltas = events.flatMap((e) => (e.type === "message_update" ? [e.delta] : [])).join("");
    expect(deltas).toBe("checkingall done");
    const [first, second] = s.requests;
    expect(first).toMatchObject({
      api: "anthropic",
      method: "POST",
      path: "/v1/messages",
      headers: { "x-api-key": "test-key" },
    });
    expect(first?.body).toMatchObject({
      model: "claude-sonnet-4-5",
      stream: true,
      system: [{ type: "text", text: "be useful" }],
    });
    expect(first?.body.tools).toMatchObject([
      { name: "echo", input_schema: { type: "object", properties: { text: { type: "string" } } } },
    ]);
    expect(second?.body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "go" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "think first", signature: "loopback-signature" },
          { type: "text", text: "checking" },
          { type: "tool_use", id: "toolu_01", name: "echo", input: { text: "hi" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "echo: hi" }] },
    ]);
  });

  test("anthropic, not streaming: a tool call and its result round trip", async () => {
    const s = await start(toolRoundTrip());
    const model = await resolveModel("anthropic/claude-sonnet-4-5", anthropicEnv(s));
    const result = await generateWithEcho(model);
    expect(result.text).toBe("all done");
    expect(s.requests.map((r) => r.body.stream ?? false)).toEqual([false, false]);
    expect(s.requests[1]?.body.messages.at(-1)).toMatchObject({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_01" }],
    });
  });

  test("openai chat, streaming: the loop runs a tool call and sends its result back", async () => {
    const s = await start(toolRoundTrip());
    const model = await resolveModel("openai/gpt-test", openaiEnv(s));
    const { tool, calls } = echoTool();
    const { result } = await runToEnd({ model, systemPrompt: "be useful", tools: [tool] });

    expect(result.reason).toBe("stop");
    expect(calls).toEqual([{ text: "hi" }]);
    const [first, second] = s.requests;
    expect(first).toMatchObject({
      api: "openai",
      path: "/v1/chat/completions",
      headers: { authorization: "Bearer test-key" },
    });
    expect(first?.body).toMatchObject({ model: "gpt-test", stream: true });
    expect(first?.body.tools).toMatchObject([{ type: "function", function: { name: "echo" } }]);
    expect(second?.body.messages).toEqual([
      { role: "system", content: "be useful" },
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: "checking",
        tool_calls: [
          { id: "toolu_01", type: "function", function: { name: "echo", arguments: '{"text":"hi"}' } },
        ],
      },
      { role: "tool", tool_call_id: "toolu_01", content: "echo: hi" },
    ]);
  });

  test("openai chat, not streaming: a tool call and its result round trip", async () => {
    const s = await start(toolRoundTrip());
    const model = await resolveModel("openai/gpt-test", openaiEnv(s));
    const result = await generateWithEcho(model);
    expect(result.text).toBe("all done");
    expect(s.requests.map((r) => r.body.stream ?? false)).toEqual([false, false]);
    expect(s.requests[1]?.body.messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "toolu_01",
      content: "echo: hi",
    });
  });

  test("an OpenAI-compatible server via compat/: the loop runs a tool round trip", async () => {
    const s = await start(toolRoundTrip());
    const model = await resolveModel("compat/local/llama-3", { CODEBOT_COMPAT_BASE_URL: s.openaiBaseUrl });
    const { tool } = echoTool();
    const { result } = await runToEnd({ model, tools: [tool] });
    expect(result.reason).toBe("stop");
    expect(s.requests[0]?.body.model).toBe("local/llama-3");
    expect(s.requests[0]?.headers.authorization).toBeUndefined();
    expect(s.requests[1]?.body.messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "toolu_01",
      content: "echo: hi",
    });
  });

  test("a 429 with retry-after-ms and a dropped connection are retried through the real provider", async () => {
    const s = await start([
      reply.httpError(429, { headers: { "retry-after-ms": "10" } }),
      reply.networkError(),
      reply.text("ok"),
    ]);
    const model = await resolveModel("anthropic/claude-sonnet-4-5", anthropicEnv(s));
    const { result, events } = await runToEnd({ model, retry: fastRetry });
    const retries = events.filter((e) => e.type === "retry");
    expect(retries[0]).toMatchObject({
      attempt: 1,
      error: { message: expect.stringMatching(/^model: status 429: /) },
    });
    // The 10 ms asked for, plus claude's jitter of up to a quarter.
    const delay = retries[0]?.type === "retry" ? retries[0].delayMs : undefined;
    expect(delay !== undefined && delay >= 10 && delay <= 13).toBe(true);
    expect(retries[1]).toMatchObject({ attempt: 2 });
    expect(result.reason).toBe("stop");
    expect(s.requests).toHaveLength(3);
  });

  test("a 401 from the real provider is not retried and says what failed", async () => {
    const s = await start([
      reply.httpError(401, { message: "Incorrect API key provided" }),
      reply.text("never"),
    ]);
    const model = await resolveModel("openai/gpt-test", openaiEnv(s));
    const { result, events } = await runToEnd({ model, retry: fastRetry });
    expect(events.some((e) => e.type === "retry")).toBe(false);
    expect(result).toMatchObject({
      reason: "error",
      error: { message: "model: status 401: Incorrect API key provided" },
    });
    expect(s.requests).toHaveLength(1);
  });

  test("abort during a streamed HTTP response ends the run with reason aborted", async () => {
    const s = await start([reply.hang("partial answer")]);
    const model = await resolveModel("anthropic/claude-sonnet-4-5", anthropicEnv(s));
    const controller = new AbortController();
    const stream = agentLoop(loopOptions({ model, signal: controller.signal }));
    let text = "";
    for await (const event of stream) {
      if (event.type === "message_update") text += event.delta;
      if (text === "partial answer") controller.abort();
    }
    const result = await stream.result();
    expect(result.reason).toBe("aborted");
    expect(result.newMessages).toEqual([
      { role: "assistant", content: [{ type: "text", text: "partial answer" }] },
    ]);
  });
});
