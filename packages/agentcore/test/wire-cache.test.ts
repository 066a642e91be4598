import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { httpFetch } from "../src/http-fetch.js";
import { Agent, type Env } from "../src/index.js";
import { providerModels } from "../src/models.js";
import {
  type LoopbackModelServer,
  reply,
  startLoopbackModelServer,
  type TurnReply,
  toolCall,
} from "../src/testing/index.js";
import { wireCachedModel } from "../src/wire-cache/wire-cached-model.js";
import { echoTool, fastRetry } from "./helpers.js";

const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

type Api = "anthropic" | "openai" | "compat";

/** The provider's model for `api` at `server`, as resolveModel builds it, before the wire cache. */
function providerAt(api: Api, server: LoopbackModelServer) {
  const env: Env =
    api === "anthropic"
      ? { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url }
      : api === "openai"
        ? { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl }
        : { CODEBOT_COMPAT_BASE_URL: server.openaiBaseUrl };
  return providerModels(`${api}/model-x`, env);
}

/** A provider model that records the prompt length of every request it builds. */
function counting(model: LanguageModelV3, lengths: number[]): LanguageModelV3 {
  return {
    ...model,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) => model.doGenerate(options),
    doStream: (options: LanguageModelV3CallOptions) => {
      lengths.push(options.prompt.length);
      return model.doStream(options);
    },
  };
}

const steps = (n: number, prefix: string): TurnReply[] =>
  Array.from({ length: n }, (_, i) =>
    reply.toolCall("echo", { text: `${prefix}${i} "quoted" ]}[{ \\ é` }, `${prefix}${i}`),
  );

/** Three prompts of tool calls, reasoning and parallel calls, with the history replaced before the third. */
const conversationScript = (): TurnReply[] => [
  reply.turn({
    reasoning: "think",
    text: "checking",
    toolCalls: [toolCall("echo", { text: "x" }, "p1"), toolCall("echo", { text: "y" }, "p2")],
  }),
  ...steps(4, "a"),
  reply.text("done one"),
  ...steps(3, "b"),
  reply.text("done two"),
  ...steps(2, "c"),
  reply.text("done three"),
];

async function converse(model: LanguageModelV3): Promise<void> {
  const { tool } = echoTool();
  const agent = new Agent({ model, systemPrompt: "You are a test.", tools: [tool], retry: fastRetry });
  await agent.prompt("one");
  await agent.prompt("two");
  agent.replaceMessages([
    { role: "user", content: "Summary of the earlier conversation." },
    { role: "assistant", content: [{ type: "text", text: "Understood." }] },
  ]);
  await agent.prompt("three");
}

/** The request bodies one conversation sends: through the wire cache, and built whole by the provider alone. */
async function bothWays(
  api: Api,
  script: () => TurnReply[],
  run: (model: LanguageModelV3) => Promise<void>,
): Promise<{
  cached: string[];
  whole: string[];
  providerPromptLengths: number[];
  cachedServer: LoopbackModelServer;
}> {
  const wholeServer = await startLoopbackModelServer(script());
  const cachedServer = await startLoopbackModelServer(script());
  servers.push(wholeServer, cachedServer);
  await run((await providerAt(api, wholeServer))(httpFetch));
  const providerPromptLengths: number[] = [];
  const cachedProvider = await providerAt(api, cachedServer);
  await run(wireCachedModel((fetch) => counting(cachedProvider(fetch), providerPromptLengths)));
  return {
    cached: cachedServer.requests.map((r) => r.text),
    whole: wholeServer.requests.map((r) => r.text),
    providerPromptLengths,
    cachedServer,
  };
}

