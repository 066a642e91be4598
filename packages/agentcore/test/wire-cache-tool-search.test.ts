/**
 * The wire cache with the tool search on: the deferred tools' listing (a system message after the
 * first message for claude-opus-4-8 and later) and claude's `Tool loaded.` notes are added to every
 * request, and the conversation's earlier messages must still be serialised once.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
} from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { toolReferencePart } from "../src/deferred-tools.js";
import { httpFetch } from "../src/http-fetch.js";
import { Agent, type Tool } from "../src/index.js";
import { providerModels } from "../src/models.js";
import {
  type LoopbackModelServer,
  reply,
  startLoopbackModelServer,
  type TurnReply,
} from "../src/testing/index.js";
import { wireCachedModel } from "../src/wire-cache/wire-cached-model.js";
import { echoTool, promptLosingATool } from "./helpers.js";

const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A tool search listing the deferred tools, whose every call loads `mcp__srv__deferred`. */
const searchTool: Tool<{ q: string }> = {
  name: "search",
  description: "finds tools",
  inputSchema: z.object({ q: z.string() }),
  listDeferredTools: (names) => `Deferred: ${names.join(", ")}`,
  async execute() {
    return { content: "found", isError: false, loadsTools: ["mcp__srv__deferred"] };
  },
};

const tools = (): Tool[] => [
  echoTool().tool,
  searchTool as Tool,
  { ...echoTool({ name: "mcp__srv__deferred" }).tool, deferLoading: "until-loaded" },
];

const echoes = (n: number): TurnReply[] =>
  Array.from({ length: n }, (_, i) => reply.toolCall("echo", { text: `e${i}` }, `e${i}`));

/** A model that records every prompt the provider is asked to build a request from. */
function counting(model: LanguageModelV3, prompts: LanguageModelV3Prompt[]): LanguageModelV3 {
  return {
    ...model,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) => model.doGenerate(options),
    doStream: (options: LanguageModelV3CallOptions) => {
      prompts.push(options.prompt);
      return model.doStream(options);
    },
  };
}

/** How many of `prompts` hold the prompt's own message ("go"), which the provider then serialises. */
const promptSerialisations = (prompts: LanguageModelV3Prompt[]) =>
  prompts.filter((prompt) =>
    prompt.some(
      (message) =>
        message.role === "user" && message.content.some((part) => part.type === "text" && part.text === "go"),
    ),
  ).length;

/** One prompt ("go") with `history` before it. */
const promptAfter =
  (history: ModelMessage[]) =>
  (model: LanguageModelV3): Promise<unknown> => {
    const agent = new Agent({ model, systemPrompt: "sys", tools: tools() });
    agent.replaceMessages(history);
    return agent.prompt("go");
  };

/** The requests of `run` to `modelId`, through the wire cache and built whole by the provider alone. */
async function bothWays(
  modelId: string,
  script: () => TurnReply[],
  history: ModelMessage[] = [],
  run: (model: LanguageModelV3) => Promise<unknown> = promptAfter(history),
) {
  const providerAt = (server: LoopbackModelServer) =>
    providerModels(`anthropic/${modelId}`, { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url });
  const wholeServer = await startLoopbackModelServer(script());
  const cachedServer = await startLoopbackModelServer(script());
  servers.push(wholeServer, cachedServer);
  await run((await providerAt(wholeServer))(httpFetch));
  const prompts: LanguageModelV3Prompt[] = [];
  const cachedProvider = await providerAt(cachedServer);
  await run(wireCachedModel((fetch) => counting(cachedProvider(fetch), prompts)));
  const sent = (server: LoopbackModelServer) =>
    server.requests.map((r) => ({ beta: r.headers["anthropic-beta"], body: r.text }));
  return {
    cached: sent(cachedServer),
    whole: sent(wholeServer),
    prompts,
    lengths: prompts.map((p) => p.length),
  };
}

