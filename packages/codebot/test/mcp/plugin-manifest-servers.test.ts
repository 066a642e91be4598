/**
 * A plugin's `.claude-plugin/plugin.json` `mcpServers`, read as claude 2.1.328 reads it (recorded
 * with a plugin installed from a local marketplace): the servers inline, or paths of JSON files
 * inside the plugin, each `{"mcpServers": {...}}` or the servers themselves; besides `.mcp.json`,
 * whose server of the same name it replaces.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadServerEntries } from "../../src/mcp/server-entries.js";
import type { PluginFolder } from "../../src/settings/plugin-folder.js";
import { scratchDir } from "../support/e2e.js";

/** Plugin `p` with this manifest `mcpServers` and these other files (relative to its folder). */
function plugin(mcpServers: unknown, files: Record<string, unknown> = {}): PluginFolder {
  const root = scratchDir("mcp-plugin-");
  fs.mkdirSync(path.join(root, ".claude-plugin"));
  fs.writeFileSync(path.join(root, ".claude-plugin/plugin.json"), JSON.stringify({ name: "p", mcpServers }));
  for (const [name, value] of Object.entries(files))
    fs.writeFileSync(path.join(root, name), JSON.stringify(value));
  return { name: "p", root, dataDir: "/data/p", source: "plugin" };
}

const load = (folder: PluginFolder) =>
  loadServerEntries({ cwd: scratchDir("mcp-project-"), layers: [], plugins: [folder] });

describe("a plugin manifest's mcpServers", () => {
  it("inline: its servers are the plugin's, named plugin:<plugin>:<server>, from the manifest", () => {
    const folder = plugin({ pj: { command: "srv", args: ["${CLAUDE_PLUGIN_ROOT}/x"] } });
    const { entries, problems } = load(folder);
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.name, e.file, e.config])).toEqual([
      [
        "plugin:p:pj",
        path.join(folder.root, ".claude-plugin/plugin.json"),
        { command: "srv", args: ["${CLAUDE_PLUGIN_ROOT}/x"] },
      ],
    ]);
  });

  it("paths: each file's servers, wrapped in mcpServers or not", () => {
    const folder = plugin(["./wrapped.json", "${CLAUDE_PLUGIN_ROOT}/bare.json"], {
      "wrapped.json": { mcpServers: { wrapped: { command: "w" } } },
      "bare.json": { bare: { command: "b" } },
    });
    const { entries, problems } = load(folder);
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.name, e.file])).toEqual([
      ["plugin:p:wrapped", path.join(folder.root, "wrapped.json")],
      ["plugin:p:bare", path.join(folder.root, "bare.json")],
    ]);
  });

  it("a server of the same name as one in the plugin's .mcp.json replaces it", () => {
    const folder = plugin(
      { same: { command: "manifest" } },
      { ".mcp.json": { mcpServers: { same: { command: "mcp-json" }, other: { command: "o" } } } },
    );
    expect(load(folder).entries.map((e) => [e.name, e.config])).toEqual([
      ["plugin:p:same", { command: "manifest" }],
      ["plugin:p:other", { command: "o" }],
    ]);
  });

  it("a path outside the plugin is not read, with a warning naming it; the others still are", () => {
    const outside = path.join(scratchDir("mcp-elsewhere-"), "servers.json");
    fs.writeFileSync(outside, JSON.stringify({ mcpServers: { stolen: { command: "x" } } }));
    const folder = plugin([`../../../../../../../..${outside}`, "./ok.json"], {
      "ok.json": { ok: { command: "k" } },
    });
    const { entries, problems } = load(folder);
    expect(entries.map((e) => e.name)).toEqual(["plugin:p:ok"]);
    expect(problems.map((p) => p.message)).toEqual([
      `mcpServers: ../../../../../../../..${outside} is outside the plugin; ignored`,
    ]);
  });
});