describe("the wire cache: a conversation's messages are serialised once", () => {
  for (const api of ["anthropic", "openai", "compat"] as const) {
    test(`${api}: every request body is byte for byte the one the provider builds from the whole prompt`, async () => {
      const { cached, whole } = await bothWays(api, conversationScript, converse);
      expect(cached.length).toBe(conversationScript().length);
      expect(cached).toEqual(whole);
    });
  }

  for (const api of ["anthropic", "openai", "compat"] as const) {
    test(`${api}: the provider builds only the messages that are new since the last request`, async () => {
      const script = () => [...steps(12, "s"), reply.text("done")];
      const { cached, whole, providerPromptLengths } = await bothWays(api, script, async (model) => {
        const { tool } = echoTool();
        await new Agent({ model, systemPrompt: "sys", tools: [tool] }).prompt("go");
      });
      expect(cached).toEqual(whole);
      // The 13th request carries 25 messages (the prompt and 12 calls with their results); the
      // provider was given the system prompt, the marker and the last call with its result.
      expect(providerPromptLengths[0]).toBe(2);
      expect(providerPromptLengths.slice(1)).toEqual(Array(12).fill(4));
      const sent = JSON.parse(cached.at(-1) as string).messages;
      // Chat completions send the system prompt as the first message.
      expect(sent).toHaveLength(api === "anthropic" ? 25 : 26);
    });
  }

  test("the header that pairs a body with its request never reaches the server", async () => {
    const { cachedServer } = await bothWays("anthropic", conversationScript, converse);
    for (const request of cachedServer.requests)
      expect(Object.keys(request.headers)).not.toContain("x-codebot-wire-cache");
  });

  test("a history with a message the cache cannot keep (an image) is built whole every time", async () => {
    const image: ModelMessage = {
      role: "user",
      content: [
        { type: "text", text: "look" },
        { type: "image", image: new Uint8Array([137, 80, 78, 71]), mediaType: "image/png" },
      ],
    };
    const script = () => [...steps(3, "i"), reply.text("done")];
    const { cached, whole, providerPromptLengths } = await bothWays("anthropic", script, async (model) => {
      const { tool } = echoTool();
      await new Agent({ model, systemPrompt: "sys", tools: [tool] }).prompt(image);
    });
    expect(cached).toEqual(whole);
    expect(providerPromptLengths).toEqual([2, 4, 6, 8]);
  });

  test("a step retried after a server error sends the same conversation again, whole and in order", async () => {
    const script = (): TurnReply[] => [
      ...steps(2, "r"),
      { kind: "http-error", status: 500, message: "overloaded" },
      ...steps(2, "q"),
      reply.text("done"),
    ];
    const { cached, whole } = await bothWays("openai", script, async (model) => {
      const { tool } = echoTool();
      await new Agent({ model, systemPrompt: "sys", tools: [tool], retry: fastRetry }).prompt("go");
    });
    expect(cached).toHaveLength(6);
    expect(cached).toEqual(whole);
    expect(cached[3]).toBe(cached[2]);
  });

  test("two conversations on one model (a sub-agent's beside the main one) each get their own messages", async () => {
    const script = (): TurnReply[] => [
      ...steps(2, "m"),
      reply.text("m done"),
      ...steps(2, "s"),
      reply.text("s done"),
      ...steps(1, "n"),
      reply.text("m again"),
      ...steps(1, "t"),
      reply.text("s again"),
    ];
    const { cached, whole } = await bothWays("anthropic", script, async (model) => {
      const { tool } = echoTool();
      const main = new Agent({ model, systemPrompt: "main", tools: [tool] });
      const sub = new Agent({ model, systemPrompt: "sub", tools: [tool] });
      await main.prompt("main task");
      await sub.prompt("sub task");
      await main.prompt("main again");
      await sub.prompt("sub again");
    });
    expect(cached).toEqual(whole);
  });
});

describe("which conversations the wire cache keeps", () => {
  test("a conversation that goes on stays kept while one-off requests on the same model come and go", async () => {
    const rounds = 7;
    const server = await startLoopbackModelServer(
      Array.from({ length: rounds }, (_, i) => [
        ...Array.from({ length: 5 }, () => reply.text(`one-off ${i}`)),
        reply.text(`main ${i}`),
      ]).flat(),
    );
    servers.push(server);
    const lengths: number[] = [];
    const anthropic = await providerAt("anthropic", server);
    const model = wireCachedModel((fetch) => counting(anthropic(fetch), lengths));
    const main = new Agent({ model, systemPrompt: "main", tools: [] });
    // Before each prompt of the main conversation, five one-off questions (as prompt hooks ask).
    for (let i = 0; i < rounds; i += 1) {
      for (let j = 0; j < 5; j += 1)
        await new Agent({ model, systemPrompt: "hook", tools: [] }).prompt(`question ${j}`);
      await main.prompt(`prompt ${i}`);
    }
    // The main conversation's requests: its first (2: system and prompt), its second (built whole
    // once, 4), then only the marker and the newest answer and prompt (4), where the whole prompt
    // would have 6, 8, … messages.
    const mainRequests = lengths.filter((_, i) => i % 6 === 5);
    expect(mainRequests).toEqual([2, ...Array(rounds - 1).fill(4)]);
    expect(JSON.parse(server.requests.at(-1)?.text as string).messages).toHaveLength(2 * rounds - 1);
  });
});
