import { APICallError } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { agentLoop } from "../src/index.js";
import { DEFAULT_RETRY, isTransientError, retryAfterMs, retryDelayMs } from "../src/retry.js";
import { reply, scriptedModel } from "../src/testing/index.js";
import { fastRetry, loopOptions, runToEnd } from "./helpers.js";

const run = (model: ReturnType<typeof scriptedModel>, retry = fastRetry) => runToEnd({ model, retry });

describe("model retries", () => {
  test("transient failures are retried with retry events, then the run succeeds", async () => {
    const model = scriptedModel([
      reply.httpError(429),
      reply.httpError(503),
      reply.networkError(),
      reply.text("ok"),
    ]);
    const { events, result } = await run(model);
    const retries = events.filter((e) => e.type === "retry");
    expect(retries.map((e) => e.type === "retry" && e.attempt)).toEqual([1, 2, 3]);
    expect(retries[0]).toMatchObject({ error: { message: expect.stringMatching(/^model: status 429: /) } });
    expect(retries[2]).toMatchObject({ error: { message: "model: read ECONNRESET" } });
    expect(result.reason).toBe("stop");
    expect(model.callCount).toBe(4);
  });

  test("after maxRetries the run gives up with an error event and reason error", async () => {
    const model = scriptedModel([
      reply.httpError(500),
      reply.httpError(500),
      reply.httpError(500),
      reply.httpError(500),
    ]);
    const { events, result } = await run(model);
    expect(events.filter((e) => e.type === "retry")).toHaveLength(3);
    expect(model.callCount).toBe(4);
    expect(result.reason).toBe("error");
    expect(result.error?.message).toBe("model: status 500: scripted http error 500");
    expect(events.slice(-2).map((e) => e.type)).toEqual(["error", "agent_end"]);
    expect(events.at(-1)).toMatchObject({ type: "agent_end", reason: "error", error: result.error });
  });

  test("a 401 is not retried", async () => {
    const model = scriptedModel([
      reply.httpError(401, { message: "invalid x-api-key" }),
      reply.text("never"),
    ]);
    const { events, result } = await run(model);
    expect(events.some((e) => e.type === "retry")).toBe(false);
    expect(model.callCount).toBe(1);
    expect(result).toMatchObject({
      reason: "error",
      error: { message: "model: status 401: invalid x-api-key" },
    });
  });

  test("a 400 and an arbitrary thrown error are not retried", async () => {
    for (const failure of [reply.httpError(400), reply.throws(new Error("bad prompt"))]) {
      const model = scriptedModel([failure, reply.text("never")]);
      const { result } = await run(model);
      expect(model.callCount).toBe(1);
      expect(result.reason).toBe("error");
    }
  });

  test("the server's retry-after-ms sets the delay", async () => {
    const model = scriptedModel([
      reply.httpError(429, { headers: { "retry-after-ms": "15" } }),
      reply.text("ok"),
    ]);
    const { events } = await run(model, { maxRetries: 2, baseDelayMs: 1000, maxDelayMs: 5000 });
    const retry = events.find((e) => e.type === "retry");
    expect(retry).toMatchObject({ attempt: 1, delayMs: expect.any(Number) });
    // 15 ms plus claude's jitter of up to a quarter.
    expect(retry?.type === "retry" && retry.delayMs >= 15 && retry.delayMs <= 19).toBe(true);
  });

  test("abort during the backoff wait ends the run at once with reason aborted", async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      reply.httpError(503, { headers: { "retry-after": "60" } }),
      reply.text("never"),
    ]);
    const stream = agentLoop(
      loopOptions({
        model,
        retry: { maxRetries: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
        signal: controller.signal,
      }),
    );
    for await (const event of stream) if (event.type === "retry") controller.abort();
    expect((await stream.result()).reason).toBe("aborted");
    expect(model.callCount).toBe(1);
  });
});

describe("retry policy", () => {
  const policy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
  const http = (status: number, headers?: Record<string, string>) =>
    new APICallError({
      message: "x",
      url: "u",
      requestBodyValues: {},
      statusCode: status,
      responseHeaders: headers,
    });

  test("backoff doubles per attempt, capped, plus 0–25% jitter (claude 2.1.328's)", () => {
    expect(retryDelayMs(policy, 1, http(500), () => 0)).toBe(100);
    expect(retryDelayMs(policy, 1, http(500), () => 1)).toBe(125);
    expect(retryDelayMs(policy, 3, http(500), () => 1)).toBe(500);
    expect(retryDelayMs(policy, 10, http(500), () => 0)).toBe(1000);
    expect(retryDelayMs(policy, 10, http(500), () => 1)).toBe(1250);
  });

  test("claude's default: ten retries from 500 ms doubling to 32 s", () => {
    expect(DEFAULT_RETRY.maxRetries).toBe(10);
    const delays = Array.from({ length: 10 }, (_, i) =>
      retryDelayMs(DEFAULT_RETRY, i + 1, http(529), () => 0),
    );
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000, 32000]);
  });

  test("a retry-after is waited, plus the jitter (claude: 3715 ms for 3 s), up to maxRetryAfterMs", () => {
    const asked = http(429, { "retry-after": "3" });
    expect(retryDelayMs(DEFAULT_RETRY, 1, asked, () => 0)).toBe(3000);
    expect(retryDelayMs(DEFAULT_RETRY, 1, asked, () => 1)).toBe(3750);
    // Shorter than the backoff: still the server's.
    expect(retryDelayMs(DEFAULT_RETRY, 5, asked, () => 0)).toBe(3000);
    expect(retryDelayMs(DEFAULT_RETRY, 1, http(429, { "retry-after": "3600" }), () => 0)).toBe(300_000);
  });

  test("retry-after in seconds or as an HTTP date is honoured, capped by maxDelayMs", () => {
    expect(retryAfterMs(http(429, { "Retry-After": "0.5" }))).toBe(500);
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs(http(429, { "retry-after": "Wed, 01 Jan 2025 00:00:02 GMT" }), now)).toBe(2000);
    expect(retryDelayMs(policy, 1, http(429, { "retry-after": "30" }))).toBe(1000);
  });

  test("429, 5xx and connection failures are transient; 400, 401 and plain errors are not", () => {
    expect(isTransientError(http(429))).toBe(true);
    expect(isTransientError(http(529))).toBe(true);
    expect(isTransientError(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
    expect(isTransientError({ type: "overloaded_error", message: "Overloaded" })).toBe(true);
    expect(isTransientError(http(400))).toBe(false);
    expect(isTransientError(http(401))).toBe(false);
    expect(isTransientError(new Error("nope"))).toBe(false);
  });
});
