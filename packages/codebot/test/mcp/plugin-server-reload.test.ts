/**
 * A plugin that stays loaded across the Agent SDK's `reload_plugins` but whose `.mcp.json` (or
 * plugin.json `mcpServers`) changed a server's settings: that server is stopped and started with the new ones, under the approval
 * rules of a new server; an unchanged one keeps running, its tools offered still, as claude
 * 2.1.328's interactive `/reload-plugins` does (recorded). Its Agent SDK `reload_plugins` (recorded:
 * the args of plugin guard's `tools` changed) keeps the old process running with the old settings.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "../cli/support/claude-plugin-install.js";
import { sandbox } from "../cli/support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { scratchDir, startSession } from "../support/e2e.js";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

/** The test server; it records its pid in `<state>/starts`. */
const testServer = (state: string) => ({ command: process.execPath, args: [SERVER, "serve", state] });

/** An Agent SDK session (it may reload plugins) with no in-process server. */
const sdkRuntime = {
  sdkMcpTransport: () => {
    throw new Error("no in-process server here");
  },
};

/**
 * Plugin guard installed as Claude Code installs it, switched on by you or (`byProject`) only by
 * the project; `write` sets its `.mcp.json` servers, `writeManifest` its plugin.json's.
 */
function guardPlugin(byProject = false) {
  const box = sandbox();
  const { root, claudeHome } = installPluginAsClaudeCodeDid(box);
  fs.rmSync(path.join(root, "hooks"), { recursive: true });
  if (byProject) {
    box.json(path.join(claudeHome, "settings.json"), {});
    box.json(".claude/settings.json", { enabledPlugins: { "guard@local-market": true } });
  }
  const write = (servers: Record<string, unknown>) =>
    box.json(path.join(root, ".mcp.json"), { mcpServers: servers });
  const writeManifest = (servers: Record<string, unknown>) =>
    box.json(path.join(root, ".claude-plugin/plugin.json"), {
      name: "guard",
      version: "1.0.0",
      mcpServers: servers,
    });
  return { box, dirs: { home: box.home, project: box.project }, write, writeManifest };
}

const pidsIn = (state: string): number[] => {
  const file = path.join(state, "starts");
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, "utf8").trim().split("\n").map(Number);
};

const mcpToolsOf = (request: { tools?: { name: string }[] } | undefined) =>
  (request?.tools?.map((t) => t.name) ?? []).filter((name) => name.startsWith("mcp__"));

describe("reload_plugins with a plugin whose server settings changed", () => {
  it("stops the changed server and starts it with its new args; the next request offers its tools", async () => {
    const { dirs, write } = guardPlugin();
    const before = scratchDir("mcp-state-");
    const after = scratchDir("mcp-state-");
    write({ tools: testServer(before) });
    const s = await startSession({
      dirs,
      runtime: sdkRuntime,
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("first");
    const [old] = pidsIn(before);
    write({ tools: testServer(after) });
    await s.runtime.reloadPlugins([]);
    const [server] = s.runtime.mcpServers();
    expect([server?.name, server?.state, server?.config]).toEqual([
      "plugin:guard:tools",
      "connected",
      testServer(after),
    ]);
    expect(pidsIn(after)).toHaveLength(1);
    await waitFor(() => !alive(old as number), 10_000, "the old server to end");
    await s.runtime.prompt("second");
    expect(mcpToolsOf(s.model.requests[1])).toContain("mcp__plugin_guard_tools__pid");
  });

  it("restarts a server of the plugin.json mcpServers whose args changed", async () => {
    const { dirs, writeManifest } = guardPlugin();
    const before = scratchDir("mcp-state-");
    const after = scratchDir("mcp-state-");
    writeManifest({ tools: testServer(before) });
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.mcpReady();
    const [old] = pidsIn(before);
    writeManifest({ tools: testServer(after) });
    await s.runtime.reloadPlugins([]);
    expect(s.runtime.mcpServers().map((server) => [server.name, server.state, server.config])).toEqual([
      ["plugin:guard:tools", "connected", testServer(after)],
    ]);
    await waitFor(() => !alive(old as number), 10_000, "the old server to end");
  });

  it("leaves a server whose settings did not change running, its tools as they were, while another restarts", async () => {
    const { dirs, write } = guardPlugin();
    const steady = scratchDir("mcp-state-");
    const env = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, key.toLowerCase()]));
    write({
      steady: { ...testServer(steady), env: env(["A", "B"]) },
      tools: testServer(scratchDir("mcp-state-")),
    });
    const s = await startSession({
      dirs,
      runtime: sdkRuntime,
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("first");
    // The same settings written in another key order are the same settings.
    write({
      steady: { ...testServer(steady), env: env(["B", "A"]) },
      tools: testServer(scratchDir("mcp-state-")),
    });
    await s.runtime.reloadPlugins([]);
    await s.runtime.prompt("second");
    expect(pidsIn(steady)).toHaveLength(1);
    expect(alive(pidsIn(steady)[0] as number)).toBe(true);
    expect(mcpToolsOf(s.model.requests[1])).toEqual(mcpToolsOf(s.model.requests[0]));
  });

  it("a changed command of a plugin only the project switched on does not run until approved; the old one stops", async () => {
    const { box, dirs, write } = guardPlugin(true);
    const before = scratchDir("mcp-state-");
    const after = scratchDir("mcp-state-");
    write({ tools: testServer(before) });
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.mcpReady();
    const [old] = pidsIn(before);
    expect(s.runtime.mcpServers().map((server) => server.state)).toEqual(["connected"]);
    write({ tools: testServer(after) });
    await s.runtime.reloadPlugins([]);
    expect(s.runtime.mcpServers().map((server) => [server.name, server.state])).toEqual([
      ["plugin:guard:tools", "not approved"],
    ]);
    expect(s.notices.join("\n")).toContain(
      "project MCP server(s) not started because they are not approved: plugin:guard:tools",
    );
    await waitFor(() => !alive(old as number), 10_000, "the old server to end");
    expect(pidsIn(after)).toEqual([]);
  });

  it("a server turned off for the session stays off with its new settings, and starts with them when turned on", async () => {
    const { dirs, write } = guardPlugin();
    const before = scratchDir("mcp-state-");
    const after = scratchDir("mcp-state-");
    write({ tools: testServer(before) });
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.mcpReady();
    await s.runtime.toggleMcpServer("plugin:guard:tools", false);
    write({ tools: testServer(after) });
    await s.runtime.reloadPlugins([]);
    expect(s.runtime.mcpServers().map((server) => server.state)).toEqual(["disabled"]);
    expect(pidsIn(after)).toEqual([]);
    await s.runtime.toggleMcpServer("plugin:guard:tools", true);
    expect(s.runtime.mcpServers().map((server) => server.state)).toEqual(["connected"]);
    expect(pidsIn(after)).toHaveLength(1);
  });
});
