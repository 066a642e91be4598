import fs from "node:fs";
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { parsePermissionRule, ruleCoversTool } from "../../src/approval/permission-rule.js";
import { expandVars } from "../../src/mcp/expand-vars.js";
import { loadServerEntries } from "../../src/mcp/server-entries.js";
import type { PluginFolder } from "../../src/settings/plugin-folder.js";
import { scratchDir } from "../support/e2e.js";

describe("${VAR} expansion in .mcp.json", () => {
  it("expands ${VAR} and uses ${VAR:-default} only when the variable is unset or empty", () => {
    const env = { TOKEN: "t0k", EMPTY: "" };
    expect(expandVars("Bearer ${TOKEN}", env)).toBe("Bearer t0k");
    expect(expandVars("${MISSING:-fallback}/${EMPTY:-x}", env)).toBe("fallback/x");
    expect(expandVars("${TOKEN:-unused}", env)).toBe("t0k");
    expect(expandVars("$TOKEN and ${ not a ref", env)).toBe("$TOKEN and ${ not a ref");
  });

  it("an unset variable without a default is an error naming it", () => {
    expect(() => expandVars("--key=${API_KEY}", {})).toThrow(/API_KEY is not set/);
  });
});

function layer(source: SettingsLayer["source"], file: string, settings: unknown) {
  return { source, path: file, settings } as SettingsLayer;
}

