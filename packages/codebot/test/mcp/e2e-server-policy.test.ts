/**
 * The MCP server lists and the organisation's managed-mcp.json over real `codebot -p` runs and
 * real server processes: what starts, what the init line's `mcp_servers` shows, and the warning.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "../cli/support/cli-fixtures.js";
import { cliEnv, managedRoot, runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { everythingServer } from "./mcp-fixtures.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

function stateDir(root: string, name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The pids of the fixture server's starts, recorded in its state folder. */
function starts(state: string): string[] {
  const file = path.join(state, "starts");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : [];
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

async function streamJsonRun(box: ReturnType<typeof sandbox>, extra: readonly string[] = []) {
  const model = await modelServer([reply.text("ok")]);
  const run = await runCli(
    ["-p", "go", "--output-format", "stream-json", "--verbose", ...extra, "--cwd", box.project],
    { env: modelEnv(model, box.home) },
  );
  const init = JSON.parse(run.stdout.split("\n")[0] as string) as { mcp_servers: unknown };
  return { run, init };
}

describe("MCP server lists over a real session", () => {
  it("a repository's settings do not widen the managed allow list: its trusted server stays down", async () => {
    const box = sandbox();
    const serve = (dir: string) => ({ command: process.execPath, args: [SERVER, "serve", dir] });
    const [mine, repo] = [stateDir(box.home, "mine"), stateDir(box.home, "repo")];
    writeJson(path.join(managedRoot(box.home), "claude-code/managed-settings.json"), {
      allowedMcpServers: [{ serverName: "mine" }],
    });
    box.json(`${box.home}/settings.json`, { mcpServers: { mine: serve(mine) } });
    box.json(".mcp.json", { mcpServers: { repo: serve(repo) } });
    box.json(".claude/settings.json", {
      allowedMcpServers: [{ serverName: "repo" }, { serverName: "mine" }],
    });
    // Trusted for this run: only the policy keeps the repository's server out.
    const { run, init } = await streamJsonRun(box, ["--trust-project-hooks"]);
    expect(run.code).toBe(0);
    expect(init.mcp_servers).toEqual([{ name: "mine", status: "connected", source: "user" }]);
    expect(starts(mine)).toHaveLength(1);
    expect(starts(repo)).toEqual([]);
    expect(run.stderr).toContain('MCP server "repo" is not in allowedMcpServers: it does not start');
  });

  it("managed-mcp.json's server runs as the organisation's while yours and --mcp-config's do not", async () => {
    const box = sandbox();
    const mine = stateDir(box.home, "mine");
    writeJson(path.join(managedRoot(box.home), "claude-code/managed-mcp.json"), {
      mcpServers: { everything: everythingServer() },
    });
    writeJson(path.join(managedRoot(box.home), "claude-code/managed-settings.json"), {
      allowedMcpServers: [],
    });
    box.json(`${box.home}/settings.json`, {
      mcpServers: { mine: { command: process.execPath, args: [SERVER, "serve", mine] } },
    });
    const flag = JSON.stringify({
      mcpServers: { flag: { command: process.execPath, args: [SERVER, "serve", mine] } },
    });
    const { run, init } = await streamJsonRun(box, ["--mcp-config", flag]);
    expect(run.code).toBe(0);
    // claude 2.1.328's init line names a managed-mcp.json server's source "enterprise" (recorded).
    expect(init.mcp_servers).toEqual([{ name: "everything", status: "connected", source: "enterprise" }]);
    expect(starts(mine)).toEqual([]);
    expect(run.stderr).toContain('MCP server "flag" is not in the organisation\'s managed-mcp.json');
  });

  it("a deny by serverCommand keeps a server down whatever its name, and `codebot mcp list` says why", async () => {
    const box = sandbox();
    const [kept, denied] = [stateDir(box.home, "kept"), stateDir(box.home, "denied")];
    box.json(`${box.home}/settings.json`, {
      mcpServers: {
        kept: { command: process.execPath, args: [SERVER, "serve", kept] },
        renamed: { command: process.execPath, args: [SERVER, "serve", denied] },
      },
      deniedMcpServers: [{ serverCommand: [process.execPath, SERVER, "serve", denied] }],
    });
    const list = await runCli(["mcp", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(list.code).toBe(0);
    expect(list.stdout + list.stderr).toContain(
      'MCP server "renamed" is in deniedMcpServers: it does not start',
    );
    expect(list.stdout).not.toMatch(/^renamed\b/m);
    expect(starts(kept)).toHaveLength(1);
    expect(starts(denied)).toEqual([]);
    // A key of codebot's own settings file, not an unknown one.
    expect(list.stderr).not.toContain("unknown key");
  });
});
