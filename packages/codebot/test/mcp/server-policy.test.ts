/**
 * Claude Code's MCP server lists (mcp/server-policy.ts, server-policy-verdict.ts) and the
 * organisation's servers (mcp/managed-servers.ts), as loadServerEntries applies them.
 */
import fs from "node:fs";
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { loadServerEntries, type ServerEntriesOptions } from "../../src/mcp/server-entries.js";
import { scratchDir } from "../support/e2e.js";

function layer(source: SettingsLayer["source"], settings: unknown) {
  return { source, path: `/${source}/.claude/settings.json`, settings } as SettingsLayer;
}
const server = { command: "node", args: ["server.mjs"] };
const other = { command: "node", args: ["server.mjs", "--other"] };
const third = { command: "node", args: ["third.mjs"] };

function load(options: Partial<ServerEntriesOptions> & Pick<ServerEntriesOptions, "layers">) {
  const { entries, problems } = loadServerEntries({
    cwd: scratchDir("codebot-policy-"),
    plugins: [],
    ...options,
  });
  return { names: entries.map((e) => e.name), messages: problems.map((p) => p.message) };
}

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
    const { names } = load({
      layers: [
        layer("user", { mcpServers: { mine: server } }),
        layer("project", { deniedMcpServers: [{ serverName: "mine" }] }),
      ],
    });
    expect(names).toEqual([]);
  });

  it("serverCommand matches the command and its arguments exactly", () => {
    const { names } = load({
      layers: [
        layer("user", { mcpServers: { a: server, b: other } }),
        layer("managed", { deniedMcpServers: [{ serverCommand: ["node", "server.mjs"] }] }),
      ],
    });
    expect(names).toEqual(["b"]);
  });

  it("serverCommand matches the command as it would run: ${VAR} does not slip past it", () => {
    const { names } = load({
      layers: [
        layer("project", { mcpServers: { sly: { command: "${NODE_BIN:-node}", args: ["server.mjs"] } } }),
        layer("user", { deniedMcpServers: [{ serverCommand: ["node", "server.mjs"] }] }),
      ],
      env: {},
    });
    expect(names).toEqual([]);
  });

  it("serverUrl's * matches any characters, and only remote servers", () => {
    const { names } = load({
      layers: [
        layer("user", {
          mcpServers: {
            local: { type: "http", url: "http://127.0.0.1:4000/mcp" },
            named: { type: "http", url: "http://localhost:4000/mcp" },
            stdio: server,
          },
        }),
        layer("managed", { deniedMcpServers: [{ serverUrl: "http://127.0.0.1:*" }] }),
      ],
    });
    expect(names).toEqual(["named", "stdio"]);
  });

  it("serverUrl denies another spelling of the same address (scheme and host case, default port)", () => {
    const { names } = load({
      layers: [
        layer("user", {
          mcpServers: {
            upper: { type: "http", url: "HTTPS://MCP.Example.com/x" },
            port: { type: "sse", url: "https://mcp.example.com:443/x" },
          },
        }),
        layer("managed", { deniedMcpServers: [{ serverUrl: "https://mcp.example.com/*" }] }),
      ],
    });
    expect(names).toEqual([]);
  });

  it("an entry with none or several of serverName, serverCommand, serverUrl is a warning and ignored", () => {
    const { names, messages } = load({
      layers: [
        layer("user", { mcpServers: { a: server } }),
        layer("managed", { deniedMcpServers: [{ serverName: "a", serverUrl: "x" }] }),
      ],
    });
    expect(names).toEqual(["a"]);
    expect(messages).toEqual([expect.stringMatching(/^deniedMcpServers\[0\]: expected exactly one of/)]);
  });
});