/** A plugin folder with this `.mcp.json`, as loadSettingsLayers lists it. */
function pluginFolder(source: PluginFolder["source"], servers: unknown): PluginFolder {
  const root = scratchDir("mcp-plugin-");
  fs.writeFileSync(path.join(root, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
  return { name: "p", root, dataDir: "/data/p", source };
}

describe("where MCP servers come from", () => {
  it("reads settings layers, plugins' .mcp.json, the project's .mcp.json and --mcp-config; later entries of a name win", () => {
    const project = scratchDir("mcp-project-");
    const plugin = pluginFolder("plugin", { pl: { command: "${CLAUDE_PLUGIN_ROOT}/server" } });
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({
        mcpServers: { shared: { command: "from-mcp-json" }, web: { url: "https://x.test/mcp" } },
      }),
    );
    const { entries, problems } = loadServerEntries({
      cwd: project,
      layers: [
        layer("user", "/u/settings.json", {
          mcpServers: { mine: { command: "a" }, shared: { command: "user" } },
        }),
        layer("project", "/proj/.codebot/settings.json", { mcpServers: { projset: { command: "b" } } }),
      ],
      plugins: [plugin],
      mcpConfigs: [JSON.stringify({ mcpServers: { cli: { type: "sse", url: "https://y.test/sse" } } })],
    });
    expect(problems).toEqual([]);
    const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
    expect(byName.mine).toMatchObject({ origin: "user", needsConsent: false });
    expect(byName["plugin:p:pl"]).toMatchObject({
      origin: "plugin",
      needsConsent: false,
      vars: { CLAUDE_PLUGIN_ROOT: plugin.root },
    });
    expect(byName.projset).toMatchObject({ origin: "project", needsConsent: true });
    expect(byName.shared).toMatchObject({
      origin: "mcp.json",
      needsConsent: true,
      config: { command: "from-mcp-json" },
    });
    expect(byName.web).toMatchObject({ config: { type: "http", url: "https://x.test/mcp" } });
    expect(byName.cli).toMatchObject({ origin: "mcp-config", needsConsent: false, config: { type: "sse" } });
  });

  it("a plugin only the project's settings switched on brings servers that need consent, as the project's own", () => {
    for (const source of ["project", "local"] as const) {
      const plugin = pluginFolder(source, { evil: { command: "touch", args: ["/tmp/marker"] } });
      const { entries } = loadServerEntries({
        cwd: scratchDir("mcp-project-"),
        layers: [],
        plugins: [plugin],
      });
      expect(entries).toMatchObject([
        {
          name: "plugin:p:evil",
          origin: source,
          needsConsent: true,
          file: path.join(plugin.root, ".mcp.json"),
        },
      ]);
    }
  });

  it("a plugin's server is plugin:<plugin>:<server>, beside your own server of that name, not in its place", () => {
    // claude 2.1.328 (recorded): a user server `tools` and plugin guard's `tools` both connect,
    // listed in the init line as `tools` and `plugin:guard:tools`.
    const plugin = { ...pluginFolder("plugin", { tools: { command: "from-plugin" } }), name: "guard" };
    const { entries, problems } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [layer("user", "/u/settings.json", { mcpServers: { tools: { command: "mine" } } })],
      plugins: [plugin],
    });
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.name, e.origin, e.config])).toEqual([
      ["tools", "user", { command: "mine" }],
      ["plugin:guard:tools", "plugin", { command: "from-plugin" }],
    ]);
  });

  it("a plugin's server that runs what your own server runs (its plugin root filled in) is left out, as claude does", () => {
    const plugin = {
      ...pluginFolder("plugin", {
        tools: { command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/srv.mjs"], env: { A: "1" } },
        web: { url: "https://x.test/mcp" },
        other: { command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/other.mjs"] },
      }),
      name: "guard",
    };
    const { entries } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [
        layer("user", "/u/settings.json", {
          mcpServers: {
            mine: { command: "node", args: [path.join(plugin.root, "srv.mjs")] },
            remote: { type: "http", url: "https://x.test/mcp" },
          },
        }),
      ],
      plugins: [plugin],
    });
    expect(entries.map((e) => e.name)).toEqual(["mine", "remote", "plugin:guard:other"]);
  });

  it("a plugin's server whose URL is one of yours but for host case, a default port, a trailing / or a #fragment is left out; path case, query order, port, user part and a URL the parser would change are told apart, as claude does", () => {
    // claude 2.1.328 (recorded: `Suppressing plugin MCP server` for p1, p2, p5, p6, p7 and p10 only).
    const yours = {
      u1: "https://Example.TEST:443/a/",
      u2: "http://example.test:8080/b?x=1",
      u3: "https://example.test/c",
      u4: "https://example.test/d/../e/",
      u8: "https://example.test/f",
      u9: "https://example.test/g?x=2&y=1",
      u10: "https://example.test/h",
      u11: "https://example.test/i",
      u12: "https://example.test/j~",
    };
    const plugins = {
      p1: "https://example.test/a",
      p2: "http://example.test:8080/b/?x=1",
      p3: "https://example.test/A",
      p4: "https://example.test/e",
      p5: "https://example.test/c#frag",
      p6: "HTTPS://example.test/c/",
      p7: "https://example.test/d/../e",
      p8: "https://example.test:8443/f",
      p9: "https://example.test/g?y=1&x=2",
      p10: "https://example.test/h//",
      p11: "https://u@example.test/i",
      p12: "https://example.test/j%7e",
    };
    const servers = (urls: Record<string, string>) =>
      Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, { type: "http", url }]));
    const plugin = { ...pluginFolder("plugin", servers(plugins)), name: "guard" };
    const { entries } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [layer("user", "/u/settings.json", { mcpServers: servers(yours) })],
      plugins: [plugin],
    });
    expect(entries.map((e) => e.name).filter((name) => name.startsWith("plugin:"))).toEqual(
      ["p3", "p4", "p8", "p9", "p11", "p12"].map((name) => `plugin:guard:${name}`),
    );
  });

  it("of two plugins' servers whose URLs differ only as claude does not tell them apart, the first is kept", () => {
    const first = { ...pluginFolder("plugin", { web: { url: "https://X.test:443/mcp/#top" } }), name: "one" };
    const second = { ...pluginFolder("plugin", { web: { url: "https://x.test/mcp" } }), name: "two" };
    const { entries } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [],
      plugins: [first, second],
    });
    expect(entries.map((e) => e.name)).toEqual(["plugin:one:web"]);
  });

  it("a plugin's server identical to an earlier plugin's (command line and environment, or URL) is left out, as claude does", () => {
    const same = { command: "node", args: ["/shared/srv.mjs"], env: { A: "1", CLAUDE_PLUGIN_ROOT: "x" } };
    const first = {
      ...pluginFolder("plugin", { tools: same, web: { url: "https://x.test/mcp" } }),
      name: "one",
    };
    const second = {
      ...pluginFolder("plugin", {
        copy: { ...same, env: { A: "1" } },
        otherEnv: { ...same, env: { A: "2" } },
        web: { type: "http", url: "https://x.test/mcp" },
      }),
      name: "two",
    };
    const { entries } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [],
      plugins: [first, second],
    });
    expect(entries.map((e) => e.name)).toEqual(["plugin:one:tools", "plugin:one:web", "plugin:two:otherEnv"]);
  });

  it("your server whose tools would be named as a plugin's server's keeps its name; the plugin's is left out with a notice", () => {
    const plugin = { ...pluginFolder("plugin", { tools: { command: "plugin-srv" } }), name: "guard" };
    const { entries, problems } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [
        layer("user", "/u/settings.json", { mcpServers: { plugin_guard_tools: { command: "mine" } } }),
      ],
      plugins: [plugin],
    });
    expect(entries.map((e) => e.name)).toEqual(["plugin_guard_tools"]);
    expect(problems.map((p) => p.message)).toEqual([
      'MCP server "plugin:guard:tools" left out: its tools would be named mcp__plugin_guard_tools__… like those of server "plugin_guard_tools" (/u/settings.json); rename one of them',
    ]);
  });

  it("a project's server whose tools would be named as your plugin's server's is the one left out", () => {
    const project = scratchDir("mcp-project-");
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { plugin_guard_tools: { command: "theirs" } } }),
    );
    const plugin = { ...pluginFolder("plugin", { tools: { command: "plugin-srv" } }), name: "guard" };
    const { entries, problems } = loadServerEntries({ cwd: project, layers: [], plugins: [plugin] });
    expect(entries.map((e) => e.name)).toEqual(["plugin:guard:tools"]);
    expect(problems).toEqual([
      expect.objectContaining({
        file: path.join(project, ".mcp.json"),
        message: expect.stringContaining('"plugin_guard_tools" left out'),
      }),
    ]);
  });

  it("of two plugins' servers whose names differ only in characters a tool name holds as _, the first is kept", () => {
    const first = { ...pluginFolder("plugin", { b_c: { command: "one" } }), name: "a" };
    const second = { ...pluginFolder("plugin", { c: { command: "two" } }), name: "a_b" };
    const { entries, problems } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [],
      plugins: [first, second],
    });
    expect(entries.map((e) => e.name)).toEqual(["plugin:a:b_c"]);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('"plugin:a_b:c" left out')]);
  });

  it("a project's server named as yours but for case is left out: your rules for yours, which ignore case, would cover it", () => {
    const project = scratchDir("mcp-project-");
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { GitHub: { command: "theirs" } } }),
    );
    const { entries, problems } = loadServerEntries({
      cwd: project,
      layers: [layer("user", "/u/settings.json", { mcpServers: { github: { command: "mine" } } })],
      plugins: [],
    });
    expect(entries.map((e) => e.name)).toEqual(["github"]);
    expect(problems.map((p) => p.message)).toEqual([
      'MCP server "GitHub" left out: its tools would be named mcp__GitHub__… as permission rules, which ignore case, read those of server "github" (/u/settings.json); rename one of them',
    ]);
  });

  it("of two plugins' servers whose names differ only in case, the first is kept", () => {
    const first = { ...pluginFolder("plugin", { tools: { command: "one" } }), name: "guard" };
    const second = { ...pluginFolder("plugin", { Tools: { command: "two" } }), name: "Guard" };
    const { entries, problems } = loadServerEntries({
      cwd: scratchDir("mcp-project-"),
      layers: [],
      plugins: [first, second],
    });
    expect(entries.map((e) => e.name)).toEqual(["plugin:guard:tools"]);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining('"plugin:Guard:Tools" left out'),
    ]);
  });

  it("a project's server running the same command does not take a plugin's server away", () => {
    const project = scratchDir("mcp-project-");
    const plugin = pluginFolder("plugin", { tools: { command: "node", args: ["srv.mjs"] } });
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { theirs: { command: "node", args: ["srv.mjs"] } } }),
    );
    const { entries } = loadServerEntries({ cwd: project, layers: [], plugins: [plugin] });
    expect(entries.map((e) => e.name)).toEqual(["plugin:p:tools", "theirs"]);
  });

  it("a bad entry is a problem naming it; the other entries still load", () => {
    const project = scratchDir("mcp-project-");
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({
        mcpServers: { ok: { command: "x" }, bad: { args: ["no command"] }, "a b": { command: "y" } },
      }),
    );
    const { entries, problems } = loadServerEntries({ cwd: project, layers: [], plugins: [] });
    expect(entries.map((e) => e.name)).toEqual(["ok"]);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^mcpServers\.bad/),
      expect.stringMatching(/mcpServers\.a b: a server name may hold only/),
    ]);
  });

  it("a .mcp.json that does not parse is one problem, and no server is read from it", () => {
    const project = scratchDir("mcp-project-");
    fs.writeFileSync(path.join(project, ".mcp.json"), '{"mcpServers": {');
    const { entries, problems } = loadServerEntries({ cwd: project, layers: [], plugins: [] });
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain("no MCP servers read from it");
  });

  it("the consent grant changes with any part of the entry and not with key order", () => {
    const project = scratchDir("mcp-project-");
    const grantOf = (servers: unknown) => {
      fs.writeFileSync(path.join(project, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
      return loadServerEntries({ cwd: project, layers: [], plugins: [] }).entries[0]?.grant;
    };
    const base = grantOf({ s: { command: "c", args: ["1"], env: { A: "1" } } });
    expect(base).toMatch(/^mcp:s=[0-9a-f]{16}$/);
    expect(grantOf({ s: { env: { A: "1" }, args: ["1"], command: "c" } })).toBe(base);
    expect(grantOf({ s: { command: "c", args: ["2"], env: { A: "1" } } })).not.toBe(base);
    expect(grantOf({ s: { command: "c", args: ["1"], env: { A: "2" } } })).not.toBe(base);
    expect(grantOf({ s: { command: "c", args: ["1"], env: { B: "1" } } })).not.toBe(base);
  });

  it("the consent grant changes with a header value, as written before ${VAR} expansion", () => {
    const project = scratchDir("mcp-project-");
    const grantOf = (headers: Record<string, string>) => {
      const servers = { s: { url: "https://x.test/mcp", headers } };
      fs.writeFileSync(path.join(project, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
      return loadServerEntries({ cwd: project, layers: [], plugins: [] }).entries[0]?.grant;
    };
    const base = grantOf({ "X-Trace": "${A}" });
    expect(grantOf({ "X-Trace": "${A}" })).toBe(base);
    expect(grantOf({ "X-Trace": "${B}" })).not.toBe(base);
  });

  it("the consent grant covers the content of the project scripts the command line runs, below the entry's cwd", () => {
    const project = scratchDir("mcp-project-");
    fs.mkdirSync(path.join(project, "srv"));
    fs.writeFileSync(path.join(project, "srv/main.py"), "v1\n");
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { s: { command: "python3", args: ["-u", "main.py"], cwd: "srv" } } }),
    );
    const load = () => loadServerEntries({ cwd: project, layers: [], plugins: [] }).entries[0];
    const before = load();
    expect(before?.scripts).toEqual([path.join(project, "srv/main.py")]);
    fs.writeFileSync(path.join(project, "srv/main.py"), "v2\n");
    expect(load()?.grant).not.toBe(before?.grant);
  });

  it("a script outside the project is not part of the grant", () => {
    const project = scratchDir("mcp-project-");
    const elsewhere = scratchDir("mcp-elsewhere-");
    fs.writeFileSync(path.join(elsewhere, "server.js"), "v1\n");
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { s: { command: "node", args: ["server.js"], cwd: elsewhere } } }),
    );
    expect(loadServerEntries({ cwd: project, layers: [], plugins: [] }).entries[0]?.scripts).toEqual([]);
  });
});

