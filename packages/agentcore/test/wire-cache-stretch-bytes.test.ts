/**
 * The wire cache sends the stretch before claude's note that a deferred tool is gone (a second
 * system message in mid-conversation) as the bytes it kept, as it sends the conversation: not
 * spliced into the body's string, which would copy and UTF-8-encode it again in every request.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { afterEach, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { httpFetch } from "../src/http-fetch.js";
import type { Tool } from "../src/index.js";
import { providerModels } from "../src/models.js";
import {
  type LoopbackModelServer,
  reply,
  startLoopbackModelServer,
  type TurnReply,
} from "../src/testing/index.js";
import { wireCachedModel } from "../src/wire-cache/wire-cached-model.js";
import { echoTool, promptLosingATool } from "./helpers.js";

// The chunks of each body the wire cache assembles (its spliced requests), as handed to the socket.
const sentChunks = vi.hoisted(() => [] as (string | Uint8Array)[][]);
vi.mock("../src/http-fetch.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/http-fetch.js")>();
  return {
    ...real,
    httpFetchChunks: (...args: Parameters<typeof real.httpFetchChunks>) => {
      sentChunks.push([...args[2]]);
      return real.httpFetchChunks(...args);
    },
  };
});

const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  sentChunks.length = 0;
});

const searchTool: Tool<{ q: string }> = {
  name: "search",
  description: "finds tools",
  inputSchema: z.object({ q: z.string() }),
  listDeferredTools: (names) => `Deferred: ${names.join(", ")}`,
  async execute() {
    return { content: "found", isError: false };
  },
};

/** One prompt whose tools lose `mcp__srv__gone` after the model's third request (claude's note). */
const losingATool = (model: LanguageModelV3) =>
  promptLosingATool(model, [
    echoTool().tool,
    searchTool as Tool,
    { ...echoTool({ name: "mcp__srv__kept" }).tool, deferLoading: "until-loaded" },
  ]);

const script = (): TurnReply[] => [
  ...Array.from({ length: 8 }, (_, i) => reply.toolCall("echo", { text: `e${i}` }, `e${i}`)),
  reply.text("done"),
];

/** The serialised messages between the listing and the note, from a body built whole. */
function stretchBeforeNote(body: string): string[] {
  const messages = JSON.parse(body).messages as { role: string }[];
  const systems = messages.flatMap((message, i) => (message.role === "system" ? [i] : []));
  expect(systems).toHaveLength(2);
  return messages.slice((systems[0] as number) + 1, systems[1]).map((message) => JSON.stringify(message));
}

describe("the wire cache after claude's note that a deferred tool is gone", () => {
  test("the stretch before the note goes out as the same kept bytes in every request, never inside a string", async () => {
    const providerAt = (server: LoopbackModelServer) =>
      providerModels("anthropic/claude-opus-5-5", { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url });
    const wholeServer = await startLoopbackModelServer(script());
    const cachedServer = await startLoopbackModelServer(script());
    servers.push(wholeServer, cachedServer);
    await losingATool((await providerAt(wholeServer))(httpFetch));
    sentChunks.length = 0;
    await losingATool(wireCachedModel(await providerAt(cachedServer)));

    const bodies = (server: LoopbackModelServer) => server.requests.map((r) => r.text);
    expect(bodies(cachedServer)).toEqual(bodies(wholeServer));
    const elements = stretchBeforeNote(bodies(wholeServer).at(-1) as string);
    const stretch = elements.join(",");
    // The four requests after the one whose stretches were kept (wire-cache-tool-search.test.ts).
    const afterNote = sentChunks.slice(-4);
    expect(afterNote).toHaveLength(4);
    const stretchChunks = afterNote.map((chunks) =>
      chunks.find((chunk) => typeof chunk !== "string" && Buffer.from(chunk).toString() === stretch),
    );
    expect(stretchChunks[0]).toBeInstanceOf(Uint8Array);
    // One object, encoded once: not a fresh encoding per request.
    for (const chunk of stretchChunks) expect(chunk).toBe(stretchChunks[0]);
    for (const chunks of afterNote) {
      const strings = chunks.filter((chunk): chunk is string => typeof chunk === "string");
      expect(strings.some((chunk) => elements.some((element) => chunk.includes(element)))).toBe(false);
    }
  });
});