describe("allowedMcpServers", () => {
  it("only the servers your list names start; the others are named in a warning", () => {
    const { names, messages } = load({
      layers: [
        layer("user", { mcpServers: { a: server, b: other }, allowedMcpServers: [{ serverName: "a" }] }),
      ],
    });
    expect(names).toEqual(["a"]);
    expect(messages).toEqual(['MCP server "b" is not in allowedMcpServers: it does not start']);
  });

  it("an empty list admits no server", () => {
    const { names } = load({
      layers: [layer("user", { mcpServers: { a: server } }), layer("managed", { allowedMcpServers: [] })],
    });
    expect(names).toEqual([]);
  });

  it("the managed and your user lists add up", () => {
    const { names } = load({
      layers: [
        layer("managed", { allowedMcpServers: [{ serverCommand: ["node", "server.mjs"] }] }),
        layer("user", {
          mcpServers: { a: server, b: other, c: server, d: third },
          allowedMcpServers: [{ serverName: "b" }],
        }),
      ],
    });
    expect(names).toEqual(["a", "b", "c"]);
  });

  it("a deny wins over an allow", () => {
    const { names } = load({
      layers: [
        layer("managed", { allowedMcpServers: [{ serverName: "a" }, { serverName: "b" }] }),
        layer("user", {
          mcpServers: { a: server, b: other, c: third },
          deniedMcpServers: [{ serverName: "a" }],
        }),
      ],
    });
    expect(names).toEqual(["b"]);
  });

  it("a project's allow list never admits a server your lists leave out", () => {
    const cwd = scratchDir("codebot-policy-");
    fs.writeFileSync(path.join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { repo: other } }));
    const { names } = load({
      cwd,
      layers: [
        layer("managed", { allowedMcpServers: [{ serverName: "a" }] }),
        layer("user", { mcpServers: { a: server } }),
        layer("project", { allowedMcpServers: [{ serverName: "repo" }, { serverName: "a" }] }),
        layer("local", {
          allowedMcpServers: [{ serverCommand: ["node", "server.mjs", "--other"] }, { serverName: "a" }],
        }),
      ],
    });
    expect(names).toEqual(["a"]);
  });

  it("a project's allow list narrows: a server must pass it as well as yours", () => {
    const { names } = load({
      layers: [
        layer("user", { mcpServers: { a: server, b: other } }),
        layer("project", { allowedMcpServers: [{ serverName: "b" }] }),
      ],
    });
    expect(names).toEqual(["b"]);
  });

  it("allowManagedMcpServersOnly in the managed settings: only the managed lists count", () => {
    const { names } = load({
      layers: [
        layer("managed", { allowManagedMcpServersOnly: true, allowedMcpServers: [{ serverName: "a" }] }),
        layer("user", { mcpServers: { a: server, b: other }, allowedMcpServers: [{ serverName: "b" }] }),
      ],
    });
    expect(names).toEqual(["a"]);
  });

  it("allowManagedMcpServersOnly anywhere else is ignored, with a warning", () => {
    const { names, messages } = load({
      layers: [
        layer("managed", { allowedMcpServers: [{ serverName: "a" }] }),
        layer("user", {
          mcpServers: { a: server, b: other },
          allowManagedMcpServersOnly: true,
          allowedMcpServers: [{ serverName: "b" }],
        }),
      ],
    });
    expect(names).toEqual(["a", "b"]);
    expect(messages).toEqual([
      "allowManagedMcpServersOnly is only honoured in the managed settings; ignored",
    ]);
  });
});

