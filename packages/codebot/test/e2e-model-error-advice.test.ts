/**
 * A run that ends on a model call's failure says what to do about it, as claude 2.1.328's "API
 * Error" line does (recorded): send the message again in a moment; if it persists, check the server.
 */
import { resolveModel } from "@codebot/agentcore";
import {
  type LoopbackModelServer,
  reply,
  startLoopbackModelServer,
  type TurnReply,
} from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { startSession } from "./support/e2e.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Enough failures to use up the default retries of a transient error (claude's 10), each retried at once. */
const always = (status: number, message: string): TurnReply[] =>
  Array.from({ length: 11 }, () => reply.httpError(status, { message, headers: { "retry-after-ms": "1" } }));

async function failureOf(
  script: TurnReply[],
  spec = "anthropic/claude-sonnet-4-5",
  env: (s: LoopbackModelServer) => Record<string, string> = (s) => ({
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: s.anthropicBaseUrl,
  }),
): Promise<{ reason: string | undefined; host: string }> {
  server = await startLoopbackModelServer(script);
  const s = await startSession({ runtime: { model: await resolveModel(spec, env(server)) } });
  const result = await s.runtime.prompt("go");
  await s.runtime.close();
  expect(result.status).toBe("error");
  return { reason: result.reason, host: new URL(server.anthropicBaseUrl).host };
}

describe("a model call's failure says what to do", () => {
  it("a rate limit: wait and send the message again; the server's host if it persists", async () => {
    const { reason, host } = await failureOf(always(429, "slow down"));
    expect(reason).toBe(
      `model: status 429: slow down. The provider is limiting requests; this may be a temporary capacity issue — wait a moment and send your message again. If it persists, check the model's server (${host}).`,
    );
  });

  it("a server's failure (500) is usually temporary", async () => {
    const { reason, host } = await failureOf(always(500, "Internal server error"));
    expect(reason).toBe(
      `model: status 500: Internal server error. This is a server-side issue, usually temporary — send your message again in a moment. If it persists, check the model's server (${host}).`,
    );
  });

  it("an overloaded API (529) is a server-side issue, as claude 2.1.328 words it", async () => {
    const { reason } = await failureOf(always(529, "Overloaded"));
    expect(reason).toMatch(/^model: status 529: Overloaded\. This is a server-side issue, usually temporary/);
  });

  it("a refused key (401) points at the key, not at trying again", async () => {
    const { reason } = await failureOf([reply.httpError(401, { message: "invalid x-api-key" })]);
    expect(reason).toBe(
      "model: status 401: invalid x-api-key. Check the API key codebot was given (ANTHROPIC_API_KEY, OPENAI_API_KEY, … or apiKeyHelper) and that it may use this model.",
    );
  });

  it("a model the provider does not know (404 naming it) is claude 2.1.328's 'issue with the selected model'", async () => {
    const { reason } = await failureOf(
      [reply.httpError(404, { message: "model: claude-nope-9" })],
      "anthropic/claude-nope-9",
    );
    expect(reason).toBe(
      "model: status 404: model: claude-nope-9. There's an issue with the selected model (claude-nope-9). It may not exist or you may not have access to it. Run --model to pick a different model.",
    );
  });

  it("an OpenAI base URL without /v1 (404 on the path) names the address asked and says the base URL ends in /v1", async () => {
    const { reason } = await failureOf([], "openai/gpt-4.1", (s) => ({
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: s.url,
    }));
    expect(reason).toBe(
      `model: status 404: loopback model server: no route POST /chat/completions. The server has no API at ${server?.url}/chat/completions: check the base URL (OPENAI_BASE_URL and CODEBOT_COMPAT_BASE_URL end in /v1, as http://localhost:11434/v1; ANTHROPIC_BASE_URL is the server's address, /v1 or not).`,
    );
  });

  it("a request the API refuses (400) is left as it was: sending it again would not help", async () => {
    const { reason } = await failureOf([reply.httpError(400, { message: "bad request" })]);
    expect(reason).toBe("model: status 400: bad request");
  });
});
