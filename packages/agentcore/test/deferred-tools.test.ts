/**
 * Deferred tools (Anthropic's `defer_loading`, claude 2.1.328's tool search; recorded request
 * bodies in docs/mcp.md): left out of the request until a tool result loads them with
 * `tool_reference` blocks, then sent with `defer_loading` and the `advanced-tool-use-2025-11-20` beta.
 */
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  compactedHistory,
  type LoopOptions,
  loadedToolNames,
  type Tool,
  toolReferencePart,
} from "../src/index.js";
import { type LoopbackModelServer, reply, toolCall } from "../src/testing/index.js";
import { echoTool, runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

/** A tool whose every call loads `names`. */
function loaderTool(names: string[]): Tool<{ q: string }> {
  return {
    name: "loader",
    description: "loads tools",
    inputSchema: z.object({ q: z.string() }),
    async execute() {
      return { content: "loaded", isError: false, loadsTools: names };
    },
  };
}

const toolNames = (request: LoopbackModelServer["requests"][number] | undefined) =>
  (request?.body?.tools ?? []).map((t: { name: string; defer_loading?: boolean }) =>
    t.defer_loading ? `${t.name} (deferred)` : t.name,
  );

const betas = (request: LoopbackModelServer["requests"][number] | undefined) =>
  (request?.headers["anthropic-beta"] ?? "").split(",");

async function run(
  tools: Tool[],
  script: Parameters<typeof loopback>[0],
  options: Partial<LoopOptions> = {},
) {
  const { server, model } = await loopback(script);
  return { ...(await runToEnd({ model, tools, ...options })), requests: server.requests };
}

/** The request's user messages that carry tool results. */
const resultMessages = (request: LoopbackModelServer["requests"][number] | undefined) =>
  (request?.body.messages ?? []).filter(
    (m: { content: unknown }) =>
      Array.isArray(m.content) && m.content.some((b: { type: string }) => b.type === "tool_result"),
  ) as { content: unknown[] }[];

/** A history whose search `id` loaded `names`, and the model's answer: what a resumed session carries. */
function historyLoading(id: string, names: string[]): ModelMessage[] {
  return [
    { role: "user", content: "go" },
    {
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: id, toolName: "loader", input: { q: "x" } }],
    },
    {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: id,
          toolName: "loader",
          output: { type: "content", value: names.map(toolReferencePart) },
        },
      ],
    },
    { role: "assistant", content: "found" },
  ];
}

/** A `beforeModelStep` that compacts the history once, before the third request. */
function compactingBeforeThirdStep(): LoopOptions["beforeModelStep"] {
  let steps = 0;
  return async ({ messages }) => {
    steps += 1;
    return steps === 3 ? compactedHistory([...messages], { summary: "the model loaded echo" }) : undefined;
  };
}

