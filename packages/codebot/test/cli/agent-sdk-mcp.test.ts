/**
 * The Agent SDK program's in-process MCP servers (`createSdkMcpServer()`): `initialize` names them
 * in `sdkMcpServers`, and codebot reaches them with `mcp_message` control requests carrying
 * JSON-RPC. The program's side plays the lines recorded from the SDK 0.3.337 driving claude 2.1.328
 * (a `calc` server with an `add` tool; docs/claude-code.md "The Claude Agent SDK").
 */
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { everythingServer } from "../mcp/mcp-fixtures.js";
import { requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { allowAsAsked, type SdkAnswer } from "./support/sdk-driver.js";
import { type SdkSessionOptions, sdkSession, sdkTurn } from "./support/sdk-session.js";

useBuiltCli();

/** The recorded `calc` server's answers, as the SDK gives them in `mcp_response`. */
function calcServer(call: (args: { a: number; b: number }) => Record<string, unknown>) {
  return (request: Record<string, unknown>) => {
    const message = request.message as { method: string; id?: number; params?: { arguments?: unknown } };
    const answer = (result: Record<string, unknown>) => ({
      mcp_response: { result, jsonrpc: "2.0", id: message.id ?? 0 },
    });
    switch (message.method) {
      case "initialize":
        return answer({
          protocolVersion: "2025-11-25",
          capabilities: { tools: { listChanged: true } },
          serverInfo: { name: "calc", version: "1.2.3" },
        });
      case "tools/list":
        return answer({
          tools: [
            {
              name: "add",
              description: "Add two numbers",
              inputSchema: {
                $schema: "http://json-schema.org/draft-07/schema#",
                type: "object",
                properties: { a: { type: "number" }, b: { type: "number" } },
                required: ["a", "b"],
              },
              execution: { taskSupport: "forbidden" },
            },
          ],
        });
      case "tools/call":
        return {
          mcp_response: {
            ...call(message.params?.arguments as { a: number; b: number }),
            jsonrpc: "2.0",
            id: message.id,
          },
        };
      default:
        // A notification: the SDK acknowledges it so.
        return { mcp_response: { jsonrpc: "2.0", result: {}, id: 0 } };
    }
  };
}

/** calc's add as the recorded program answers it: the sum, as text. */
const calcAdding = calcServer(({ a, b }) => ({
  result: { content: [{ type: "text", text: String(a + b) }] },
}));

/** The program serves `calc` (its mcp_message answers), with its other `answers`. */
function servesCalc(calc: SdkAnswer, answers: Record<string, SdkAnswer> = {}): SdkSessionOptions {
  return { initialize: { sdkMcpServers: ["calc"] }, answers: { mcp_message: calc, ...answers } };
}

/** The model calls calc's add with 2 and 3 (`toolu_1`), then says done. */
function addsTwoAndThree() {
  return [reply.toolCall("mcp__calc__add", { a: 2, b: 3 }, "toolu_1"), reply.text("done")];
}

describe("the Agent SDK program's in-process MCP servers (sdkMcpServers, mcp_message)", () => {
  it("initialize's sdkMcpServers join the session: their tools are mcp__<server>__<tool>, asked about with their server, each call an mcp_message the program answers; mcp_status and the init line name it as claude does", async () => {
    const { server, run } = await sdkSession(
      addsTwoAndThree(),
      servesCalc(calcAdding, { can_use_tool: allowAsAsked }),
    );
    run.say("add");
    await run.result();
    const status = await run.request("s1", { subtype: "mcp_status" });
    await run.end();
    const init = run.lines().find((l) => l.type === "system" && l.subtype === "init");
    expect(init?.tools).toContain("mcp__calc__add");
    expect(init?.mcp_servers).toEqual([{ name: "calc", status: "connected", source: "sdk" }]);
    const call = run
      .requests()
      .find((r) => r.subtype === "mcp_message" && (r.message as { method: string }).method === "tools/call");
    expect(call).toMatchObject({
      server_name: "calc",
      message: { method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 } }, jsonrpc: "2.0" },
    });
    expect(requestText(server.requests[1])).toContain('"5"');
    // As claude asks about an MCP tool: its server and where it came from, its words capitalized.
    expect(run.requests().find((r) => r.subtype === "can_use_tool")).toMatchObject({
      tool_name: "mcp__calc__add",
      mcp_server: { name: "calc", source: "sdk" },
      display_name: "Add",
    });
    // As claude 2.1.328 lists an in-process server (recorded): no config, transport and source sdk.
    expect(status.response).toEqual({
      mcpServers: [
        {
          name: "calc",
          status: "connected",
          serverInfo: { name: "calc", version: "1.2.3" },
          transport: "sdk",
          scope: "dynamic",
          source: "sdk",
          tools: [{ name: "add", annotations: {} }],
        },
      ],
    });
  });

  it("an assistant line holding an MCP call carries claude's tool_use_meta (display name, the server's own name, the bare tool); a built-in call's line none", async () => {
    const { run } = await sdkTurn(
      "add",
      [
        reply.turn({
          toolCalls: [
            toolCall("mcp__calc__add", { a: 2, b: 3 }, "toolu_1"),
            toolCall("bash", { command: "echo hi" }, "toolu_2"),
          ],
        }),
        reply.text("done"),
      ],
      { args: ["--permission-mode", "bypassPermissions"], ...servesCalc(calcAdding) },
    );
    const calls = run.lines().filter((l) => l.type === "assistant");
    expect(calls.map((l) => l.tool_use_meta)).toEqual([
      [{ id: "toolu_1", display_name: "Add", server_display_name: "calc", tool_name: "add" }],
      undefined,
      undefined,
    ]);
  });

  it("an MCP tool's PreToolUse and PostToolUse callbacks name its server (mcp_server, as claude 2.1.328's do); a built-in tool's name none", async () => {
    const { run } = await sdkTurn(
      "add",
      [
        reply.toolCall("mcp__calc__add", { a: 2, b: 3 }, "toolu_1"),
        reply.toolCall("bash", { command: "echo hi" }, "toolu_2"),
        reply.text("done"),
      ],
      {
        args: ["--permission-mode", "bypassPermissions"],
        hooks: {
          PreToolUse: [{ hookCallbackIds: ["pre"] }],
          PostToolUse: [{ hookCallbackIds: ["post"] }],
        },
        ...servesCalc(calcAdding, { hook_callback: () => ({}) }),
      },
    );
    const inputs = run
      .requests()
      .filter((r) => r.subtype === "hook_callback")
      .map((r) => r.input as Record<string, unknown>);
    expect(inputs.map((i) => [i.hook_event_name, i.tool_name, i.mcp_server])).toEqual([
      ["PreToolUse", "mcp__calc__add", { name: "calc", source: "sdk" }],
      ["PostToolUse", "mcp__calc__add", { name: "calc", source: "sdk" }],
      ["PreToolUse", "Bash", undefined],
      ["PostToolUse", "Bash", undefined],
    ]);
  });

  it("an MCP tool's result reaches the program as its content blocks, as claude 2.1.328 writes it: the tool_result line's content and tool_use_result, a PostToolUse callback's tool_response", async () => {
    const { server, run } = await sdkTurn("add", addsTwoAndThree(), {
      hooks: { PostToolUse: [{ hookCallbackIds: ["hook_0"] }] },
      ...servesCalc(calcAdding, { can_use_tool: allowAsAsked, hook_callback: () => ({}) }),
    });
    const blocks = [{ type: "text", text: "5" }];
    // claude's line (recorded): no is_error on an MCP tool's result that did not fail.
    expect(run.lines().find((l) => l.type === "user")).toMatchObject({
      message: { role: "user", content: [{ tool_use_id: "toolu_1", type: "tool_result", content: blocks }] },
      tool_use_result: blocks,
    });
    const callback = run.requests().find((r) => r.subtype === "hook_callback");
    expect(callback).toMatchObject({ input: { tool_response: blocks } });
    // The model still reads the text.
    expect(requestText(server.requests[1])).toContain('"5"');
  });

  it("a JSON-RPC error the program answers fails the call with its message; the run goes on", async () => {
    const { server, run } = await sdkSession(
      addsTwoAndThree(),
      servesCalc(
        calcServer(() => ({ error: { code: -32000, message: "calc is broken" } })),
        {
          can_use_tool: allowAsAsked,
        },
      ),
    );
    expect((await run.lastTurn("add")).exit.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("calc is broken");
  });

  it("an mcp_response the MCP client would not take ({result: 42}, an error without a code) fails the call with the reason at once, not waiting for good", async () => {
    for (const answer of [{ result: 42 }, { error: { message: "no code" } }]) {
      const { server, run } = await sdkSession(
        addsTwoAndThree(),
        servesCalc(
          calcServer(() => answer),
          { can_use_tool: allowAsAsked },
        ),
      );
      expect((await run.lastTurn("add")).exit.code).toBe(0);
      expect(requestText(server.requests[1])).toContain(
        "the Agent SDK program's mcp_response is not a JSON-RPC answer",
      );
    }
  });

  it("initialize's mcpServers (the SDK's other servers, with --await-initialize) start as --mcp-config's do, answered mcp_servers_applied", async () => {
    const { server, run } = await sdkSession(
      [reply.toolCall("mcp__everything__echo", { message: "hi there" }, "toolu_1"), reply.text("done")],
      {
        args: ["--await-initialize"],
        initialize: { mcpServers: { everything: everythingServer() } },
        answers: { can_use_tool: allowAsAsked },
      },
    );
    expect((await run.initialized).response).toMatchObject({ mcp_servers_applied: true });
    await run.lastTurn("echo");
    const init = run.lines().find((l) => l.type === "system" && l.subtype === "init");
    expect(init?.tools).toContain("mcp__everything__echo");
    expect(requestText(server.requests[1])).toContain("hi there");
    expect(run.cli.stderr()).not.toContain('"mcpServers"');
  });

  it("--await-initialize without stream-json input is refused, as claude refuses it", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--await-initialize", "--cwd", box.project], {
      env: { HOME: box.home },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("--await-initialize requires --input-format stream-json");
  });

  it("a name in sdkMcpServers that cannot be a server name is said on stderr and left out", async () => {
    const { run } = await sdkTurn("hi", [reply.text("one")], {
      initialize: { sdkMcpServers: ["bad name"] },
    });
    expect(run.cli.stderr()).toContain(
      `the Agent SDK's initialize: sdkMcpServers: "bad name" is not a server name (letters, digits, _ and -, at most 64); ignored`,
    );
    expect(run.requests().filter((r) => r.subtype === "mcp_message")).toEqual([]);
  });
});
