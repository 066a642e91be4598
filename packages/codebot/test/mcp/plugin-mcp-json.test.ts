/**
 * A plugin's `.mcp.json` end to end (issue 15): a plugin installed as Claude Code installs it,
 * whose `.mcp.json` starts a real server with `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}`
 * expanded; its tool is reachable as `mcp__plugin_<plugin>_<server>__<tool>` in a `-p` run, and no server process
 * outlives the run. A plugin without hooks still has its servers; a plugin only the project
 * switched on brings servers that need consent.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "../cli/support/claude-plugin-install.js";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "../cli/support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

describe("a plugin's .mcp.json", () => {
  it("starts its server for the session; the model calls mcp__plugin_guard_state__pid and gets the server's pid", async () => {
    const box = sandbox();
    const { claudeHome, root } = installPluginAsClaudeCodeDid(box);
    fs.writeFileSync(
      path.join(root, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          state: {
            command: process.execPath,
            args: [SERVER, "serve", "${CLAUDE_PLUGIN_DATA}"],
            env: { ROOT: "${CLAUDE_PLUGIN_ROOT}" },
          },
        },
      }),
    );
    const data = path.join(claudeHome, "plugins/data/guard-local-market");
    fs.mkdirSync(data, { recursive: true });
    const server = await modelServer([
      reply.toolCalls(toolCall("mcp__plugin_guard_state__pid", {}, "c1")),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "which pid?", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("mcp__plugin_guard_state__pid");
    const pid = Number(fs.readFileSync(path.join(data, "starts"), "utf8").trim());
    expect(pid).toBeGreaterThan(0);
    expect(requestText(server.requests[1])).toContain(String(pid));
    const grandchild = Number(fs.readFileSync(path.join(data, "children"), "utf8").trim());
    await waitFor(
      () => !alive(pid) && !alive(grandchild),
      10_000,
      "the plugin's server and its child to end",
    );
  });
});

/** The installed plugin's `.mcp.json`: server `state`, which records its pid in `<state>/starts`. */
function pluginWithServer(box: Sandbox): { claudeHome: string; root: string; state: string } {
  const installed = installPluginAsClaudeCodeDid(box);
  const state = box.at("state");
  fs.mkdirSync(state);
  fs.writeFileSync(
    path.join(installed.root, ".mcp.json"),
    JSON.stringify({ mcpServers: { state: { command: process.execPath, args: [SERVER, "serve", state] } } }),
  );
  return { ...installed, state };
}

describe("which plugins' servers load, and who must approve them", () => {
  it("a plugin with no hooks file still has its .mcp.json servers", async () => {
    const box = sandbox();
    const { root } = pluginWithServer(box);
    fs.rmSync(path.join(root, "hooks"), { recursive: true });
    const list = await runCli(["mcp", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).servers).toMatchObject([
      { name: "plugin:guard:state", origin: "plugin", trust: "own", state: "connected" },
    ]);
  });

  it("a plugin only the project enables: its servers wait for consent, hooks trust lists and approves them", async () => {
    const box = sandbox();
    const { claudeHome, root, state } = pluginWithServer(box);
    // Installed, but switched on only by the repository's .claude/settings.json.
    box.json(path.join(claudeHome, "settings.json"), {});
    box.json(".claude/settings.json", { enabledPlugins: { "guard@local-market": true } });
    const starts = path.join(state, "starts");

    const server = await modelServer([reply.text("hi")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "project MCP server(s) not started because they are not approved: plugin:guard:state",
    );
    const list = await runCli(["mcp", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(JSON.parse(list.stdout).servers).toMatchObject([
      { name: "plugin:guard:state", origin: "project", trust: "needs approval", state: "not approved" },
    ]);
    expect(fs.existsSync(starts)).toBe(false);

    const listing = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(listing.code).toBe(1);
    expect(listing.stdout).toContain("MCP servers the project wants to start (not approved yet):");
    expect(listing.stdout).toContain(`from project ${path.join(root, ".mcp.json")}`);
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const approved = await runCli(["mcp", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(JSON.parse(approved.stdout).servers).toMatchObject([
      { name: "plugin:guard:state", trust: "approved", state: "connected" },
    ]);
    expect(fs.existsSync(starts)).toBe(true);
  });

  it("a plugin only the project enables: its approval covers the script its server runs from the plugin's folder, an edit there asks again", async () => {
    const box = sandbox();
    const { claudeHome, root, state } = pluginWithServer(box);
    const script = path.join(root, "server.mjs");
    fs.copyFileSync(SERVER, script);
    box.json(path.join(root, ".mcp.json"), {
      mcpServers: {
        state: { command: process.execPath, args: ["${CLAUDE_PLUGIN_ROOT}/server.mjs", "serve", state] },
      },
    });
    box.json(path.join(claudeHome, "settings.json"), {});
    box.json(".claude/settings.json", { enabledPlugins: { "guard@local-market": true } });
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const trust = async () =>
      JSON.parse(
        (await runCli(["mcp", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) })).stdout,
      ).servers[0].trust;
    expect(await trust()).toBe("approved");
    fs.appendFileSync(script, "\n// edited after the approval\n");
    expect(await trust()).toBe("changed since approval");
  });
});