describe("permission rules for MCP tools", () => {
  const allows = (rule: string, tool: string) => {
    const parsed = parsePermissionRule(rule);
    if (!parsed.ok) throw new Error(parsed.error);
    return ruleCoversTool(parsed.rule, tool);
  };
  it("mcp__server allows every tool of that server and no other server's", () => {
    expect(allows("mcp__github", "mcp__github__create_issue")).toBe(true);
    expect(allows("mcp__github", "mcp__githubx__create_issue")).toBe(false);
    expect(allows("mcp__github__create_issue", "mcp__github__create_issue")).toBe(true);
    expect(allows("mcp__github__create_issue", "mcp__github__delete_repo")).toBe(false);
    expect(allows("mcp__everything__getTinyImage", "mcp__everything__getTinyImage")).toBe(true);
  });

  it("an MCP rule with a specifier is refused with how to write it, not accepted to match nothing", () => {
    expect(parsePermissionRule("mcp__fs__write_file(x)")).toEqual({
      ok: false,
      error:
        'permission rule "mcp__fs__write_file(x)": mcp__fs__write_file takes no specifier; write "mcp__fs__write_file" for the whole tool',
    });
  });

  it("mcp__server__* is Claude Code's other spelling of mcp__server: every tool of that server", () => {
    expect(allows("mcp__github__*", "mcp__github__create_issue")).toBe(true);
    expect(allows("mcp__github__*", "mcp__githubx__create_issue")).toBe(false);
    expect(allows("mcp__github__*", "mcp__other__create_issue")).toBe(false);
  });

  it("a deny or ask rule with * anywhere is a glob over MCP tool names, as in Claude Code", () => {
    const tightens = (rule: string, tool: string) => {
      const parsed = parsePermissionRule(rule);
      if (!parsed.ok) throw new Error(parsed.error);
      return ruleCoversTool(parsed.rule, tool, true);
    };
    expect(tightens("mcp__t__p*", "mcp__t__pid")).toBe(true);
    expect(tightens("mcp__t__p*", "mcp__t__picture")).toBe(true);
    expect(tightens("mcp__t__p*", "mcp__t__die")).toBe(false);
    expect(tightens("mcp__*", "mcp__any__tool")).toBe(true);
    expect(tightens("mcp__*", "bash")).toBe(false);
    expect(tightens("mcp__t__*x", "mcp__t__pid")).toBe(false);
  });

  it("an allow rule's * counts only after a whole server (mcp__t__p*); mcp__* and mcp__t* allow nothing", () => {
    expect(allows("mcp__t__p*", "mcp__t__pid")).toBe(true);
    expect(allows("mcp__t__p*", "mcp__u__pid")).toBe(false);
    expect(allows("mcp__*", "mcp__t__pid")).toBe(false);
    expect(allows("mcp__t*", "mcp__t__pid")).toBe(false);
  });

  it("an allow rule for a server does not reach a server named after it with __ (github__x), as in claude 2.1.328", () => {
    expect(allows("mcp__github", "mcp__github__x__push")).toBe(false);
    expect(allows("mcp__github__*", "mcp__github__x__push")).toBe(false);
    expect(allows("mcp__github__p*", "mcp__github__pr__push")).toBe(false);
    expect(allows("mcp__github__x__*", "mcp__github__x__push")).toBe(true);
    // Deny and ask rules still cover both readings.
    const parsed = parsePermissionRule("mcp__github");
    expect(parsed.ok && ruleCoversTool(parsed.rule, "mcp__github__x__push", true)).toBe(true);
  });

  it("a server whose name holds __ (my__fs): a deny or ask rule mcp__my__fs covers its tools, an allow rule needs mcp__my__fs__*", () => {
    const covers = (rule: string, tool: string, tightening: boolean) => {
      const parsed = parsePermissionRule(rule);
      if (!parsed.ok) throw new Error(parsed.error);
      return ruleCoversTool(parsed.rule, tool, tightening);
    };
    expect(covers("mcp__my__fs", "mcp__my__fs__write_file", true)).toBe(true);
    expect(covers("mcp__my__fs", "mcp__my__fs", true)).toBe(true);
    expect(covers("mcp__my__fs", "mcp__my__fsx__write_file", true)).toBe(false);
    // Allowing: the rule reads as the tool fs of a server my, and allows no more.
    expect(covers("mcp__my__fs", "mcp__my__fs__write_file", false)).toBe(false);
    expect(covers("mcp__my__fs__*", "mcp__my__fs__write_file", false)).toBe(true);
  });
});
