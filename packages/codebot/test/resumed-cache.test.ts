import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { resumedCache } from "../src/session/resumed-cache.js";
import { readTranscript } from "../src/transcript/transcript-reader.js";
import { scratchDir, startSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const AT = Date.parse("2026-12-06T15:00:00.000Z");
const SONNET = { spec: "anthropic/claude-sonnet-4-5", prices: {} };

/** claude 2.1.328's recorded response: 1000 uncached, 3000 written, 200000 read, 500 out. */
const USAGE = {
  input_tokens: 1000,
  cache_creation_input_tokens: 3000,
  cache_read_input_tokens: 200000,
  output_tokens: 500,
};

const user = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "user",
  message: { role: "user", content: text },
  timestamp: new Date(AT).toISOString(),
  ...extra,
});
const answer = (text: string, secondsAfter: number, message: Record<string, unknown> = {}) => ({
  type: "assistant",
  message: { role: "assistant", content: [{ type: "text", text }], ...message },
  timestamp: new Date(AT + secondsAfter * 1000).toISOString(),
});

function restored(lines: Record<string, unknown>[]) {
  const file = path.join(scratchDir("codebot-resumed-cache-"), "s.jsonl");
  fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return readTranscript(file);
}

const cacheAfter = (lines: Record<string, unknown>[], seconds: number, model = SONNET) => {
  const r = restored(lines);
  return resumedCache(r.cache, r.messages, model, AT + seconds * 1000);
};

describe("a resumed conversation's prompt cache (SessionStart resume, as claude 2.1.328 computes it)", () => {
  it("counts the seconds since the last response and its whole window, and prices writing it on its model (claude: 204500 tokens, $0.7669)", () => {
    const lines = [user("go"), answer("one", 0, { model: "claude-sonnet-4-5", usage: USAGE })];
    expect(cacheAfter(lines, 8)).toEqual({
      secondsSinceLastResponse: 8,
      contextTokens: 204500,
      promptCacheLikelyExpired: false,
      estimatedCacheWriteUsd: 0.7669,
    });
  });

  it("the last response's model is priced, not the session's (claude 2.1.328 priced an opus response on a sonnet resume)", () => {
    const lines = [user("go"), answer("one", 0, { model: "claude-opus-4-5", usage: USAGE })];
    // 204500 tokens at opus 4.5's $6.25 per million written.
    expect(cacheAfter(lines, 1)?.estimatedCacheWriteUsd).toBe(1.2781);
  });

  it("is likely expired once the cache's 5 minutes are past", () => {
    const lines = [user("go"), answer("one", 0, { model: "claude-sonnet-4-5", usage: USAGE })];
    expect(cacheAfter(lines, 299)?.promptCacheLikelyExpired).toBe(false);
    expect(cacheAfter(lines, 300)?.promptCacheLikelyExpired).toBe(true);
  });

  it("after a compaction no response followed: expired at once, the history's estimate, seconds since the response before it", () => {
    const lines = [
      user("go"),
      answer("one", 0, { model: "claude-sonnet-4-5", usage: USAGE }),
      { type: "system", subtype: "compact_boundary", timestamp: new Date(AT + 5000).toISOString() },
      user("SUMMARY ".repeat(100), { isCompactSummary: true }),
      // The message the compaction kept, written again without its model and usage: no response.
      answer("one", 6),
    ];
    const cache = cacheAfter(lines, 9);
    expect(cache).toMatchObject({ secondsSinceLastResponse: 9, promptCacheLikelyExpired: true });
    expect(cache?.contextTokens).toBeGreaterThan(100);
    expect(cache?.contextTokens).toBeLessThan(USAGE.cache_read_input_tokens);
  });

  it("a response after the compaction counts again: its window, not expired", () => {
    const lines = [
      user("go"),
      answer("one", 0, { model: "claude-sonnet-4-5", usage: USAGE }),
      { type: "system", subtype: "compact_boundary" },
      user("SUMMARY", { isCompactSummary: true }),
      answer("two", 20, { model: "claude-sonnet-4-5", usage: { ...USAGE, cache_read_input_tokens: 0 } }),
    ];
    expect(cacheAfter(lines, 30)).toMatchObject({
      secondsSinceLastResponse: 10,
      contextTokens: 4500,
      promptCacheLikelyExpired: false,
    });
  });

  it("none without a response: an API error's made-up answer is none, and a hand-edited usage that is not numbers counts nothing", () => {
    const error = answer("API Error: 529", 0, { model: "<synthetic>", usage: USAGE });
    expect(cacheAfter([user("go"), { ...error, isApiErrorMessage: true }], 5)).toBeUndefined();
    const odd = answer("one", 0, {
      model: "claude-sonnet-4-5",
      usage: { input_tokens: "9", output_tokens: 2 },
    });
    expect(cacheAfter([user("go"), odd], 5)?.contextTokens).toBe(2);
  });

  it("a model without a price gets no cost rather than a guess", () => {
    const lines = [user("go"), answer("one", 0, { model: "local-model", usage: USAGE })];
    const cache = cacheAfter(lines, 5, { spec: "ollama/local-model", prices: {} });
    expect(cache).toMatchObject({ contextTokens: 204500 });
    expect(cache).not.toHaveProperty("estimatedCacheWriteUsd");
  });
});

