import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession, toolResultFor } from "../support/e2e.js";
import { everythingServer } from "./mcp-fixtures.js";

describe("MCP tools through a session (real server-everything and server-filesystem)", () => {
  it("the model calls mcp__everything__echo and the result reaches the next model request", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [
        reply.toolCalls(toolCall("mcp__everything__echo", { message: "hello mcp" }, "c1")),
        reply.text("done"),
      ],
    });
    const result = await s.runtime.prompt("echo something");
    expect(result.status).toBe("completed");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "Echo: hello mcp", isError: false });
    const tools = s.model.requests[0]?.tools?.map((t) => t.name) ?? [];
    expect(tools).toContain("mcp__everything__echo");
    const status = s.runtime.mcpServers().find((r) => r.name === "everything");
    expect(status).toMatchObject({ state: "connected", origin: "user" });
    expect(status?.tools).toContain("echo");
  });

  it("the model sees the server's JSON Schema; arguments it breaks reach PreToolUse, then the server refuses them (claude 2.1.328's order)", async () => {
    const log = `cat >> hook-payloads.jsonl; echo >> hook-payloads.jsonl`;
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: {
          PreToolUse: [{ matcher: "mcp__everything__.*", hooks: [{ type: "command", command: log }] }],
          PostToolUseFailure: [
            { matcher: "mcp__everything__.*", hooks: [{ type: "command", command: log }] },
          ],
        },
      },
      script: [reply.toolCalls(toolCall("mcp__everything__echo", { message: 42 }, "c1")), reply.text("ok")],
    });
    await s.runtime.prompt("go");
    const echo = s.model.requests[0]?.tools?.find((t) => t.name === "mcp__everything__echo");
    expect(echo).toMatchObject({
      inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
    });
    const refusal =
      "MCP error -32602: Input validation error: Invalid arguments for tool echo: Invalid input: expected string, received number at message";
    expect(toolResultFor(s.model, "c1")).toEqual({ text: refusal, isError: true });
    const payloads = s.jsonLines("hook-payloads.jsonl");
    expect(payloads.map((p) => [p.hook_event_name, p.tool_input])).toEqual([
      ["PreToolUse", { message: 42 }],
      ["PostToolUseFailure", { message: 42 }],
    ]);
    expect(payloads[1]?.error).toContain(refusal);
  });

  it("a Claude Code PreToolUse group matching mcp__everything__.* blocks one call and sees tool_name mcp__everything__echo", async () => {
    const guard = `cat > pre-$$.json; grep -q secret pre-$$.json && { echo 'no secrets over MCP' >&2; exit 2; }; exit 0`;
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: {
          PreToolUse: [{ matcher: "mcp__everything__.*", hooks: [{ type: "command", command: guard }] }],
        },
      },
      script: [
        reply.toolCalls(toolCall("mcp__everything__echo", { message: "a secret" }, "c-blocked")),
        reply.toolCalls(toolCall("mcp__everything__echo", { message: "public" }, "c-ok")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c-blocked")).toEqual({ text: "hook: no secrets over MCP", isError: true });
    expect(toolResultFor(s.model, "c-ok")).toEqual({ text: "Echo: public", isError: false });
    const payloads = fs
      .readdirSync(s.project)
      .filter((f) => f.startsWith("pre-"))
      .map((f) => JSON.parse(fs.readFileSync(s.at(f), "utf8")) as Record<string, unknown>);
    expect(payloads.map((p) => p.tool_name)).toEqual(["mcp__everything__echo", "mcp__everything__echo"]);
  });

  it("a PostToolUse updatedMCPToolOutput rewrites what the model sees of one MCP result, and never a built-in tool's", async () => {
    const redact = `grep -q secret && echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":[{"type":"text","text":"[redacted by hook]"}]}}'; exit 0`;
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: { PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: redact }] }] },
      },
      script: [
        reply.toolCalls(
          toolCall("mcp__everything__echo", { message: "the secret is 42" }, "c-secret"),
          toolCall("mcp__everything__echo", { message: "harmless" }, "c-plain"),
          toolCall("bash", { command: "echo secret here" }, "c-bash"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c-secret")).toEqual({ text: "[redacted by hook]", isError: false });
    expect(toolResultFor(s.model, "c-plain")).toEqual({ text: "Echo: harmless", isError: false });
    expect(toolResultFor(s.model, "c-bash")).toEqual({ text: "secret here", isError: false });
  });

  it("a native PostToolUse hook with a /regex/ matcher sees the MCP call and its output", async () => {
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: {
          PostToolUse: [
            command("cat >> post.jsonl; echo >> post.jsonl", { matcher: "/^mcp__everything__/" }),
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("mcp__everything__echo", { message: "public" }, "c-ok")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const posts = s.jsonLines("post.jsonl");
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ tool: "mcp__everything__echo", args: { message: "public" } });
    expect(JSON.stringify(posts[0])).toContain("Echo: public");
  });

  it("a structured result reaches the model and a Claude Code PostToolUse hook's tool_response as its JSON text", async () => {
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: {
          PostToolUse: [
            { matcher: "mcp__everything__.*", hooks: [{ type: "command", command: "cat > post.json" }] },
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("mcp__everything__get-structured-content", { location: "Chicago" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const text = toolResultFor(s.model, "c1")?.text ?? "";
    expect(JSON.parse(text)).toMatchObject({ conditions: expect.any(String) });
    expect(text).not.toContain("\n");
    expect(JSON.parse(fs.readFileSync(s.at("post.json"), "utf8")).tool_response).toBe(text);
  });

  it("resource links and an embedded resource reach a Claude Code PostToolUse hook as text blocks in claude 2.1.328's words", async () => {
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: {
          PostToolUse: [
            {
              matcher: "mcp__everything__.*",
              hooks: [{ type: "command", command: "cat >> post.jsonl; echo >> post.jsonl" }],
            },
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("mcp__everything__get-resource-links", { count: 2 }, "c1")),
        reply.toolCalls(
          toolCall("mcp__everything__get-resource-reference", { resourceType: "Text", resourceId: 1 }, "c2"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const [links, reference] = s.jsonLines("post.jsonl").map((p) => p.tool_response as { text: string }[]);
    // As recorded from claude 2.1.328 with the same server.
    expect(links).toEqual([
      { type: "text", text: "Here are 2 resource links to resources available in this server:" },
      {
        type: "text",
        text: "[Resource link: Blob Resource 1] demo://resource/dynamic/blob/1 (Resource 1: plaintext resource)",
      },
      {
        type: "text",
        text: "[Resource link: Text Resource 2] demo://resource/dynamic/text/2 (Resource 2: plaintext resource)",
      },
    ]);
    expect(reference?.[1]?.text).toMatch(
      /^\[Resource from everything at demo:\/\/resource\/dynamic\/text\/1\] Resource 1: /,
    );
    expect(toolResultFor(s.model, "c1")?.text).toContain(
      "[Resource link: Blob Resource 1] demo://resource/dynamic/blob/1",
    );
  });
});
