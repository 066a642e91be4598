/**
 * The Agent SDK's MCP server controls, in the line shapes recorded from the SDK 0.3.337 driving
 * claude 2.1.328: `reconnectMcpServer()` (`mcp_reconnect`) and `toggleMcpServer()` (`mcp_toggle`)
 * answered with a bare success, an unknown name with `Server not found: <name>` (no error_code);
 * `reloadOutputStyles()` (`reload_output_styles`) with the styles there are.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { everythingServer } from "../mcp/mcp-fixtures.js";
import { sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import type { SdkRun } from "./support/sdk-driver.js";
import { sdkSession, sdkTurn } from "./support/sdk-session.js";

useBuiltCli();

/** Each server's name, status and tool count, from an mcp_status answer. */
async function statusOf(run: SdkRun, id: string): Promise<unknown[]> {
  const answer = await run.request(id, { subtype: "mcp_status" });
  const servers = (answer.response as { mcpServers: { name: string; status: string; tools?: unknown[] }[] })
    .mcpServers;
  return servers.map((s) => [s.name, s.status, s.tools?.length ?? 0]);
}

/** The MCP tools the init lines name, one list per turn. */
function initMcpTools(run: SdkRun): string[][] {
  return run
    .lines()
    .filter((l) => l.type === "system" && l.subtype === "init")
    .map((l) => (l.tools as string[]).filter((t) => t.startsWith("mcp__")).slice(0, 1));
}

