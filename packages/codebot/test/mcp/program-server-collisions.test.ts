/**
 * The servers an Agent SDK program brings (initialize's `sdkMcpServers`, `mcp_set_servers`) are
 * held to the rule the configured ones are (tool-name-collisions.ts): a program's server whose
 * tools would be named as another server's — `plugin_guard_tools` beside plugin guard's `tools` —
 * is left out, saying why. claude 2.1.328 (recorded: your `~/.claude.json` server `a_b` and a
 * program's `a.b`, or a program's `a.b` and `a_b` in one set) adds and starts both, with no error.
 * A plugin `reload_plugins` adds mid-session starts its servers under the same rule, the server
 * already running kept (claude 2.1.328, recorded, also leaves the plugin's out, silently); one it
 * no longer loads (disabled) has its servers stopped, where claude 2.1.328 (recorded) keeps them.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { copyMarketplace, installPluginAsClaudeCodeDid } from "../cli/support/claude-plugin-install.js";
import { sandbox } from "../cli/support/cli-fixtures.js";
import { scratchDir, startSession } from "../support/e2e.js";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

/** The test server; it records its pid in `<state>/starts`. */
function testServer(state = scratchDir("mcp-state-")) {
  return { command: process.execPath, args: [SERVER, "serve", state] };
}

/**
 * Folders where plugin guard, installed as Claude Code installs it (switched on in `settings`), has
 * the `.mcp.json` server `tools`, whose pids go to `state`.
 */
function withGuardTools(): {
  dirs: { home: string; project: string };
  mcpJson: string;
  settings: string;
  state: string;
} {
  const box = sandbox();
  const { root, claudeHome } = installPluginAsClaudeCodeDid(box);
  fs.rmSync(path.join(root, "hooks"), { recursive: true });
  const state = scratchDir("mcp-state-");
  const mcpJson = box.json(path.join(root, ".mcp.json"), { mcpServers: { tools: testServer(state) } });
  const settings = path.join(claudeHome, "settings.json");
  return { dirs: { home: box.home, project: box.project }, mcpJson, settings, state };
}

const sharesWithGuard = (mcpJson: string) =>
  `its tools would be named mcp__plugin_guard_tools__… like those of server "plugin:guard:tools" (${mcpJson}); rename one of them`;

describe("the Agent SDK program's servers whose tools would share names with another's", () => {
  it("mcp_set_servers leaves out a server whose tools would be named as a plugin's server's, an error of its name; the others start", async () => {
    const { dirs, mcpJson } = withGuardTools();
    const s = await startSession({ dirs });
    const set = await s.runtime.setMcpServers({ plugin_guard_tools: testServer(), mine: testServer() });
    expect(set).toEqual({
      added: ["mine"],
      removed: [],
      errors: { plugin_guard_tools: sharesWithGuard(mcpJson) },
    });
    expect(s.runtime.mcpServers().map((server) => server.name)).toEqual(["plugin:guard:tools", "mine"]);
  });

  it("an in-process server of initialize's sdkMcpServers whose tools would be named as a plugin's server's is left out with a notice", async () => {
    const { dirs, mcpJson } = withGuardTools();
    const s = await startSession({
      dirs,
      runtime: {
        sdkMcpServers: ["plugin_guard_tools"],
        sdkMcpTransport: () => {
          throw new Error("the program's plugin_guard_tools was started");
        },
      },
    });
    expect(s.runtime.mcpServers().map((server) => server.name)).toEqual(["plugin:guard:tools"]);
    expect(s.notices.join("\n")).toContain(
      `MCP server "plugin_guard_tools" left out: ${sharesWithGuard(mcpJson)}`,
    );
  });

  it("mcp_set_servers leaves out a server whose name differs from a plugin's server's only in case (permission rules ignore case)", async () => {
    const { dirs, mcpJson } = withGuardTools();
    const s = await startSession({ dirs });
    const set = await s.runtime.setMcpServers({ Plugin_Guard_Tools: testServer() });
    expect(set).toEqual({
      added: [],
      removed: [],
      errors: {
        Plugin_Guard_Tools: `its tools would be named mcp__Plugin_Guard_Tools__… as permission rules, which ignore case, read those of server "plugin:guard:tools" (${mcpJson}); rename one of them`,
      },
    });
  });
});