describe("SessionStart resume's cache fields in Claude Code payloads", () => {
  const PRICED = { models: { "scripted/scripted": { price: { input: 3, output: 15, cacheWrite: 3.75 } } } };
  const log = { hooks: [{ type: "command", command: "cat >> hooks.jsonl; echo >> hooks.jsonl" }] };
  const big = {
    ...reply.text("EARLIER"),
    usage: { inputTokens: 204000, cacheReadTokens: 200000, cacheWriteTokens: 3000, outputTokens: 500 },
  };

  it("--resume: seconds, tokens, expiry and cost after source; a new session's SessionStart has none", async () => {
    const earlier = await startSession({
      user: { ...PRICED, hooks: { SessionStart: [log] } },
      script: [big],
    });
    await earlier.runtime.prompt("go");
    await earlier.runtime.close();
    const resumed = await startSession({
      dirs: { project: earlier.project, home: earlier.home },
      script: [reply.text("again")],
      runtime: { sessionId: earlier.runtime.sessionId, resume: true },
    });
    await resumed.runtime.prompt("again");
    await resumed.runtime.close();
    const starts = resumed.jsonLines("hooks.jsonl");
    expect(starts[0]).not.toHaveProperty("seconds_since_last_response");
    const start = starts[1] ?? {};
    expect(Object.keys(start).slice(-5)).toEqual([
      "source",
      "seconds_since_last_response",
      "context_tokens",
      "prompt_cache_likely_expired",
      "estimated_cache_write_usd",
    ]);
    expect(start).toMatchObject({
      source: "resume",
      context_tokens: 204500,
      prompt_cache_likely_expired: false,
      estimated_cache_write_usd: 0.7669,
    });
    expect(start.seconds_since_last_response).toBeLessThan(60);
  });

  it("/resume: the session switched to has them", async () => {
    const earlier = await startSession({ user: PRICED, script: [big] });
    await earlier.runtime.prompt("go");
    await earlier.runtime.close();
    const s = await startSession({
      dirs: { project: earlier.project, home: earlier.home },
      user: { ...PRICED, hooks: { SessionStart: [{ matcher: "resume", ...log }] } },
      script: [reply.text("again")],
    });
    s.runtime.resume(earlier.runtime.sessionId);
    const [start] = await waitFor(() =>
      s.jsonLines("hooks.jsonl").length > 0 ? s.jsonLines("hooks.jsonl") : undefined,
    );
    expect(start).toMatchObject({
      source: "resume",
      context_tokens: 204500,
      estimated_cache_write_usd: 0.7669,
    });
    await s.runtime.close();
  });
});
