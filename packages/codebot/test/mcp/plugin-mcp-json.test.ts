/**
 * A plugin's `.mcp.json` end to end (issue 15): a plugin installed as Claude Code installs it,
 * whose `.mcp.json` starts a real server with `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}`
 * expanded; its tool is reachable as `mcp__<server>__<tool>` in a `-p` run, and no server process
 * outlives the run.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "../cli/support/claude-plugin-install.js";
import { modelEnv, modelServer, requestText, sandbox } from "../cli/support/cli-fixtures.js";
import { runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

describe("a plugin's .mcp.json", () => {
  it("starts its server for the session; the model calls mcp__state__pid and gets the server's pid", async () => {
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
      reply.toolCalls(toolCall("mcp__state__pid", {}, "c1")),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "which pid?", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("mcp__state__pid");
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