/** Plugin guard's folder, loaded by no settings (as the Agent SDK's `add_plugins` gives one), with the `.mcp.json` server `tools`. */
function guardFolderWithTools(): { dirs: { home: string; project: string }; root: string } {
  const box = sandbox();
  const root = copyMarketplace(path.join(box.home, "market"));
  fs.rmSync(path.join(root, "hooks"), { recursive: true });
  box.json(path.join(root, ".mcp.json"), { mcpServers: { tools: testServer() } });
  return { dirs: { home: box.home, project: box.project }, root };
}

/** An Agent SDK session (it may set servers later) with no in-process server. */
const sdkRuntime = {
  sdkMcpTransport: () => {
    throw new Error("no in-process server here");
  },
};

describe("a plugin the Agent SDK's reload_plugins adds mid-session", () => {
  it("starts its MCP server, as claude 2.1.328 starts an added plugin's", async () => {
    const { dirs, root } = guardFolderWithTools();
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.reloadPlugins([root]);
    expect(s.runtime.mcpServers().map((server) => [server.name, server.state])).toEqual([
      ["plugin:guard:tools", "connected"],
    ]);
  });

  it("leaves out its server whose tools would be named as a server the program set, with a notice; the program's keeps running", async () => {
    const { dirs, root } = guardFolderWithTools();
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.setMcpServers({ plugin_guard_tools: testServer() });
    await s.runtime.reloadPlugins([root]);
    expect(s.runtime.mcpServers().map((server) => [server.name, server.state])).toEqual([
      ["plugin_guard_tools", "connected"],
    ]);
    expect(s.notices.join("\n")).toContain(
      'MCP server "plugin:guard:tools" left out: its tools would be named mcp__plugin_guard_tools__… like those of server "plugin_guard_tools"',
    );
  });

  it("a reload that adds nothing starts no server twice", async () => {
    const { dirs, root } = guardFolderWithTools();
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.reloadPlugins([root]);
    await s.runtime.reloadPlugins([]);
    expect(s.runtime.mcpServers().map((server) => server.name)).toEqual(["plugin:guard:tools"]);
    expect(s.notices.join("\n")).not.toContain("left out");
  });
});

/** Switches plugin guard on or off in Claude Code's settings file, as `/plugin` does. */
function switchGuard(settings: string, on: boolean): void {
  const value = JSON.parse(fs.readFileSync(settings, "utf8"));
  fs.writeFileSync(settings, JSON.stringify({ ...value, enabledPlugins: { "guard@local-market": on } }));
}

const pidsIn = (state: string) =>
  fs.readFileSync(path.join(state, "starts"), "utf8").trim().split("\n").map(Number);

const toolsOf = (request: { tools?: { name: string }[] } | undefined) =>
  request?.tools?.map((t) => t.name) ?? [];

describe("a plugin the Agent SDK's reload_plugins no longer loads", () => {
  it("has its MCP server stopped: gone from the servers, its process ended, its tools not in the next request", async () => {
    const { dirs, settings, state } = withGuardTools();
    const s = await startSession({
      dirs,
      runtime: sdkRuntime,
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("first");
    expect(toolsOf(s.model.requests[0])).toContain("mcp__plugin_guard_tools__pid");
    const [pid] = pidsIn(state);
    switchGuard(settings, false);
    await s.runtime.reloadPlugins([]);
    expect(s.runtime.mcpServers()).toEqual([]);
    await waitFor(() => !alive(pid as number), 10_000, "the removed plugin's server to end");
    await s.runtime.prompt("second");
    expect(toolsOf(s.model.requests[1]).filter((name) => name.startsWith("mcp__"))).toEqual([]);
  });

  it("starts its MCP server anew when a later reload loads it again", async () => {
    const { dirs, settings, state } = withGuardTools();
    const s = await startSession({ dirs, runtime: sdkRuntime });
    await s.runtime.mcpReady();
    switchGuard(settings, false);
    await s.runtime.reloadPlugins([]);
    switchGuard(settings, true);
    await s.runtime.reloadPlugins([]);
    expect(s.runtime.mcpServers().map((server) => [server.name, server.state])).toEqual([
      ["plugin:guard:tools", "connected"],
    ]);
    expect(pidsIn(state)).toHaveLength(2);
  });
});
