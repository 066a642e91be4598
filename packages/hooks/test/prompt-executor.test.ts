import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import type { PromptSpec, RunContext } from "../src/executor.js";
import { createPromptExecutor, PROMPT_HOOK_SYSTEM } from "../src/prompt-executor.js";

/** A model that answers every call with `answer(call)` and records what it was asked. */
function scripted(modelId: string, answer: (call: LanguageModelV3CallOptions) => string | Promise<string>) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model: LanguageModelV3 = {
    specificationVersion: "v3",
    provider: "test",
    modelId,
    supportedUrls: {},
    async doGenerate(options) {
      calls.push(options);
      const text = await answer(options);
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      };
    },
    async doStream() {
      throw new Error("scripted model: streaming is not scripted");
    },
  };
  return { model, calls };
}

const replying = (text: string) => scripted("judge", () => text);

/** The user message text of a recorded call. */
function userText(call: LanguageModelV3CallOptions | undefined): string {
  const user = call?.prompt.find((m) => m.role === "user");
  if (user?.role !== "user") throw new Error("no user message");
  return user.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function context(overrides: Partial<RunContext> = {}): RunContext {
  return {
    payload: '{"event":"PreToolUse","tool":"bash","args":{"command":"rm -rf /"}}',
    cwd: process.cwd(),
    env: {},
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

const spec = (prompt = "Is this safe? $ARGUMENTS", model?: string): PromptSpec => ({
  type: "prompt",
  prompt,
  ...(model ? { model } : {}),
});

/** Runs a prompt hook through an executor whose every model is `model`. */
const runOn = (model: LanguageModelV3, promptSpec = spec(), ctx = context()) =>
  createPromptExecutor({ resolveModel: () => model }).run(promptSpec, ctx);

describe("prompt executor", () => {
  it("allows with empty stdout when the model replies ok:true", async () => {
    const { model } = replying('{"ok": true}');
    const outcome = await runOn(model);
    expect(outcome).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("turns ok:false with a reason into a block outcome carrying that reason", async () => {
    const { model } = replying('{"ok": false, "reason": "deleting the root is not allowed"}');
    const outcome = await runOn(model);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.error).toBeUndefined();
    expect(JSON.parse(outcome.stdout)).toEqual({ block: true, reason: "deleting the root is not allowed" });
  });

  it("blocks without a reason when ok:false has none", async () => {
    const { model } = replying('{"ok": false}');
    const outcome = await runOn(model);
    expect(JSON.parse(outcome.stdout)).toEqual({ block: true });
  });

  it("reads a verdict inside a ```json fence", async () => {
    const { model } = replying('```json\n{"ok": false, "reason": "fenced"}\n```');
    const outcome = await runOn(model);
    expect(JSON.parse(outcome.stdout)).toEqual({ block: true, reason: "fenced" });
  });

  it("reads a verdict wrapped in prose", async () => {
    const { model } = replying('Having looked at it: {"ok": false, "reason": "prose"}. Hope that helps!');
    const outcome = await runOn(model);
    expect(JSON.parse(outcome.stdout)).toEqual({ block: true, reason: "prose" });
  });

  it("allows when the reply is not JSON at all", async () => {
    const { model } = replying("I would rather not say {maybe} no.");
    const outcome = await runOn(model);
    expect(outcome).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("allows when ok is not a boolean", async () => {
    const { model } = replying('{"ok": "false", "reason": "a string is not a verdict"}');
    const outcome = await runOn(model);
    expect(outcome).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("makes a model error a failed run, not a success", async () => {
    const { model } = scripted("judge", () => {
      throw new Error("rate limited");
    });
    const outcome = await runOn(model);
    expect(outcome.error).toBe("prompt hook: rate limited");
    expect(outcome.exitCode).toBeNull();
    expect(outcome.stdout).toBe("");
    expect(outcome.timedOut).toBeUndefined();
  });

  it("makes an unresolvable model a failed run", async () => {
    const executor = createPromptExecutor({
      resolveModel: (id) => {
        throw new Error(`unknown model ${id}`);
      },
    });
    const outcome = await executor.run(spec("x", "nope/none"), context());
    expect(outcome.error).toBe("prompt hook: unknown model nope/none");
  });

  it("times out a model that never answers, as a failed run within the bound", async () => {
    const { model } = scripted("judge", () => new Promise<string>(() => {}));
    const started = Date.now();
    const outcome = await runOn(model, spec(), context({ timeoutMs: 200 }));
    expect(outcome.timedOut).toBe(true);
    expect(outcome.error).toBe("prompt hook: timed out after 0.2s");
    expect(outcome.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("stops when the caller's signal aborts, without calling it a timeout", async () => {
    const { model } = scripted("judge", () => new Promise<string>(() => {}));
    const caller = new AbortController();
    const pending = runOn(model, spec(), context({ signal: caller.signal }));
    caller.abort();
    const outcome = await pending;
    expect(outcome.error).toBe("prompt hook: aborted");
    expect(outcome.timedOut).toBeUndefined();
  });

  it("does not retry a retryable model error and passes the abort signal", async () => {
    const { model, calls } = scripted("judge", () => {
      throw new APICallError({
        message: "overloaded",
        url: "http://model.test",
        requestBodyValues: {},
        statusCode: 529,
        isRetryable: true,
      });
    });
    const outcome = await runOn(model);
    expect(outcome.error).toBe("prompt hook: overloaded");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it("on a Claude Code Stop (a conversation given), an answer with no verdict is a failed run quoting it, as claude's verifier reports", async () => {
    const conversation = [{ role: "user" as const, content: "main task" }];
    const outcome = await runOn(
      replying("I think it is fine, probably.").model,
      spec("Is it done?"),
      context({ conversation }),
    );
    expect(outcome.error).toBe(
      'prompt hook: the model\'s answer holds no {"ok": true|false} verdict: "I think it is fine, probably."',
    );
    expect(outcome.stdout).toBe("");
  });

  it("follows a switch of the session's current model", async () => {
    const first = replying('{"ok": true}');
    const second = replying('{"ok": true}');
    let current = first.model;
    const executor = createPromptExecutor({
      resolveModel: (id) => (id === undefined ? current : first.model),
    });
    await executor.run(spec(), context());
    current = second.model;
    await executor.run(spec(), context());
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toHaveLength(1);
  });

  it("uses the entry's model when it names one", async () => {
    const session = replying('{"ok": true}');
    const judge = replying('{"ok": false, "reason": "judge says no"}');
    const asked: (string | undefined)[] = [];
    const executor = createPromptExecutor({
      resolveModel: async (id) => {
        asked.push(id);
        return id === "test/judge" ? judge.model : session.model;
      },
    });
    const outcome = await executor.run(spec("Judge: $ARGUMENTS", "test/judge"), context());
    expect(asked).toEqual(["test/judge"]);
    expect(session.calls).toHaveLength(0);
    expect(JSON.parse(outcome.stdout)).toEqual({ block: true, reason: "judge says no" });
  });

  it("replaces every $ARGUMENTS with the payload, verbatim", async () => {
    const { model, calls } = replying('{"ok": true}');
    const payload = '{"prompt":"cost is $& and $1"}';
    await runOn(model, spec("first: $ARGUMENTS\nsecond: $ARGUMENTS."), context({ payload }));
    expect(userText(calls[0])).toBe(`first: ${payload}\nsecond: ${payload}.`);
  });

  it("adds no payload when the template has no $ARGUMENTS", async () => {
    const { model, calls } = replying('{"ok": true}');
    await runOn(model, spec("Always answer ok."));
    expect(userText(calls[0])).toBe("Always answer ok.");
  });

  it("makes one single-turn call with the verdict instructions and no tools", async () => {
    const { model, calls } = replying('{"ok": true}');
    await runOn(model);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.tools ?? []).toEqual([]);
    expect(calls[0]?.prompt.map((m) => m.role)).toEqual(["system", "user"]);
    expect(calls[0]?.prompt[0]).toMatchObject({ role: "system", content: PROMPT_HOOK_SYSTEM });
  });
});
