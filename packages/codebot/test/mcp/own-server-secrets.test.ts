/**
 * `codebot mcp list` shows the user's own servers' env and header values masked (they are often
 * secrets and need no approval), and a project's as written (they are what the approval covers).
 */
import fs from "node:fs";
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { serverDetailLines } from "../../src/cli/mcp/server-view.js";
import { shownConfig } from "../../src/cli/mcp/shown-config.js";
import { stylesFor } from "../../src/cli/output/styles.js";
import { loadServerEntries } from "../../src/mcp/server-entries.js";
import type { ServerEntry } from "../../src/mcp/server-entry.js";
import { scratchDir } from "../support/e2e.js";

const servers = {
  gh: { command: "gh-mcp", env: { GITHUB_TOKEN: "ghp_secret" } },
  web: { type: "http", url: "https://x.test/mcp", headers: { Authorization: "Bearer sk-secret" } },
};

function entries(): Record<string, ServerEntry> {
  const project = scratchDir("mcp-secrets-");
  fs.writeFileSync(
    path.join(project, ".mcp.json"),
    JSON.stringify({ mcpServers: { projgh: servers.gh, projweb: servers.web } }),
  );
  const user = {
    source: "user",
    path: "/u/settings.json",
    settings: { mcpServers: servers },
  } as SettingsLayer;
  const loaded = loadServerEntries({ cwd: project, layers: [user], plugins: [] }).entries;
  return Object.fromEntries(loaded.map((e) => [e.name, e]));
}
const lines = (entry: ServerEntry | undefined) =>
  serverDetailLines(entry as ServerEntry, "/", stylesFor({ isTTY: false })).join("\n");

describe("secret values of the user's own MCP servers", () => {
  it("the user's own entries show env and header names with the values masked, in text and in JSON", () => {
    const e = entries();
    expect(lines(e.gh)).toContain("env: GITHUB_TOKEN=…");
    expect(lines(e.web)).toContain("header: Authorization: …");
    expect(JSON.stringify([shownConfig(e.gh as ServerEntry), shownConfig(e.web as ServerEntry)])).not.toMatch(
      /secret/,
    );
  });

  it("a project's entries show the values as written, since the approval covers them", () => {
    const e = entries();
    expect(lines(e.projgh)).toContain("env: GITHUB_TOKEN=ghp_secret");
    expect(shownConfig(e.projweb as ServerEntry)).toMatchObject({
      headers: { Authorization: "Bearer sk-secret" },
    });
  });
});
