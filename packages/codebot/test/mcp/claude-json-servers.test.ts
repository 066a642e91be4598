import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "../cli/support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "../cli/support/cli-process.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

/** A test server entry as `claude mcp add` writes one (recorded with claude 2.1.328). */
function stdio(state: string, ...extra: string[]) {
  return { type: "stdio", command: process.execPath, args: [SERVER, "serve", state, ...extra], env: {} };
}

function starts(state: string): number[] {
  const file = path.join(state, "starts");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").map(Number) : [];
}

function boxWithState() {
  const box = sandbox();
  const state = box.at("state");
  fs.mkdirSync(state);
  return { box, state, project: fs.realpathSync(box.project) };
}

async function listJson(cwd: string, env: NodeJS.ProcessEnv) {
  const list = await runCli(["mcp", "list", "--json", "--cwd", cwd], { env });
  const json = JSON.parse(list.stdout) as { servers: Record<string, unknown>[]; problems: string[] };
  return { ...list, ...json };
}

describe("the MCP servers `claude mcp add` wrote to ~/.claude.json", () => {
  it("the user scope (mcpServers) and this project's local scope load as your own; another project's do not", async () => {
    const { box, state, project } = boxWithState();
    box.json(`${box.home}/.claude.json`, {
      mcpServers: { x: stdio(state) },
      projects: {
        [project]: { mcpServers: { y: stdio(state), z: { type: "http", url: "http://127.0.0.1:1/mcp" } } },
        "/elsewhere": { mcpServers: { other: stdio(state) } },
      },
    });
    const list = await listJson(box.project, cliEnv(box.home));
    expect(list.servers).toMatchObject([
      { name: "x", origin: "claude-user", trust: "own", state: "connected" },
      { name: "y", origin: "claude-local", trust: "own", state: "connected" },
      { name: "z", origin: "claude-local", trust: "own", state: "failed" },
    ]);
    const lines = await runCli(["mcp", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(lines.stdout).toContain(`from claude-local ${path.join(box.home, ".claude.json")}`);
  });

  it("a -p session starts the local scope's server without asking and its tool answers", async () => {
    const { box, state, project } = boxWithState();
    box.json(`${box.home}/.claude.json`, { projects: { [project]: { mcpServers: { y: stdio(state) } } } });
    const before = fs.readFileSync(path.join(box.home, ".claude.json"), "utf8");
    const model = await modelServer([reply.toolCall("mcp__y__pid", {}), reply.text("done")]);
    const ran = await runCli(["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(model, box.home),
    });
    expect(ran.code).toBe(0);
    const [pid] = starts(state);
    expect(requestText(model.requests[1])).toContain(String(pid));
    // Read only: Claude Code's file is left as it was.
    expect(fs.readFileSync(path.join(box.home, ".claude.json"), "utf8")).toBe(before);
  });

  it("in a subfolder of a git repository the repository root's entry counts, as claude keys it", async () => {
    const { box, state, project } = boxWithState();
    fs.mkdirSync(box.at(".git"));
    const sub = path.join(project, "src", "deep");
    fs.mkdirSync(sub, { recursive: true });
    box.json(`${box.home}/.claude.json`, {
      projects: {
        [project]: { mcpServers: { root: stdio(state) } },
        [sub]: { mcpServers: { sub: stdio(state) } },
      },
    });
    const list = await listJson(sub, cliEnv(box.home));
    expect(list.servers.map((s) => s.name)).toEqual(["root"]);
  });

  it("on a name clash the local scope wins over .mcp.json, which wins over the user scope once approved, as in claude", async () => {
    const { box, state, project } = boxWithState();
    box.json(`${box.home}/.claude.json`, {
      mcpServers: { a: stdio(state, "--user"), b: stdio(state, "--user") },
      projects: { [project]: { mcpServers: { a: stdio(state, "--local") } } },
    });
    box.json(".mcp.json", { mcpServers: { a: stdio(state, "--project"), b: stdio(state, "--project") } });
    const list = await listJson(box.project, cliEnv(box.home));
    // Not approved yet, the project's b leaves yours running (listed before it).
    expect(list.servers).toMatchObject([
      { name: "a", origin: "claude-local" },
      { name: "b", origin: "claude-user", trust: "own", state: "connected" },
      { name: "b", origin: "mcp.json", trust: "needs approval" },
    ]);
    const approved = await runCli(["mcp", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(approved.code, approved.stderr).toBe(0);
    const after = await listJson(box.project, cliEnv(box.home));
    expect(after.servers).toMatchObject([
      { name: "a", origin: "claude-local" },
      { name: "b", origin: "mcp.json", trust: "approved", state: "connected" },
    ]);
  });

  it("with CLAUDE_CONFIG_DIR set, $CLAUDE_CONFIG_DIR/.claude.json is read, not ~/.claude.json", async () => {
    const { box, state } = boxWithState();
    const config = box.at("claude-config");
    box.json(`${box.home}/.claude.json`, { mcpServers: { home: stdio(state) } });
    box.json(`${config}/.claude.json`, { mcpServers: { configured: stdio(state) } });
    const list = await listJson(box.project, cliEnv(box.home, { CLAUDE_CONFIG_DIR: config }));
    expect(list.servers.map((s) => s.name)).toEqual(["configured"]);
  });

  it("a ~/.claude.json that is not valid JSON is one warning; the other servers still load", async () => {
    const { box, state } = boxWithState();
    box.write(`${box.home}/.claude.json`, '{"mcpServers": {');
    box.json(`${box.home}/settings.json`, { mcpServers: { mine: stdio(state) } });
    const list = await listJson(box.project, cliEnv(box.home));
    expect(list.servers).toMatchObject([{ name: "mine", state: "connected" }]);
    expect(list.problems).toEqual([
      `settings: ${path.join(box.home, ".claude.json")}:1:17: close brace expected (no MCP servers read from it)`,
    ]);
    // A session says it once, as a warning, and goes on.
    const model = await modelServer([reply.text("done")]);
    const ran = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(model, box.home) });
    expect(ran.code).toBe(0);
    expect(ran.stderr.split("\n").filter((line) => line.includes(".claude.json"))).toEqual([
      `codebot: warning: settings: ${path.join(box.home, ".claude.json")}:1:17: close brace expected (no MCP servers read from it)`,
    ]);
  });

  it("a local-scope server that would run the repository's program waits for `codebot mcp trust`", async () => {
    const { box, state, project } = boxWithState();
    const program = box.write(
      "node_modules/.bin/srv",
      `#!/bin/sh\nexec "${process.execPath}" "${SERVER}" serve "${state}"\n`,
    );
    fs.chmodSync(program, 0o755);
    box.json(`${box.home}/.claude.json`, {
      projects: {
        [project]: { mcpServers: { mine: { type: "stdio", command: "npx", args: ["srv"], env: {} } } },
      },
    });
    const model = await modelServer([reply.text("no tools")]);
    const held = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(model, box.home) });
    expect(held.code).toBe(0);
    expect(starts(state)).toEqual([]);
    expect(held.stderr).toContain("your MCP server(s) would run programs of this project");
  });

  it("--restricted reads no server of ~/.claude.json, as it reads none of your settings files", async () => {
    const { box, state, project } = boxWithState();
    box.json(`${box.home}/.claude.json`, {
      mcpServers: { x: stdio(state) },
      projects: { [project]: { mcpServers: { y: stdio(state) } } },
    });
    const model = await modelServer([reply.toolCall("mcp__y__pid", {}), reply.text("done")]);
    const ran = await runCli(["-p", "go", "--restricted", "--cwd", box.project], {
      env: modelEnv(model, box.home),
    });
    expect(ran.code).toBe(0);
    expect(starts(state)).toEqual([]);
    expect(requestText(model.requests[1])).toContain("unknown tool: mcp__y__pid");
  });
});