describe("deferred tools", () => {
  it("a deferred tool is left out of the request, and no beta is asked, until a tool result loads it", async () => {
    const echo = { ...echoTool().tool, deferLoading: "until-loaded" as const };
    const { requests } = await run([loaderTool(["echo"]), echo], [reply.text("no search")]);
    expect(toolNames(requests[0])).toEqual(["loader"]);
    expect(betas(requests[0])).not.toContain("advanced-tool-use-2025-11-20");
  });

  it("a result that loads a tool is sent as tool_reference blocks; the next request carries the tool deferred, with the beta", async () => {
    const echo = { ...echoTool().tool, deferLoading: "until-loaded" as const };
    const { requests } = await run(
      [loaderTool(["echo"]), echo],
      [reply.toolCalls(toolCall("loader", { q: "echo" }, "c1")), reply.text("done")],
    );
    expect(toolNames(requests[1])).toEqual(["loader", "echo (deferred)"]);
    expect(betas(requests[1])).toContain("advanced-tool-use-2025-11-20");
    const results = requests[1]?.body.messages.at(-1).content;
    expect(results).toEqual([
      { type: "tool_result", tool_use_id: "c1", content: [{ type: "tool_reference", tool_name: "echo" }] },
      { type: "text", text: "Tool loaded." },
    ]);
  });

  it("`Tool loaded.` comes once after all of a message's results, in every later request, and not after a result that loads nothing", async () => {
    const { tool: echo } = echoTool();
    const deferred = (name: string) => ({
      ...echoTool({ name }).tool,
      deferLoading: "until-loaded" as const,
    });
    const { requests } = await run(
      [loaderTool(["a", "b"]), echo, deferred("a"), deferred("b")],
      [
        reply.toolCalls(toolCall("loader", { q: "ab" }, "c1"), toolCall("echo", { text: "hi" }, "c2")),
        reply.toolCalls(toolCall("echo", { text: "again" }, "c3")),
        reply.text("done"),
      ],
    );
    const texts = (message: { content: { type: string; text?: string }[] }) =>
      message.content.map((block) => (block.type === "text" ? block.text : block.type));
    expect(texts(requests[1]?.body.messages.at(-1))).toEqual(["tool_result", "tool_result", "Tool loaded."]);
    expect(texts(requests[2]?.body.messages.at(-3))).toEqual(["tool_result", "tool_result", "Tool loaded."]);
    expect(texts(requests[2]?.body.messages.at(-1))).toEqual(["tool_result"]);
  });

  it("a resumed reference to a tool no longer offered is dropped; one left with none reads claude's text, without `Tool loaded.`", async () => {
    const echo = { ...echoTool().tool, deferLoading: "until-loaded" as const };
    const { requests } = await run([loaderTool([]), echo], [reply.text("ok")], {
      messages: [...historyLoading("c1", ["gone"]), ...historyLoading("c2", ["echo", "gone"])],
    });
    const [first, second] = resultMessages(requests[0]);
    expect(first?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "c1",
        content: [{ type: "text", text: "[Tool references removed - tools no longer available]" }],
      },
    ]);
    expect(second?.content).toEqual([
      { type: "tool_result", tool_use_id: "c2", content: [{ type: "tool_reference", tool_name: "echo" }] },
      { type: "text", text: "Tool loaded." },
    ]);
    expect(toolNames(requests[0])).toEqual(["loader", "echo (deferred)"]);
  });

  it("with no deferred tool (the tool search off) every reference goes, as claude's `tool search not enabled` text", async () => {
    const { tool: echo } = echoTool();
    const { requests } = await run([echo], [reply.text("ok")], { messages: historyLoading("c1", ["echo"]) });
    expect(resultMessages(requests[0])[0]?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "c1",
        content: [{ type: "text", text: "[Tool references removed - tool search not enabled]" }],
      },
    ]);
  });

  it("an unloaded deferred tool still runs when the model calls it", async () => {
    const { tool, calls } = echoTool();
    const { requests } = await run(
      [{ ...tool, deferLoading: "until-loaded" }],
      [reply.toolCalls(toolCall("echo", { text: "hi" }, "c1")), reply.text("done")],
    );
    expect(calls).toEqual([{ text: "hi" }]);
    expect(toolNames(requests[1])).toEqual([]);
  });

  it("a tool deferred `always` is in every request, deferred, with the beta", async () => {
    const placeholder = { ...echoTool({ name: "placeholder" }).tool, deferLoading: "always" as const };
    const { requests } = await run([loaderTool([]), placeholder], [reply.text("ok")]);
    expect(toolNames(requests[0])).toEqual(["loader", "placeholder (deferred)"]);
    expect(betas(requests[0])).toContain("advanced-tool-use-2025-11-20");
  });

  it("a compaction keeps the tools the history loaded: the request after it carries them deferred, with no tool_reference left", async () => {
    const echo = { ...echoTool().tool, deferLoading: "until-loaded" as const };
    const { requests } = await run(
      [loaderTool(["echo"]), echo],
      [
        reply.toolCalls(toolCall("loader", { q: "echo" }, "c1")),
        reply.toolCalls(toolCall("echo", { text: "hi" }, "c2")),
        reply.text("done"),
      ],
      { beforeModelStep: compactingBeforeThirdStep(), messages: [{ role: "user", content: "go" }] },
    );
    expect(JSON.stringify(requests[2]?.body.messages)).not.toContain("tool_reference");
    expect(toolNames(requests[2])).toEqual(["loader", "echo (deferred)"]);
  });

  it("a compacted history keeps loaded what its summary keeps, over a second compaction", () => {
    const loaded: ModelMessage[] = [
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "loader", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "loader",
            output: { type: "content", value: [toolReferencePart("echo")] },
          },
        ],
      },
      { role: "assistant", content: "found" },
    ];
    const once = compactedHistory(loaded, { summary: "first" });
    const twice = compactedHistory(
      [...once, { role: "user", content: "more" }, { role: "assistant", content: "ok" }],
      {
        summary: "second",
      },
    );
    expect([...loadedToolNames(once)]).toEqual(["echo"]);
    expect([...loadedToolNames(twice)]).toEqual(["echo"]);
  });
});
