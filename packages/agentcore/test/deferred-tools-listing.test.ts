/**
 * The deferred tools' names as the model reads them, in every request, as claude 2.1.328 sends them
 * (recorded): to claude-opus-5-5 a `role: "system"` message after the conversation's first
 * message; to claude-sonnet-4-5, which takes no system message in mid-conversation, a
 * `<system-reminder>` block opening the first user message.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Tool } from "../src/index.js";
import { type LoopbackModelServer, reply, scriptedModel, toolCall } from "../src/testing/index.js";
import { echoTool, runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

/** A search listing the deferred tools as `Deferred: a, b`, whose every call loads `loads`. */
function searchTool(loads: string[] = []): Tool<{ q: string }> {
  return {
    name: "search",
    description: "finds tools",
    inputSchema: z.object({ q: z.string() }),
    listDeferredTools: (names) => `Deferred: ${names.join(", ")}`,
    async execute() {
      return { content: "found", isError: false, ...(loads.length > 0 ? { loadsTools: loads } : {}) };
    },
  };
}

const deferred = (name: string, deferLoading: Tool["deferLoading"] = "until-loaded"): Tool => ({
  ...echoTool({ name }).tool,
  deferLoading,
});

async function requestsOf(
  tools: Tool[],
  script: Parameters<typeof loopback>[0],
  messages?: Parameters<typeof runToEnd>[0]["messages"],
  modelId = "claude-opus-5-5",
) {
  const { server, model } = await loopback(script, modelId);
  await runToEnd({ model, tools, ...(messages ? { messages } : {}) });
  return server.requests;
}

const roles = (request: LoopbackModelServer["requests"][number] | undefined) =>
  (request?.body.messages ?? []).map((m: { role: string }) => m.role);

describe("the deferred tools' listing", () => {
  it("is a system message after the first user message, naming the until-loaded tools sorted, in every request", async () => {
    const requests = await requestsOf(
      [searchTool(["b"]), deferred("b"), deferred("a"), deferred("placeholder", "always")],
      [reply.toolCalls(toolCall("search", { q: "b" }, "c1")), reply.text("done")],
    );
    for (const request of requests) {
      expect(request.body.messages[1]).toEqual({
        role: "system",
        content: [{ type: "text", text: "Deferred: a, b" }],
      });
    }
    expect(roles(requests[0])).toEqual(["user", "system"]);
    expect(roles(requests[1])).toEqual(["user", "system", "assistant", "user"]);
  });

  it("stays after the first message of a resumed history, not at its end", async () => {
    const requests = await requestsOf(
      [searchTool(), deferred("a")],
      [reply.text("ok")],
      [
        { role: "user", content: "first" },
        { role: "assistant", content: "answer" },
        { role: "user", content: "second" },
      ],
    );
    expect(roles(requests[0])).toEqual(["user", "system", "assistant", "user"]);
    expect(requests[0]?.body.messages[1].content[0].text).toBe("Deferred: a");
  });

  it("to a model that takes no system message in mid-conversation, is a <system-reminder> block opening the first user message", async () => {
    const requests = await requestsOf(
      [searchTool(["b"]), deferred("b"), deferred("a")],
      [reply.toolCalls(toolCall("search", { q: "b" }, "c1")), reply.text("done")],
      undefined,
      "claude-sonnet-4-5",
    );
    for (const request of requests) {
      expect(request.body.messages[0].content).toEqual([
        { type: "text", text: "<system-reminder>\nDeferred: a, b\n</system-reminder>" },
        { type: "text", text: "go" },
      ]);
    }
    expect(roles(requests[1])).toEqual(["user", "assistant", "user"]);
  });

  it("the first message with its <system-reminder> is the same object in every request, so the wire cache still knows it", async () => {
    const model = scriptedModel(
      [reply.toolCalls(toolCall("search", { q: "x" }, "c1")), reply.text("done")],
      "claude-sonnet-4-5",
    );
    await runToEnd({ model, tools: [searchTool(), deferred("a")] });
    const [first, second] = model.requests;
    expect(first?.prompt[1]?.content).toEqual([
      { type: "text", text: "<system-reminder>\nDeferred: a\n</system-reminder>" },
      { type: "text", text: "go" },
    ]);
    expect(second?.prompt[1]).toBe(first?.prompt[1]);
  });

  it("is not sent when no tool is deferred, nor without a tool that lists them", async () => {
    const none = await requestsOf([searchTool(), deferred("p", "always")], [reply.text("ok")]);
    expect(roles(none[0])).toEqual(["user"]);
    const unlisted = await requestsOf([deferred("a")], [reply.text("ok")]);
    expect(roles(unlisted[0])).toEqual(["user"]);
  });
});
