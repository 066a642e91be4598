/**
 * `/reload-plugins` in the interactive session: the plugins read again as the Agent SDK's
 * `reload_plugins` reads them, then claude 2.1.328's count line (recorded in tmux with a plugin of
 * a local marketplace: `Reloaded: 1 plugin · 2 skills · 6 agents · 1 hook · 1 plugin MCP server · 0
 * plugin LSP servers`).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "../mcp/fixtures/test-server.mjs");

/** Plugin guard's `.mcp.json`: the test server once per name, each recording its pids in a folder of that name. */
function guardServers(box: Sandbox, root: string, names: Record<string, string[]>): void {
  const servers: Record<string, unknown> = {};
  for (const [name, extra] of Object.entries(names)) {
    fs.mkdirSync(box.at(name), { recursive: true });
    servers[name] = { command: process.execPath, args: [SERVER, "serve", box.at(name), ...extra] };
  }
  box.json(path.join(root, ".mcp.json"), { mcpServers: servers });
}

/** The pids a test server folder recorded as started. */
function starts(box: Sandbox, name: string): number[] {
  const file = path.join(box.at(name), "starts");
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, "utf8").trim().split("\n").map(Number);
}

describe("/reload-plugins", { timeout: 180_000 }, () => {
  it("takes in a command the plugin gained since the start and says claude's counts", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const term = await startSession(box, await modelServer([]));
    box.write(path.join(root, "commands/bye.md"), "---\ndescription: say bye\n---\nSay bye\n");
    term.submit("/reload-plugins");
    await term.waitForScreen(/^Reloaded: 1 plugin · 1 skill · \d+ agents? · 1 hook · 0 plugin MCP servers$/m);
    term.submit("/skills");
    await term.waitForScreen("/guard:bye  say bye");
  });

  it("Tab completes a command the reload brought", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const term = await startSession(box, await modelServer([]));
    box.write(path.join(root, "commands/bye.md"), "---\ndescription: say bye\n---\nSay bye\n");
    term.submit("/reload-plugins");
    await term.waitForScreen(/^Reloaded: 1 plugin/m);
    term.type("/guard:b");
    term.press("Tab");
    await term.waitForScreen(/^›\s*\/guard:bye$/m);
  });

  it("in a session that began with no MCP server, starts the servers of a plugin installed since; the next request has their tools", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("answered after the reload")]);
    // The tools offered in the request itself, not by name behind the tool search.
    const term = await startSession(box, server, { env: { ENABLE_TOOL_SEARCH: "false" } });
    const { root } = installPluginAsClaudeCodeDid(box);
    guardServers(box, root, { t: [] });
    term.submit("/reload-plugins");
    await term.waitForScreen(/^Reloaded: 1 plugin · 0 skills · \d+ agents? · 1 hook · 1 plugin MCP server$/m);
    expect(starts(box, "t")).toHaveLength(1);
    term.submit("hello");
    await term.waitForScreen("answered after the reload");
    const asked = server.requests.find((request) => requestText(request).includes("hello"));
    const tools = (asked?.body as { tools: { name: string }[] } | undefined)?.tools ?? [];
    expect(tools.map((tool) => tool.name)).toContain("mcp__plugin_guard_t__pid");
  });

  it("restarts a server whose entry changed, leaves an unchanged one running, and stops both once the plugin is disabled", async () => {
    const box = sandbox();
    const { root, claudeHome } = installPluginAsClaudeCodeDid(box);
    guardServers(box, root, { same: [], changed: [] });
    const term = await startSession(box, await modelServer([]));
    await waitFor(() => starts(box, "same").length === 1 && starts(box, "changed").length === 1);
    const [same] = starts(box, "same");
    const [before] = starts(box, "changed");
    guardServers(box, root, { same: [], changed: ["--verbose"] });
    term.submit("/reload-plugins");
    await term.waitForScreen("2 plugin MCP servers");
    expect(starts(box, "same")).toEqual([same]);
    expect(starts(box, "changed")).toHaveLength(2);
    await waitFor(() => !alive(before as number));
    const after = starts(box, "changed")[1] as number;
    expect(alive(same as number)).toBe(true);
    box.json(path.join(claudeHome, "settings.json"), { enabledPlugins: { "guard@local-market": false } });
    term.submit("/reload-plugins");
    await term.waitForScreen(
      /^Reloaded: 0 plugins · 0 skills · \d+ agents? · 0 hooks · 0 plugin MCP servers$/m,
    );
    await waitFor(() => !alive(same as number) && !alive(after));
  });

  it("keeps a server whose script changed but whose entry did not, as claude's reload does (recorded)", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const script = path.join(root, "server.mjs");
    // The plugin's own script (the test server's module resolution stays the repository's).
    fs.writeFileSync(script, `await import(${JSON.stringify(pathToFileURL(SERVER).href)});\n`);
    fs.mkdirSync(box.at("t"), { recursive: true });
    box.json(path.join(root, ".mcp.json"), {
      mcpServers: { t: { command: process.execPath, args: [script, "serve", box.at("t")] } },
    });
    const term = await startSession(box, await modelServer([]));
    await waitFor(() => starts(box, "t").length === 1);
    fs.appendFileSync(script, "\n// changed\n");
    term.submit("/reload-plugins");
    await term.waitForScreen(/^Reloaded: 1 plugin · 0 skills · \d+ agents? · 1 hook · 1 plugin MCP server$/m);
    expect(starts(box, "t")).toHaveLength(1);
    expect(alive(starts(box, "t")[0] as number)).toBe(true);
  });

  /** The agent tool's description in the request that carried `prompt`. */
  const agentToolOf = (server: Awaited<ReturnType<typeof modelServer>>, prompt: string) => {
    const asked = server.requests.find((request) => requestText(request).includes(prompt));
    const tools =
      (asked?.body as { tools: { name: string; description: string }[] } | undefined)?.tools ?? [];
    return tools.find((tool) => tool.name === "agent")?.description ?? "";
  };
  const HELPER = "---\nname: helper\ndescription: helps with the reload\n---\nYou help.\n";

  it("offers an agent added to the plugin since the start, as claude's reload does (recorded)", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const server = await modelServer([reply.text("answered after the reload")]);
    const term = await startSession(box, server);
    term.submit("/reload-plugins");
    const before = await term.waitForScreen(/^Reloaded: 1 plugin · 0 skills · (\d+) agents? /m);
    const count = Number(/^Reloaded: 1 plugin · 0 skills · (\d+) agents? /m.exec(before)?.[1]);
    box.write(path.join(root, "agents/helper.md"), HELPER);
    term.submit("/reload-plugins");
    await term.waitForScreen(new RegExp(`^Reloaded: 1 plugin · 0 skills · ${count + 1} agents? `, "m"));
    term.submit("hello");
    await term.waitForScreen("answered after the reload");
    expect(agentToolOf(server, "hello")).toContain("- guard:helper: helps with the reload");
  });

  it("no longer offers an agent taken out of the plugin", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    box.write(path.join(root, "agents/helper.md"), HELPER);
    const server = await modelServer([reply.text("answered after the reload")]);
    const term = await startSession(box, server);
    fs.rmSync(path.join(root, "agents/helper.md"));
    term.submit("/reload-plugins");
    await term.waitForScreen(/^Reloaded: 1 plugin/m);
    term.submit("hello");
    await term.waitForScreen("answered after the reload");
    expect(agentToolOf(server, "hello")).not.toContain("guard:helper");
  });

  it("lists each plugin hook the reload added or took away", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const term = await startSession(box, await modelServer([]));
    box.json(path.join(root, "hooks/hooks.json"), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo bye" }] }] },
    });
    term.submit("/reload-plugins");
    const screen = await term.waitForScreen("+ hook of plugin guard: Stop: echo bye");
    expect(screen).toContain("- hook of plugin guard: PreToolUse Bash: ${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh");
  });

  it("/hooks lists a plugin's hooks as the session runs them until the reload takes an edit in", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const term = await startSession(box, await modelServer([]));
    box.json(path.join(root, "hooks/hooks.json"), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo bye" }] }] },
    });
    term.submit("/hooks");
    const before = await term.waitForScreen("guard.sh");
    expect(before).not.toContain("echo bye");
    term.submit("/reload-plugins");
    await term.waitForScreen("+ hook of plugin guard: Stop: echo bye");
    term.submit("/hooks");
    await term.waitForScreen("Stop[0].hooks[0] command: echo bye");
  });

  it("counts a plugin whose manifest does not parse as claude does, after saying why", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const term = await startSession(box, await modelServer([]));
    box.write(path.join(root, ".claude-plugin/plugin.json"), "{bad");
    term.submit("/reload-plugins");
    const screen = await term.waitForScreen("1 error during load (said above)");
    expect(screen).toMatch(/plugin\.json[^\n]*\n[\s\S]*Reloaded: 1 plugin/);
  });

  it("keeps the hooks of a guard plugin whose hooks.json broke since the start, says so, and the guard still blocks", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo ran" }, "b-1"),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, { args: ["--dangerously-skip-permissions"] });
    box.write(path.join(root, "hooks/hooks.json"), '{"hooks":{"PreToolUse":[{"matcher":"Bash",,]}');
    term.submit("/reload-plugins");
    const screen = await term.waitForScreen("1 error during load (said above)");
    // The notice wraps at the terminal's width.
    expect(screen.replace(/\s+/g, " ")).toMatch(
      /hooks\.json:1:\d+: plugin guard: .*; the session keeps the plugin's hooks as they were loaded \(fix the file\)/,
    );
    expect(screen).toMatch(/^Reloaded: 1 plugin · 0 skills · \d+ agents? · 1 hook · 0 plugin MCP servers$/m);
    term.submit("run it");
    await term.waitForScreen(/^done$/m);
    expect(requestText(server.requests[1])).toContain(`guard from ${root} data`);
  });

  it("keeps the guard of a plugin whose hooks.json broke when a settings file changes: plugins are not read again then", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const userSettings = box.json(`${box.home}/settings.json`, {});
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo ran" }, "b-1"),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, { args: ["--dangerously-skip-permissions"] });
    box.write(path.join(root, "hooks/hooks.json"), '{"hooks":{"PreToolUse":[{"matcher":"Bash",,]}');
    box.json(userSettings, { permissions: { allow: ["Bash(ls)"] } });
    const screen = await term.waitForScreen(
      /settings\.json changed; its hooks and permission rules apply from now on$/m,
    );
    // Only /reload-plugins reads the plugins again, and says what broke (the test above).
    expect(screen).not.toContain("hooks.json");
    term.submit("run it");
    await term.waitForScreen(/^done$/m);
    expect(requestText(server.requests[1])).toContain(`guard from ${root} data`);
  });

  it("keeps the guard a plugin's manifest names when that manifest broke since the start", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    fs.renameSync(path.join(root, "hooks/hooks.json"), path.join(root, "hooks/guard.json"));
    box.json(path.join(root, ".claude-plugin/plugin.json"), { name: "guard", hooks: "./hooks/guard.json" });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo ran" }, "b-1"),
      reply.text("done"),
    ]);
    const term = await startSession(box, server, { args: ["--dangerously-skip-permissions"] });
    box.write(path.join(root, ".claude-plugin/plugin.json"), "{bad");
    term.submit("/reload-plugins");
    const screen = await term.waitForScreen("1 error during load (said above)");
    expect(screen.replace(/\s+/g, " ")).toMatch(
      /plugin\.json: plugin manifest is not valid JSON \(.+\); the session keeps the plugin's hooks as they were loaded/,
    );
    expect(screen).toMatch(/^Reloaded: 1 plugin · 0 skills · \d+ agents? · 1 hook · 0 plugin MCP servers$/m);
    term.submit("run it");
    await term.waitForScreen(/^done$/m);
    expect(requestText(server.requests[1])).toContain(`guard from ${root} data`);
  });

  it("at the next start (-c) with the hooks.json still broken, says in red that the plugin is skipped", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const server = await modelServer([reply.text("first")]);
    const first = await startSession(box, server);
    first.submit("hi");
    await first.waitForScreen(/^first$/m);
    first.submit("/exit");
    expect(await first.exitCode()).toBe(0);
    box.write(path.join(root, "hooks/hooks.json"), '{"hooks":{"PreToolUse":[{"matcher":"Bash",,]}');
    const again = await startSession(box, server, { args: ["-c"] });
    const screen = await again.waitForScreen("(plugin skipped)");
    expect(screen.replace(/\s+/g, " ")).toMatch(
      /error: settings: \S+hooks\.json:1:\d+: plugin guard: [^(]+\(plugin skipped\)/,
    );
    const esc = "\x1b";
    expect(again.screen(true)).toMatch(new RegExp(`${esc}\\[31m(?:${esc}\\[\\d+m)*error`));
  });

  it("is in /help", async () => {
    const box = sandbox();
    const term = await startSession(box, await modelServer([]));
    term.submit("/help");
    await term.waitForScreen(/^\/reload-plugins +read the plugins again/m);
  });
});
