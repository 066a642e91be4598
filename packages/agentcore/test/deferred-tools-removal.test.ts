/**
 * A deferred tool that goes mid-run (its MCP server stopped, or dropped it): the next request no
 * longer offers it, a call to it is an unknown tool, and the model reads claude 2.1.328's note
 * (recorded with a server dropping a tool: docs/mcp.md), kept in place for every later request.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, type Tool } from "../src/index.js";
import { type RecordedRequest, reply, toolCall } from "../src/testing/index.js";
import { deferredTool, loadingSearchTool, runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

const NOTE =
  "The following deferred tools are no longer available. Do not search for them — search will return no match:\nmcp__s__gone\n\nThis is ambient context — do not narrate it to the user unless they ask or it is directly relevant to their request.";

/** A session's tools, deferred behind `search`; `drop` takes `mcp__s__gone` from the tools of the moment. */
function session() {
  const gone = deferredTool("mcp__s__gone");
  const kept = deferredTool("mcp__s__kept");
  let now: Tool[] = [];
  const search = loadingSearchTool();
  const drop: Tool = {
    name: "drop",
    description: "removes mcp__s__gone",
    inputSchema: z.object({}),
    async execute() {
      now = now.filter((tool) => tool !== gone);
      return { content: "dropped", isError: false };
    },
  };
  now = [search, drop, gone, kept];
  return { tools: [...now], toolsNow: () => now };
}

async function run(modelId: string, script: Parameters<typeof loopback>[0]) {
  const { server, model } = await loopback(script, modelId);
  const { tools, toolsNow } = session();
  return { ...(await runToEnd({ model, tools, toolsNow })), requests: server.requests };
}

const toolNames = (request: RecordedRequest | undefined): string[] =>
  (request?.body?.tools ?? []).map((t: { name: string }) => t.name);

const LOAD_THEN_DROP = [
  reply.toolCalls(toolCall("search", { q: "mcp__s__gone,mcp__s__kept" }, "c1")),
  reply.toolCalls(toolCall("drop", {}, "c2")),
  reply.toolCalls(toolCall("mcp__s__gone", {}, "c3")),
  reply.text("done"),
];

describe("a deferred tool that goes mid-run", () => {
  it("is not offered from the next request on, and a call to it is an unknown tool", async () => {
    const { requests, result } = await run("claude-sonnet-4-5", LOAD_THEN_DROP);
    expect(toolNames(requests[1])).toEqual(["search", "drop", "mcp__s__gone", "mcp__s__kept"]);
    expect(toolNames(requests[2])).toEqual(["search", "drop", "mcp__s__kept"]);
    expect(result.reason).toBe("stop");
    const lastResult = requests[3]?.body.messages
      .flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : []))
      .find((b: { tool_use_id?: string }) => b.tool_use_id === "c3");
    expect(lastResult.is_error).toBe(true);
    expect(JSON.stringify(lastResult.content)).toContain("unknown tool: mcp__s__gone");
  });

  it("to a model without system messages mid-conversation, the note is a <system-reminder> after the results, kept in place", async () => {
    const { requests } = await run("claude-sonnet-4-5", LOAD_THEN_DROP);
    const reminder = { type: "text", text: `<system-reminder>\n${NOTE}\n</system-reminder>` };
    expect(requests[1]?.body.messages.at(-1).content).not.toContainEqual(reminder);
    const afterDrop = requests[2]?.body.messages.at(-1).content;
    expect(afterDrop.map((b: { type: string }) => b.type)).toEqual(["tool_result", "text"]);
    expect(afterDrop[1]).toEqual(reminder);
    expect(requests[3]?.body.messages.at(-3).content).toEqual(afterDrop);
    const notes = (r: RecordedRequest | undefined) =>
      JSON.stringify(r?.body).split("no longer available").length - 1;
    expect(notes(requests[3])).toBe(1);
  });

  it("to a model that takes system messages mid-conversation, the note is a system message after the results", async () => {
    const { requests } = await run("claude-opus-5-5", LOAD_THEN_DROP);
    const messages = requests[2]?.body.messages;
    expect(messages.at(-2).content[0].type).toBe("tool_result");
    expect(messages.at(-1)).toEqual({ role: "system", content: [{ type: "text", text: NOTE }] });
    expect(requests[3]?.body.messages.at(-3)).toEqual(messages.at(-1));
  });

  it("gone between prompts: the next prompt's first request has the note, once, opening the prompt's message before its text (claude's place)", async () => {
    const { server, model } = await loopback([reply.text("one"), reply.text("two"), reply.text("three")]);
    const { tools } = session();
    let now = tools;
    const agent = new Agent({ model, systemPrompt: "sys", tools: () => now });
    await agent.prompt("first");
    now = tools.filter((tool) => tool.name !== "mcp__s__gone");
    await agent.prompt("second");
    await agent.prompt("third");
    const reminder = { type: "text", text: `<system-reminder>\n${NOTE}\n</system-reminder>` };
    expect(server.requests[1]?.body.messages.at(-1).content).toEqual([
      reminder,
      { type: "text", text: "second" },
    ]);
    const notes = (r: RecordedRequest | undefined) =>
      JSON.stringify(r?.body).split("no longer available").length - 1;
    expect(notes(server.requests[0])).toBe(0);
    expect(notes(server.requests[2])).toBe(1);
  });

  it("a history replaced in place (a compaction) keeps what the model was told: a tool gone after it gets the note; a cleared one gets none", async () => {
    const notesAfterReplace = async (told?: { listedDeferred: undefined }) => {
      const { server, model } = await loopback([reply.text("one"), reply.text("two")]);
      const { tools } = session();
      let now = tools;
      const agent = new Agent({ model, systemPrompt: "sys", tools: () => now });
      await agent.prompt("first");
      agent.replaceMessages([{ role: "user", content: "summary" }], told);
      now = tools.filter((tool) => tool.name !== "mcp__s__gone");
      await agent.prompt("second");
      return JSON.stringify(server.requests[1]?.body).split("no longer available").length - 1;
    };
    expect(await notesAfterReplace()).toBe(1);
    expect(await notesAfterReplace({ listedDeferred: undefined })).toBe(0);
  });
});