describe("a plugin's servers under the lists", () => {
  function plugin(servers: Record<string, unknown>) {
    const root = scratchDir("codebot-policy-plugin-");
    fs.writeFileSync(path.join(root, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
    return { name: "guard", root, dataDir: path.join(root, "data"), source: "plugin" as const };
  }

  it("are denied by their own name or plugin:<plugin>:<server>", () => {
    const { names } = load({
      plugins: [plugin({ tools: server, state: other, extra: third })],
      layers: [
        layer("user", { deniedMcpServers: [{ serverName: "tools" }, { serverName: "plugin:guard:state" }] }),
      ],
    });
    expect(names).toEqual(["plugin:guard:extra"]);
  });

  it("are allowed by plugin:<plugin>:<server> only: a plugin cannot pass your list by naming its server like yours", () => {
    const { names } = load({
      plugins: [plugin({ tools: server, state: other })],
      layers: [
        layer("user", { allowedMcpServers: [{ serverName: "tools" }, { serverName: "plugin:guard:state" }] }),
      ],
    });
    expect(names).toEqual(["plugin:guard:state"]);
  });

  it("are held to your allow list by what they run", () => {
    const { names } = load({
      plugins: [plugin({ tools: server, state: other })],
      layers: [
        layer("managed", { allowedMcpServers: [{ serverCommand: ["node", "server.mjs", "--other"] }] }),
      ],
    });
    expect(names).toEqual(["plugin:guard:state"]);
  });
});

describe("the organisation's servers", () => {
  function managedMcp(content: string): string {
    const file = path.join(scratchDir("codebot-managed-mcp-"), "managed-mcp.json");
    fs.writeFileSync(file, content);
    return file;
  }

  it("managed-mcp.json decides alone which servers run, and its own need no allow entry", () => {
    const file = managedMcp(JSON.stringify({ mcpServers: { org: other } }));
    const { names, messages } = load({
      managedMcpFiles: [path.join(path.dirname(file), "absent.json"), file],
      layers: [layer("managed", { allowedMcpServers: [] }), layer("user", { mcpServers: { mine: server } })],
      mcpConfigs: [JSON.stringify({ mcpServers: { flag: server } })],
    });
    expect(names).toEqual(["org"]);
    expect(messages).toEqual([
      `MCP server "mine" is not in the organisation's managed-mcp.json (${file}), which decides which MCP servers run: it does not start`,
      `MCP server "flag" is not in the organisation's managed-mcp.json (${file}), which decides which MCP servers run: it does not start`,
    ]);
  });

  it("a managed-mcp.json server is still denied by your deniedMcpServers, not by a project's", () => {
    const file = managedMcp(JSON.stringify({ mcpServers: { org: other, kept: server } }));
    const { names } = load({
      managedMcpFiles: [file],
      layers: [
        layer("user", { deniedMcpServers: [{ serverName: "org" }] }),
        layer("project", { deniedMcpServers: [{ serverName: "kept" }], allowedMcpServers: [] }),
      ],
    });
    expect(names).toEqual(["kept"]);
  });

  it("a managed-mcp.json server with ${VAR} in its command must be on the allow list", () => {
    const file = managedMcp(
      JSON.stringify({ mcpServers: { org: { command: "${NODE_BIN:-node}", args: ["x"] }, plain: server } }),
    );
    const { names } = load({
      managedMcpFiles: [file],
      layers: [layer("managed", { allowedMcpServers: [] })],
    });
    expect(names).toEqual(["plain"]);
  });

  it("a managed-mcp.json that cannot be read lets no server start", () => {
    const file = managedMcp('{"mcpServers":');
    const { names, messages } = load({
      managedMcpFiles: [file],
      layers: [layer("user", { mcpServers: { mine: server } })],
    });
    expect(names).toEqual([]);
    expect(messages[0]).toContain(
      "(the organisation's managed-mcp.json: no MCP server starts until it is fixed)",
    );
  });

  it("managedMcpServers: the managed settings' https servers start past an empty allow list; others are refused", () => {
    const { names, messages } = load({
      layers: [
        layer("managed", {
          allowedMcpServers: [],
          managedMcpServers: {
            docs: { type: "http", url: "https://mcp.example.com/docs" },
            plain: { type: "http", url: "http://mcp.example.com/docs" },
            run: server,
          },
        }),
        layer("user", { managedMcpServers: { mine: { type: "http", url: "https://mine.example.com/" } } }),
      ],
    });
    expect(names).toEqual(["docs"]);
    expect(messages).toEqual([
      "managedMcpServers.plain: the url must be https://; this server is ignored",
      "managedMcpServers.run: only http or sse servers (a url) are delivered this way, not a command to run; this server is ignored",
      "managedMcpServers is only honoured in the managed settings; ignored",
    ]);
  });
});
