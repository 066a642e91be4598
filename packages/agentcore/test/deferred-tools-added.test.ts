/**
 * A deferred tool added mid-run (an MCP server's tools/list_changed adding one, a server started
 * late): as claude 2.1.328's tool search finds it at once (recorded, docs/mcp.md), it can be
 * loaded and called from the next request on, with no note and the run's listing unchanged.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveModel, type Tool } from "../src/index.js";
import {
  type LoopbackModelServer,
  type RecordedRequest,
  reply,
  startLoopbackModelServer,
  toolCall,
} from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const deferredTool = (name: string): Tool => ({
  name,
  description: `the tool ${name}`,
  inputSchema: z.object({}),
  deferLoading: "until-loaded",
  async execute() {
    return { content: `${name} ran`, isError: false };
  },
});

/** A session's tools, deferred behind `search`; `add` puts `mcp__s__fresh` among the tools of the moment. */
function session() {
  let now: Tool[] = [];
  const search: Tool<{ q: string }> = {
    name: "search",
    description: "loads deferred tools",
    inputSchema: z.object({ q: z.string() }),
    listDeferredTools: (names) => `deferred:\n${names.join("\n")}`,
    async execute({ q }) {
      return { content: "loaded", isError: false, loadsTools: q.split(",") };
    },
  };
  const add: Tool = {
    name: "add",
    description: "adds mcp__s__fresh",
    inputSchema: z.object({}),
    async execute() {
      now = [...now, deferredTool("mcp__s__fresh")];
      return { content: "added", isError: false };
    },
  };
  now = [search, add, deferredTool("mcp__s__kept")];
  return { tools: [...now], toolsNow: () => now };
}

async function run(modelId: string) {
  server = await startLoopbackModelServer([
    reply.toolCalls(toolCall("add", {}, "c1")),
    reply.toolCalls(toolCall("search", { q: "mcp__s__fresh" }, "c2")),
    reply.toolCalls(toolCall("mcp__s__fresh", {}, "c3")),
    reply.text("done"),
  ]);
  const model = await resolveModel(`anthropic/${modelId}`, {
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
  });
  const { tools, toolsNow } = session();
  return { ...(await runToEnd({ model, tools, toolsNow })), requests: server.requests };
}

const toolNames = (request: RecordedRequest | undefined): string[] =>
  (request?.body?.tools ?? []).map((t: { name: string }) => t.name);

const resultOf = (request: RecordedRequest | undefined, id: string) =>
  request?.body.messages
    .flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : []))
    .find((b: { tool_use_id?: string }) => b.tool_use_id === id);

describe("a deferred tool added mid-run", () => {
  it("is loaded by the tool search from the next request on, and a call to it runs it", async () => {
    const { requests, result } = await run("claude-sonnet-4-5");
    expect(toolNames(requests[1])).toEqual(["search", "add"]);
    expect(toolNames(requests[2])).toEqual(["search", "add", "mcp__s__fresh"]);
    expect(requests[2]?.body.tools.at(-1).defer_loading).toBe(true);
    expect(result.reason).toBe("stop");
    const fresh = resultOf(requests[3], "c3");
    expect(fresh.is_error).not.toBe(true);
    expect(JSON.stringify(fresh.content)).toContain("mcp__s__fresh ran");
  });

  it("gets no note, and the listing the run started with stays as it was (claude-opus-5-5)", async () => {
    const { requests } = await run("claude-opus-5-5");
    const listing = requests[0]?.body.messages[1];
    expect(listing.role).toBe("system");
    expect(JSON.stringify(listing)).not.toContain("mcp__s__fresh");
    for (const request of requests.slice(1)) {
      const systems = request.body.messages.filter((m: { role: string }) => m.role === "system");
      expect(systems).toEqual([listing]);
    }
  });
});
