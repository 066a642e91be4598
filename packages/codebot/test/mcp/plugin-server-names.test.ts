/**
 * A plugin's MCP servers and tools are named as claude 2.1.328 names them (recorded with plugin
 * guard of a local marketplace, its `.mcp.json` server `tools`): the server is
 * `plugin:guard:tools` (the init line's `mcp_servers`, source `plugin`), its tool
 * `mcp__plugin_guard_tools__echo` (what the model calls, PreToolUse's `tool_name`). Hook matchers
 * `mcp__plugin_guard_tools__echo`, `mcp__plugin_guard_tools__.*` and `mcp__plugin_guard_tools__*`
 * matched it, `mcp__tools__echo` did not; `--allowedTools mcp__plugin_guard_tools`,
 * `mcp__plugin_guard_tools__*` and `mcp__plugin_guard_tools__echo` allowed it, `mcp__tools` and
 * `mcp__tools__echo` did not; `--disallowedTools mcp__plugin_guard_tools` took it away.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "../cli/support/claude-plugin-install.js";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "../cli/support/cli-fixtures.js";
import { runCli, useBuiltCli } from "../cli/support/cli-process.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");
const TOOL = "mcp__plugin_guard_state__pid";

/** Plugin guard installed as Claude Code installs it, with `.mcp.json` server `state` and no hooks. */
function guardWithServer(box: Sandbox): { settingsFile: string } {
  const { claudeHome, root } = installPluginAsClaudeCodeDid(box);
  fs.rmSync(path.join(root, "hooks"), { recursive: true });
  const state = box.at("state");
  fs.mkdirSync(state);
  box.json(path.join(root, ".mcp.json"), {
    mcpServers: { state: { command: process.execPath, args: [SERVER, "serve", state] } },
  });
  return { settingsFile: path.join(claudeHome, "settings.json") };
}

/** One call of the plugin's tool under `args`; what the run printed and what the model was told. */
async function callPluginTool(box: Sandbox, args: string[]) {
  const server = await modelServer([reply.toolCalls(toolCall(TOOL, {}, "c1")), reply.text("done")]);
  const r = await runCli(
    ["-p", "go", "--output-format", "stream-json", "--verbose", "--cwd", box.project, ...args],
    { env: { ...modelEnv(server, box.home), ENABLE_TOOL_SEARCH: "false" } },
  );
  expect(r.code).toBe(0);
  const lines = r.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const pid = Number(fs.readFileSync(box.at("state/starts"), "utf8").trim());
  return {
    lines,
    offered: JSON.stringify(server.requests[0]?.body),
    told: requestText(server.requests[1]),
    pid,
  };
}

describe("a plugin's MCP server and tool names", () => {
  it("the server is plugin:<plugin>:<server> in the init line, its tool mcp__plugin_<plugin>_<server>__<tool>", async () => {
    const box = sandbox();
    guardWithServer(box);
    const { lines, offered, told, pid } = await callPluginTool(box, ["--dangerously-skip-permissions"]);
    const init = lines.find((l) => l.type === "system" && l.subtype === "init") as {
      mcp_servers: unknown;
      tools: string[];
    };
    expect(init.mcp_servers).toEqual([{ name: "plugin:guard:state", status: "connected", source: "plugin" }]);
    expect(init.tools).toContain(TOOL);
    expect(offered).toContain(`"name":"${TOOL}"`);
    expect(offered).not.toContain("mcp__state__");
    expect(told).toContain(String(pid));
  });

  it("PreToolUse hooks get that tool_name; matchers written for claude match it, one on the bare server name does not", async () => {
    const box = sandbox();
    const { settingsFile } = guardWithServer(box);
    const log = box.at("hooks.log");
    const hook = (matcher: string) => ({
      matcher,
      hooks: [
        {
          type: "command",
          command: `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>require("fs").appendFileSync(${JSON.stringify(log)},${JSON.stringify(matcher)}+" "+JSON.parse(s).tool_name+"\\n"))'`,
        },
      ],
    });
    const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
    box.json(settingsFile, {
      ...settings,
      hooks: {
        PreToolUse: [
          TOOL,
          "mcp__plugin_guard_state__.*",
          "mcp__plugin_guard_state__*",
          "mcp__state__pid",
        ].map(hook),
      },
    });
    await callPluginTool(box, ["--dangerously-skip-permissions"]);
    expect(fs.readFileSync(log, "utf8").split("\n").filter(Boolean).sort()).toEqual(
      [`${TOOL} ${TOOL}`, `mcp__plugin_guard_state__* ${TOOL}`, `mcp__plugin_guard_state__.* ${TOOL}`].sort(),
    );
  });

  for (const rule of [TOOL, "mcp__plugin_guard_state", "mcp__plugin_guard_state__*"])
    it(`--allowedTools ${rule} allows the plugin's tool`, async () => {
      const box = sandbox();
      guardWithServer(box);
      const { told, pid } = await callPluginTool(box, ["--allowedTools", rule]);
      expect(told).toContain(String(pid));
    });

  for (const rule of ["mcp__state", "mcp__state__pid"])
    it(`--allowedTools ${rule} (the bare server name) does not allow it`, async () => {
      const box = sandbox();
      guardWithServer(box);
      const { lines, told, pid } = await callPluginTool(box, ["--allowedTools", rule]);
      expect(told).not.toContain(String(pid));
      const result = lines.find((l) => l.type === "result") as {
        permission_denials: { tool_name: string }[];
      };
      expect(result.permission_denials.map((d) => d.tool_name)).toEqual([TOOL]);
    });

  it("--disallowedTools mcp__plugin_<plugin>_<server> denies its tools even when permissions are skipped", async () => {
    const box = sandbox();
    guardWithServer(box);
    const { told, pid } = await callPluginTool(box, [
      "--dangerously-skip-permissions",
      "--disallowedTools",
      "mcp__plugin_guard_state",
    ]);
    expect(told).not.toContain(String(pid));
  });
});

describe("a server of yours whose tools would be named as a plugin's server's", () => {
  it("keeps the tool name: a call reaches only your server, and the plugin's server is left out with a notice", async () => {
    const box = sandbox();
    const { settingsFile } = guardWithServer(box);
    const mine = box.at("mine");
    fs.mkdirSync(mine);
    const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
    box.json(settingsFile, {
      ...settings,
      mcpServers: { plugin_guard_state: { command: process.execPath, args: [SERVER, "serve", mine] } },
    });
    const server = await modelServer([reply.toolCalls(toolCall(TOOL, {}, "c1")), reply.text("done")]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--output-format",
        "stream-json",
        "--verbose",
        "--cwd",
        box.project,
        "--dangerously-skip-permissions",
      ],
      { env: { ...modelEnv(server, box.home), ENABLE_TOOL_SEARCH: "false" } },
    );
    expect(r.code).toBe(0);
    const pid = fs.readFileSync(path.join(mine, "starts"), "utf8").trim();
    expect(requestText(server.requests[1])).toContain(pid);
    expect(fs.existsSync(box.at("state/starts"))).toBe(false);
    expect(r.stdout + r.stderr).toContain('MCP server "plugin:guard:state" left out');
  });
});