describe("the Agent SDK's MCP server controls (mcp_reconnect, mcp_toggle)", () => {
  it("mcp_toggle turns a server off (disabled, its tools gone from the next turn) and on again; mcp_reconnect starts it anew; an unknown name is not found, as claude says it", async () => {
    const { run } = await sdkSession([reply.text("one"), reply.text("two"), reply.text("three")], {
      args: ["--await-initialize"],
      initialize: { mcpServers: { everything: everythingServer() } },
    });
    run.say("one");
    await run.result(1);
    const tools = ((await statusOf(run, "s0"))[0] as unknown[])[2] as number;
    expect(tools).toBeGreaterThan(0);
    expect(await run.request("r1", { subtype: "mcp_reconnect", serverName: "everything" })).toEqual({
      subtype: "success",
      request_id: "r1",
    });
    expect(await statusOf(run, "s1")).toEqual([["everything", "connected", tools]]);
    expect(await run.request("r2", { subtype: "mcp_reconnect", serverName: "nope" })).toEqual({
      subtype: "error",
      request_id: "r2",
      error: "Server not found: nope",
    });
    expect(
      await run.request("t1", { subtype: "mcp_toggle", serverName: "everything", enabled: false }),
    ).toEqual({ subtype: "success", request_id: "t1" });
    expect(await statusOf(run, "s2")).toEqual([["everything", "disabled", 0]]);
    run.say("two");
    await run.result(2);
    expect(
      await run.request("t2", { subtype: "mcp_toggle", serverName: "everything", enabled: true }),
    ).toEqual({ subtype: "success", request_id: "t2" });
    expect(await statusOf(run, "s3")).toEqual([["everything", "connected", tools]]);
    expect(await run.request("t3", { subtype: "mcp_toggle", serverName: "nope", enabled: false })).toEqual({
      subtype: "error",
      request_id: "t3",
      error: "Server not found: nope",
    });
    await run.lastTurn("three", 3);
    expect(initMcpTools(run)).toEqual([["mcp__everything__echo"], [], ["mcp__everything__echo"]]);
  });

  it("mcp_status lists each server as claude 2.1.328 does: serverInfo, config (no env; a program's own headers), transport, scope, source, each tool's hints", async () => {
    const box = sandbox();
    box.json(path.join(box.home, "settings.json"), {
      mcpServers: {
        mine: { url: "http://127.0.0.1:9/mine", headers: { Authorization: "Bearer user-token" } },
      },
    });
    const { run } = await sdkSession([reply.text("one")], {
      box,
      args: ["--await-initialize"],
      initialize: {
        mcpServers: {
          everything: { ...everythingServer(), env: { SECRET_TOKEN: "kept-from-the-status" } },
          remote: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer x" } },
        },
      },
    });
    run.say("one");
    await run.result();
    const answer = await run.request("s1", { subtype: "mcp_status" });
    await run.end();
    const [mine, everything, remote] = (answer.response as { mcpServers: Record<string, unknown>[] })
      .mcpServers;
    expect(everything).toMatchObject({
      name: "everything",
      status: "connected",
      serverInfo: { name: "mcp-servers/everything", version: expect.any(String) },
      config: { type: "stdio", ...everythingServer() },
      transport: "stdio",
      scope: "dynamic",
      source: "dynamic",
    });
    expect(JSON.stringify(everything)).not.toContain("kept-from-the-status");
    const tools = everything?.tools as { name: string; annotations: unknown }[];
    expect(tools.find((t) => t.name === "echo")?.annotations).toEqual({ readOnly: true });
    expect(tools.find((t) => t.name === "toggle-simulated-logging")?.annotations).toEqual({});
    expect(remote).toEqual({
      name: "remote",
      status: "failed",
      error: expect.any(String),
      config: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer x" } },
      transport: "http",
      scope: "dynamic",
      source: "dynamic",
      tools: [],
    });
    // A settings file's headers may hold a token: the program is not shown them.
    expect(mine).toMatchObject({
      name: "mine",
      config: { type: "http", url: "http://127.0.0.1:9/mine" },
      scope: "user",
      source: "user",
    });
    expect(JSON.stringify(mine)).not.toContain("user-token");
  });

  it("can_use_tool's display_name of an MCP tool is claude 2.1.328's: `_` as spaces, each word capitalized, `-` kept", async () => {
    const { run } = await sdkTurn(
      "go",
      [reply.toolCall("mcp__everything__toggle-simulated-logging", {}, "toolu_1"), reply.text("done")],
      {
        args: ["--await-initialize"],
        initialize: { mcpServers: { everything: everythingServer() } },
        answers: { can_use_tool: () => ({ behavior: "deny", message: "no" }) },
      },
    );
    expect(run.requests().find((r) => r.subtype === "can_use_tool")).toMatchObject({
      tool_name: "mcp__everything__toggle-simulated-logging",
      mcp_server: { name: "everything", source: "dynamic" },
      display_name: "Toggle-Simulated-Logging",
    });
  });

  it("mcp_set_servers starts the program's servers in a session that had none, answered with what was added, removed and each name's error, as claude 2.1.328 answers; the next set replaces them", async () => {
    const { box, run } = await sdkSession([reply.text("one"), reply.text("two"), reply.text("three")]);
    run.say("one");
    await run.result(1);
    const first = await run.request("m1", {
      subtype: "mcp_set_servers",
      servers: { everything: everythingServer() },
    });
    expect(first).toEqual({
      subtype: "success",
      request_id: "m1",
      response: { added: ["everything"], removed: [], errors: {} },
    });
    expect(await statusOf(run, "s1")).toEqual([["everything", "connected", expect.any(Number)]]);
    run.say("two");
    await run.result(2);
    const second = await run.request("m2", {
      subtype: "mcp_set_servers",
      servers: { bad: { command: box.at("no-such-program") }, worse: { url: 5 } },
    });
    expect(second.response).toEqual({
      added: ["bad"],
      removed: ["everything"],
      errors: { bad: expect.stringContaining("did not start"), worse: expect.stringContaining("worse") },
    });
    expect(await statusOf(run, "s2")).toEqual([["bad", "failed", 0]]);
    await run.lastTurn("three", 3);
    expect(initMcpTools(run)).toEqual([[], ["mcp__everything__echo"], []]);
  });

  it("mcp_set_servers holds the program's servers to the MCP server lists: a denied one is an error of its name and does not start", async () => {
    const box = sandbox();
    const everything = everythingServer();
    box.json(`${box.home}/settings.json`, {
      deniedMcpServers: [{ serverCommand: [everything.command, ...everything.args] }],
    });
    const { run } = await sdkSession([reply.text("one"), reply.text("two")], { box });
    run.say("one");
    await run.result(1);
    const answer = await run.request("m1", { subtype: "mcp_set_servers", servers: { everything } });
    expect(answer.response).toEqual({
      added: [],
      removed: [],
      errors: { everything: 'MCP server "everything" is in deniedMcpServers: it does not start' },
    });
    expect(await statusOf(run, "s1")).toEqual([]);
    await run.lastTurn("two", 2);
  });

  it("reload_output_styles is answered with the styles there are: codebot's default, as initialize names them", async () => {
    const { run } = await sdkSession([reply.text("hello")]);
    expect(await run.request("o1", { subtype: "reload_output_styles" })).toEqual({
      subtype: "success",
      request_id: "o1",
      response: { available_output_styles: ["default"] },
    });
    await run.lastTurn("hi");
  });
});
