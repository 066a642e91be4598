/** Claude Code's deniedMcpServers (mcp/denied-servers.ts): a server it names does not start, wherever it was configured. */
import fs from "node:fs";
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { loadServerEntries } from "../../src/mcp/server-entries.js";
import { scratchDir } from "../support/e2e.js";

function layer(source: SettingsLayer["source"], settings: unknown) {
  return { source, path: `/${source}/.claude/settings.json`, settings } as SettingsLayer;
}
const server = { command: "node", args: ["server.mjs"] };

describe("deniedMcpServers", () => {
  it("a server named by serverName is left out, with a warning, wherever it was configured", () => {
    const cwd = scratchDir("codebot-denied-");
    fs.writeFileSync(path.join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { fromRepo: server } }));
    const { entries, problems } = loadServerEntries({
      cwd,
      plugins: [],
      layers: [
        layer("user", {
          mcpServers: { mine: server, other: server },
          deniedMcpServers: [{ serverName: "mine" }],
        }),
        layer("managed", { deniedMcpServers: [{ serverName: "fromRepo" }] }),
      ],
      mcpConfigs: [JSON.stringify({ mcpServers: { mine: server } })],
    });
    expect(entries.map((e) => e.name)).toEqual(["other"]);
    expect(problems.map((p) => p.message)).toEqual([
      'MCP server "mine" is in deniedMcpServers: it does not start',
      'MCP server "fromRepo" is in deniedMcpServers: it does not start',
    ]);
  });

  it("a project's deny counts too: it only restricts", () => {
    const cwd = scratchDir("codebot-denied-");
    const { entries } = loadServerEntries({
      cwd,
      plugins: [],
      layers: [
        layer("user", { mcpServers: { mine: server } }),
        layer("project", { deniedMcpServers: [{ serverName: "mine" }] }),
      ],
    });
    expect(entries).toEqual([]);
  });
});
