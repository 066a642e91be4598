import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { afterEach, describe, expect, test } from "vitest";
import { type LoopbackModelServer, startLoopbackModelServer } from "../src/testing/index.js";
import { arrayElements, endOfValue } from "../src/wire-cache/json-scan.js";
import { wireCachedModel } from "../src/wire-cache/wire-cached-model.js";
import { captureMessages, splitAtMarker } from "../src/wire-cache/wire-splice.js";

describe("scanning a serialised body", () => {
  test("a value ends after its closing bracket, whatever its strings contain", () => {
    const value = JSON.stringify({ a: 'x"]}\\', b: [1, { c: "\\\\" }], d: null });
    expect(endOfValue(`${value},"next":1`, 0)).toBe(value.length);
  });

  test("numbers, literals and strings end at the next separator or closing quote", () => {
    expect(endOfValue("[12.5e3,true]", 1)).toBe(7);
    expect(endOfValue('["a\\"b",1]', 1)).toBe(7);
  });

  test("an unterminated value is not a value", () => {
    expect(endOfValue('{"a":"b', 0)).toBe(-1);
    expect(arrayElements('{"a":1},{"b"', 0)).toBeUndefined();
  });

  test("the elements of an array and its closing bracket", () => {
    const text = '[{"a":1},"x",[2]],"tail"';
    expect(arrayElements(text, 1)).toEqual({
      elements: [
        [1, 8],
        [9, 12],
        [13, 16],
      ],
      close: 16,
    });
  });
});

describe("capturing and splitting a request body", () => {
  const body = (messages: unknown[]) => JSON.stringify({ model: "m", messages, stream: true });

  test("the captured messages leave out the system ones chat completions put first", () => {
    const text = body([
      { role: "system", content: "s" },
      { role: "user", content: "u" },
      { role: "assistant", content: "a" },
    ]);
    expect(captureMessages(text)?.wire.bytes().toString()).toBe(
      '{"role":"user","content":"u"},{"role":"assistant","content":"a"}',
    );
  });

  test("the captured messages begin after a system message in mid-conversation (the tool search's listing)", () => {
    const text = body([
      { role: "user", content: "u" },
      { role: "system", content: [{ type: "text", text: "Deferred: x" }] },
      { role: "assistant", content: "a" },
      { role: "user", content: "v" },
    ]);
    expect(captureMessages(text)?.wire.bytes().toString()).toBe(
      '{"role":"assistant","content":"a"},{"role":"user","content":"v"}',
    );
  });

  test("the messages before a system message in mid-conversation, past the system prompt, are captured as a stretch", () => {
    const text = body([
      { role: "system", content: "s" },
      { role: "user", content: "u" },
      { role: "system", content: [{ type: "text", text: "Deferred: x" }] },
      { role: "assistant", content: "a" },
    ]);
    expect(captureMessages(text)?.stretches).toEqual(['{"role":"user","content":"u"}']);
  });

  test("the runs between system messages in mid-conversation are captured a stretch each, in order", () => {
    const text = body([
      { role: "system", content: "s" },
      { role: "user", content: "u" },
      { role: "system", content: "listing" },
      { role: "assistant", content: "a" },
      { role: "user", content: "v" },
      { role: "system", content: "note" },
      { role: "assistant", content: "b" },
    ]);
    expect(captureMessages(text)?.stretches).toEqual([
      '{"role":"user","content":"u"}',
      '{"role":"assistant","content":"a"},{"role":"user","content":"v"}',
    ]);
  });

  test("no stretch without a system message in mid-conversation", () => {
    const plain = body([
      { role: "system", content: "s" },
      { role: "user", content: "u" },
      { role: "assistant", content: "a" },
    ]);
    expect(captureMessages(plain)?.stretches).toEqual([]);
  });

  test("a body without a messages array captures nothing", () => {
    expect(captureMessages(JSON.stringify({ model: "m", input: [{ role: "user" }] }))).toBeUndefined();
  });

  test("a marked body splits into what precedes the marker, the new messages and the rest", () => {
    const marker = { role: "user", content: "MARK" };
    const text = body([{ role: "system", content: "s" }, marker, { role: "assistant", content: "new" }]);
    const split = splitAtMarker(text, "MARK", undefined);
    expect(split?.markerElement).toBe(JSON.stringify(marker));
    expect(split?.parts).toEqual({
      head: '{"model":"m","messages":[{"role":"system","content":"s"},',
      fresh: '{"role":"assistant","content":"new"}',
      tail: '],"stream":true}',
    });
  });

  test("a body where the marker is missing does not split", () => {
    expect(splitAtMarker(body([{ role: "user", content: "u" }]), "MARK", undefined)).toBeUndefined();
  });
});

describe("a provider whose body is not laid out as expected", () => {
  let server: LoopbackModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test("a request whose marked body cannot be completed is built again from the whole prompt", async () => {
    // It records every request, here to a path it does not answer.
    const recorder = await startLoopbackModelServer([]);
    server = recorder;
    const url = `${recorder.url}/`;
    const prompts: LanguageModelV3Prompt[] = [];
    // Its first request uses `messages`; later ones another key, which the splice cannot find.
    const model = wireCachedModel(
      (fetch): LanguageModelV3 => ({
        specificationVersion: "v3",
        provider: "fake",
        modelId: "fake",
        supportedUrls: {},
        doGenerate: () => Promise.reject(new Error("not used")),
        doStream: async (options: LanguageModelV3CallOptions) => {
          prompts.push(options.prompt);
          const key = prompts.length === 1 ? "messages" : "history";
          const messages = options.prompt.filter((m) => m.role !== "system");
          await fetch(url, {
            method: "POST",
            headers: options.headers as Record<string, string>,
            body: JSON.stringify({ [key]: messages }),
          });
          return { stream: new ReadableStream({ start: (c) => c.close() }) };
        },
      }),
    );
    const user = { role: "user" as const, content: [{ type: "text" as const, text: "hi" }] };
    const answer = { role: "assistant" as const, content: [{ type: "text" as const, text: "hello" }] };
    const again = { role: "user" as const, content: [{ type: "text" as const, text: "again" }] };
    const reply = { role: "assistant" as const, content: [{ type: "text" as const, text: "yes" }] };
    const last = { role: "user" as const, content: [{ type: "text" as const, text: "last" }] };
    const system = { role: "system" as const, content: "s" };
    await model.doStream({ prompt: [system, user, answer, again] });
    await model.doStream({ prompt: [system, user, answer, again, reply, last] });
    // The second request was first given the marker, then the whole prompt.
    expect(prompts.map((p) => p.length)).toEqual([4, 4, 6]);
    expect(prompts[2]).toEqual([system, user, answer, again, reply, last]);
    const received = recorder.requests.map((r) => r.text);
    expect(received).toHaveLength(2);
    expect(JSON.parse(received[1] as string)).toEqual({ history: [user, answer, again, reply, last] });
  });
});
