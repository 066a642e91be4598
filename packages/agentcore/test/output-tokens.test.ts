import { afterEach, describe, expect, test } from "vitest";
import { type ModelAccessOptions, resolveModel } from "../src/index.js";
import { outputTokensToSend } from "../src/output-tokens.js";
import { type LoopbackModelServer, reply, startLoopbackModelServer } from "../src/testing/index.js";
import { echoTool, runToEnd } from "./helpers.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The body of the one request made to `anthropic/<modelId>` with `access`. */
async function requestTo(modelId: string, access: ModelAccessOptions = {}) {
  server = await startLoopbackModelServer([reply.text("ok")]);
  const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
  await runToEnd({ model: await resolveModel(`anthropic/${modelId}`, env, access) });
  return server.requests[0]?.body as { max_tokens?: number; thinking?: { budget_tokens?: number } };
}

describe("outputTokensToSend: max_tokens per model id as claude 2.1.328 sends it (recorded)", () => {
  test("each family's default", () => {
    const expected: Record<string, number> = {
      "claude-opus-5-5": 128000,
      "claude-opus-4-6": 64000,
      "claude-opus-4-7": 64000,
      "claude-sonnet-4-6": 32000,
      "claude-sonnet-4-5": 32000,
      "claude-sonnet-4-20250514": 32000,
      "claude-haiku-4-5": 32000,
      "claude-opus-4-5": 32000,
      "claude-3-7-sonnet-latest": 32000,
      "claude-3-5-sonnet-20241022": 8192,
      "claude-3-5-haiku-latest": 8192,
      "claude-3-haiku-20240307": 4096,
      "claude-3-opus-latest": 4096,
      "my-gateway-model": 32000,
    };
    for (const [id, tokens] of Object.entries(expected)) expect(outputTokensToSend(id), id).toBe(tokens);
  });

  test("a count asked for (CLAUDE_CODE_MAX_OUTPUT_TOKENS) is lowered to the model's most; none above 0 is the default", () => {
    expect(outputTokensToSend("claude-sonnet-4-5", 5000)).toBe(5000);
    expect(outputTokensToSend("claude-sonnet-4-5", 999999)).toBe(64000);
    expect(outputTokensToSend("claude-opus-4-6", 999999)).toBe(128000);
    expect(outputTokensToSend("claude-3-5-sonnet-20241022", 999999)).toBe(8192);
    expect(outputTokensToSend("my-gateway-model", 999999)).toBe(128000);
    expect(outputTokensToSend("claude-sonnet-4-5", 0)).toBe(32000);
    expect(outputTokensToSend("claude-sonnet-4-5", -5)).toBe(32000);
  });
});

describe("the max_tokens an Anthropic request carries (loopback server)", () => {
  test("an id the AI SDK does not know (a gateway's own) is sent 32000, not the SDK's 4096", async () => {
    expect((await requestTo("my-gateway-model")).max_tokens).toBe(32000);
  });

  test("a budget model is sent 32000 beside its budget of 31999, as claude sends them", async () => {
    const body = await requestTo("claude-sonnet-4-5");
    expect(body.max_tokens).toBe(32000);
    expect(body.thinking?.budget_tokens).toBe(31999);
  });

  test("Claude 3 models get claude's, past the AI SDK's 4096: 32000 on claude-3-7, 8192 on claude-3-5, 4096 on claude-3-haiku", async () => {
    expect((await requestTo("claude-3-7-sonnet-latest")).max_tokens).toBe(32000);
    await server?.close();
    expect((await requestTo("claude-3-5-sonnet-20241022")).max_tokens).toBe(8192);
    await server?.close();
    expect((await requestTo("claude-3-haiku-20240307")).max_tokens).toBe(4096);
  });

  test("a claude-3-7 model keeps its 32000 in every request of a conversation", async () => {
    server = await startLoopbackModelServer([reply.toolCall("echo", { text: "hi" }), reply.text("done")]);
    const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    const { tool } = echoTool();
    await runToEnd({ model: await resolveModel("anthropic/claude-3-7-sonnet-latest", env), tools: [tool] });
    expect(server.requests.map((r) => (r.body as { max_tokens?: number }).max_tokens)).toEqual([
      32000, 32000,
    ]);
  });

  test("an adaptive model is sent its own default, 64000 on claude-opus-4-6", async () => {
    expect((await requestTo("claude-opus-4-6")).max_tokens).toBe(64000);
  });

  test("maxOutputTokens raises both, the budget staying one below (64000 and 63999 on claude-sonnet-4-5)", async () => {
    const body = await requestTo("claude-sonnet-4-5", { maxOutputTokens: 999999 });
    expect(body.max_tokens).toBe(64000);
    expect(body.thinking?.budget_tokens).toBe(63999);
  });

  test("a budget asked for keeps its size under a larger max_tokens", async () => {
    const body = await requestTo("claude-sonnet-4-5", { maxOutputTokens: 64000, maxThinkingTokens: 50000 });
    expect(body.max_tokens).toBe(64000);
    expect(body.thinking?.budget_tokens).toBe(50000);
  });

  test("with thinking off the whole max_tokens is the answer's", async () => {
    const body = await requestTo("claude-sonnet-4-5", { maxOutputTokens: 5000, thinking: false });
    expect(body.max_tokens).toBe(5000);
    expect(body.thinking).toEqual({ type: "disabled" });
  });
});