describe("the wire cache with the tool search", () => {
  test("the listing as a system message after the first message (claude-opus-5-5): earlier messages are serialised once", async () => {
    const script = () => [...echoes(8), reply.text("done")];
    const { cached, whole, lengths } = await bothWays("claude-opus-5-5", script);
    expect(cached).toEqual(whole);
    expect(JSON.parse(cached.at(-1)?.body as string).messages[1].role).toBe("system");
    // The provider builds the system prompt, the first message's marker, the listing, the marker
    // and the newest call with its result; the whole prompt would grow by two messages a request.
    expect(lengths.slice(2)).toEqual(Array(lengths.length - 2).fill(6));
  });

  test("the listing as a system message (claude-opus-5-5): the first message is serialised in the first two requests only", async () => {
    const script = () => [...echoes(8), reply.text("done")];
    const { cached, whole, prompts } = await bothWays("claude-opus-5-5", script);
    expect(cached).toEqual(whole);
    expect(cached.at(-1)?.body).toContain('"text":"go"');
    // The first request, and the second, whose messages are kept; then its kept wire form.
    expect(prompts).toHaveLength(9);
    expect(promptSerialisations(prompts)).toBe(2);
  });

  /** Two prompts, "go" then "again", with `mcp__srv__gone` offered in the first only. */
  const losingAToolBetweenPrompts = async (model: LanguageModelV3) => {
    let offered: Tool[] = [
      ...tools(),
      { ...echoTool({ name: "mcp__srv__gone" }).tool, deferLoading: "until-loaded" },
    ];
    const agent = new Agent({ model, systemPrompt: "sys", tools: () => offered });
    await agent.prompt("go");
    offered = offered.filter((tool) => tool.name !== "mcp__srv__gone");
    await agent.prompt("again");
  };

  test("a listing that changes between prompts (a server's tool removed): the same bodies; the messages before claude's note, a second system message, are kept as a stretch", async () => {
    const script = () => [...echoes(3), reply.text("one"), ...echoes(3), reply.text("two")];
    const { cached, whole, prompts } = await bothWays(
      "claude-opus-5-5",
      script,
      [],
      losingAToolBetweenPrompts,
    );
    expect(cached).toEqual(whole);
    const listings = cached.map((request) => JSON.parse(request.body).messages[1].content[0].text);
    expect(listings[0]).toContain("mcp__srv__gone");
    expect(listings.at(-1)).not.toContain("mcp__srv__gone");
    const roles = JSON.parse(cached.at(-1)?.body as string).messages.map((m: { role: string }) => m.role);
    expect(roles.filter((role: string) => role === "system")).toHaveLength(2);
    // Twice in each prompt's four requests: the first, and the one whose messages are kept; the
    // messages before the note are kept as a stretch (wire-stretches.ts).
    expect(prompts).toHaveLength(8);
    expect(promptSerialisations(prompts)).toBe(4);
  });

  test("a tool gone between prompts (claude-sonnet-4-5): the same bodies both ways, claude's note opening the next prompt's message", async () => {
    const script = () => [...echoes(3), reply.text("one"), ...echoes(3), reply.text("two")];
    const { cached, whole } = await bothWays("claude-sonnet-4-5", script, [], losingAToolBetweenPrompts);
    expect(cached).toEqual(whole);
    const texts = (request: { body: string } | undefined) =>
      JSON.parse(request?.body as string).messages.map((m: { content: { text?: string }[] }) =>
        m.content.map((part) => part.text ?? "").join("|"),
      );
    const again = texts(cached[4]).find((text: string) => text.endsWith("|again"));
    expect(again).toMatch(
      /^<system-reminder>\nThe following deferred tools are no longer available\. .*\|again$/s,
    );
    expect(texts(cached.at(-1))).toContain(again);
  });

  /** A prompt whose tools lose `mcp__srv__gone` after the model's third request. */
  const losingATool = (model: LanguageModelV3) => promptLosingATool(model, tools());

  test("the note that a deferred tool is gone (claude-sonnet-4-5, a <system-reminder>): the same bodies, earlier messages serialised once", async () => {
    const script = () => [...echoes(8), reply.text("done")];
    const { cached, whole, lengths } = await bothWays("claude-sonnet-4-5", script, [], losingATool);
    expect(cached).toEqual(whole);
    expect(cached.at(-1)?.body).toContain("no longer available");
    // The system prompt, the marker, and the newest call with its result (with the note once).
    expect(lengths.slice(2)).toEqual([4, 5, 4, 4, 4, 4, 4]);
  });

  test("the note that a deferred tool is gone (claude-opus-5-5, a system message): the messages before it are not serialised again once kept", async () => {
    const script = () => [...echoes(8), reply.text("done")];
    const { cached, whole, prompts } = await bothWays("claude-opus-5-5", script, [], losingATool);
    expect(cached).toEqual(whole);
    expect(cached.at(-1)?.body).toContain("no longer available");
    // The first request, the second (whose messages are kept), the one ending with the note
    // (nothing after it to keep) and the next (whose stretches are kept); then their wire forms,
    // in the four requests after.
    expect(prompts).toHaveLength(9);
    expect(promptSerialisations(prompts)).toBe(4);
  });

  test("the note that a deferred tool is gone (claude-opus-5-5, a system message): the same bodies; what follows it is serialised once", async () => {
    const script = () => [...echoes(8), reply.text("done")];
    const { cached, whole, lengths } = await bothWays("claude-opus-5-5", script, [], losingATool);
    expect(cached).toEqual(whole);
    const roles = JSON.parse(cached.at(-1)?.body as string).messages.map((m: { role: string }) => m.role);
    expect(roles.filter((role: string) => role === "system")).toHaveLength(2);
    // The messages before the note are built in each request (a kept conversation starts after
    // the last system message), a fixed number: the prompt no longer grows.
    expect(lengths.slice(-4)).toEqual(Array(4).fill(lengths.at(-1)));
  });

  test("the Tool loaded. note after a result that loaded a tool (claude-sonnet-4-5): earlier messages are serialised once", async () => {
    const script = () => [reply.toolCall("search", { q: "x" }, "s1"), ...echoes(8), reply.text("done")];
    const { cached, whole, lengths } = await bothWays("claude-sonnet-4-5", script);
    expect(cached).toEqual(whole);
    expect(cached.at(-1)?.body).toContain('"Tool loaded."');
    // The system prompt, the marker and the newest call with its result.
    expect(lengths.slice(2)).toEqual(Array(lengths.length - 2).fill(4));
  });

  test("both at once (claude-opus-5-5 loading a tool): the same bodies and betas as built whole", async () => {
    const script = () => [reply.toolCall("search", { q: "x" }, "s1"), ...echoes(6), reply.text("done")];
    const { cached, whole, lengths } = await bothWays("claude-opus-5-5", script);
    expect(cached).toEqual(whole);
    expect(cached.at(-1)?.beta).toContain("mid-conversation-system");
    expect(lengths.slice(2)).toEqual(Array(lengths.length - 2).fill(6));
  });

  test("a resumed result loading a tool the request does not offer (claude-sonnet-4-5): its trimmed form is serialised once", async () => {
    const history: ModelMessage[] = [
      { role: "user", content: "earlier" },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "old", toolName: "search", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "old",
            toolName: "search",
            output: { type: "content", value: [toolReferencePart("mcp__gone__tool")] },
          },
        ],
      },
      { role: "assistant", content: "found" },
    ];
    const script = () => [...echoes(6), reply.text("done")];
    const { cached, whole, lengths } = await bothWays("claude-sonnet-4-5", script, history);
    expect(cached).toEqual(whole);
    expect(cached.at(-1)?.body).toContain("[Tool references removed - ");
    expect(lengths.slice(2)).toEqual(Array(lengths.length - 2).fill(4));
  });

  test("a system message in mid-conversation with no system prompt before it (Anthropic's system prompt then) is built whole", async () => {
    const text = (role: "user" | "assistant", t: string): LanguageModelV3Message =>
      ({ role, content: [{ type: "text", text: t }] }) as LanguageModelV3Message;
    const [u1, a1, u2, a2, u3] = ["u1", "a1", "u2", "a2", "u3"].map((t, i) =>
      text(i % 2 === 0 ? "user" : "assistant", t),
    ) as LanguageModelV3Message[];
    const listing: LanguageModelV3Message = { role: "system", content: "Deferred: x" };
    const prompts = [
      [u1, listing, a1, u2],
      [u1, listing, a1, u2, a2, u3],
    ] as LanguageModelV3Prompt[];
    const send = async (model: LanguageModelV3) => {
      for (const prompt of prompts) {
        const { stream } = await model.doStream({ prompt });
        for await (const _ of stream);
      }
    };
    const wholeServer = await startLoopbackModelServer([reply.text("1"), reply.text("2")]);
    const cachedServer = await startLoopbackModelServer([reply.text("1"), reply.text("2")]);
    servers.push(wholeServer, cachedServer);
    const env = (server: LoopbackModelServer) => ({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url });
    await send((await providerModels("anthropic/claude-opus-5-5", env(wholeServer)))(httpFetch));
    const built: LanguageModelV3Prompt[] = [];
    const cachedProvider = await providerModels("anthropic/claude-opus-5-5", env(cachedServer));
    await send(wireCachedModel((fetch) => counting(cachedProvider(fetch), built)));
    expect(cachedServer.requests.map((r) => r.text)).toEqual(wholeServer.requests.map((r) => r.text));
    expect(built.map((prompt) => prompt.length)).toEqual([4, 6]);
  });
});
