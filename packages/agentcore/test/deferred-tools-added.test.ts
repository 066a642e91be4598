/**
 * A deferred tool added mid-run (an MCP server's tools/list_changed adding one, a server started
 * late): it can be loaded and called from the next request on, and the model reads claude 2.1.328's
 * note that it is available (recorded with a server adding a tool: docs/mcp.md), kept in place;
 * the run's listing stays as it was.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, type Tool } from "../src/index.js";
import { type RecordedRequest, reply, toolCall } from "../src/testing/index.js";
import { deferredTool, loadingSearchTool, runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

/** A session's tools, deferred behind `search`; `add` puts `mcp__s__fresh` among the tools of the moment. */
function session() {
  let now: Tool[] = [];
  const search = loadingSearchTool();
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
  const { server, model } = await loopback(
    [
      reply.toolCalls(toolCall("add", {}, "c1")),
      reply.toolCalls(toolCall("search", { q: "mcp__s__fresh" }, "c2")),
      reply.toolCalls(toolCall("mcp__s__fresh", {}, "c3")),
      reply.text("done"),
    ],
    modelId,
  );
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

  it("to a model that takes system messages mid-conversation, claude's note is a system message after the results, kept in place; the listing stays as it was", async () => {
    const { requests } = await run("claude-opus-5-5");
    const note = { role: "system", content: [{ type: "text", text: "deferred:\nmcp__s__fresh" }] };
    const listing = requests[0]?.body.messages[1];
    expect(requests[0]?.body.messages.filter((m: { role: string }) => m.role === "system")).toEqual([
      listing,
    ]);
    const afterAdd = requests[1]?.body.messages;
    expect(afterAdd.at(-2).content[0].tool_use_id).toBe("c1");
    expect(afterAdd.at(-1)).toEqual(note);
    for (const request of requests.slice(1)) {
      expect(request.body.messages[1]).toEqual(listing);
      expect(request.body.messages.filter((m: { role: string }) => m.role === "system")).toEqual([
        listing,
        note,
      ]);
    }
  });

  it("to a model without system messages mid-conversation, the note is a <system-reminder> after the results", async () => {
    const { requests } = await run("claude-sonnet-4-5");
    const afterAdd = requests[1]?.body.messages.at(-1).content;
    expect(afterAdd.map((b: { type: string }) => b.type)).toEqual(["tool_result", "text"]);
    expect(afterAdd[1]).toEqual({
      type: "text",
      text: "<system-reminder>\ndeferred:\nmcp__s__fresh\n</system-reminder>",
    });
  });

  /** Three prompts to `modelId`, `mcp__s__fresh` added after the first: the requests. */
  async function addedBetweenPrompts(modelId: string) {
    const { server, model } = await loopback(
      [reply.text("one"), reply.text("two"), reply.text("three")],
      modelId,
    );
    const { tools } = session();
    let now = tools;
    const agent = new Agent({ model, systemPrompt: "sys", tools: () => now });
    await agent.prompt("first");
    now = [...tools, deferredTool("mcp__s__fresh")];
    await agent.prompt("second");
    await agent.prompt("third");
    return server.requests;
  }

  it("added between prompts: the next prompt's first request has the note after the prompt, once", async () => {
    const requests = await addedBetweenPrompts("claude-opus-5-5");
    const isNote = (m: { content: unknown }) =>
      Array.isArray(m.content) && m.content[0]?.text === "deferred:\nmcp__s__fresh";
    const notes = requests.map((r) => r.body.messages.filter(isNote).length);
    expect(notes).toEqual([0, 1, 1]);
    expect(requests[1]?.body.messages.at(-1).role).toBe("system");
    expect(requests[1]?.body.messages.at(-2).content[0].text).toBe("second");
  });

  it("added between prompts, to a model without system messages mid-conversation: the note opens the prompt's message, before its text (claude's place)", async () => {
    const requests = await addedBetweenPrompts("claude-sonnet-4-5");
    const reminder = {
      type: "text",
      text: "<system-reminder>\ndeferred:\nmcp__s__fresh\n</system-reminder>",
    };
    expect(requests[1]?.body.messages.at(-1).content).toEqual([reminder, { type: "text", text: "second" }]);
    expect(requests[2]?.body.messages.at(-3).content).toEqual([reminder, { type: "text", text: "second" }]);
  });
});
