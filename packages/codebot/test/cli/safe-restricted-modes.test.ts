/**
 * `--safe-mode` and `--restricted`, as claude 2.1.328 does them (recorded with a loopback server;
 * docs/claude-code.md). One project has every customization: hooks of each layer writing a
 * marker, CLAUDE.md, a skill, a command and an agent of the user's, the project's and a plugin's,
 * MCP servers of the user's settings, `.mcp.json` and `--mcp-config`, and settings `env` and deny
 * rules. Each test says which of them a mode switches off and which stay on.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { everythingServer } from "../mcp/mcp-fixtures.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, managedRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A Claude Code hook group that appends `name` to fired.txt on every prompt. */
function logs(box: ReturnType<typeof sandbox>, name: string) {
  const command = `echo ${name} >> ${box.at("fired.txt")}`;
  return { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] };
}

const skill = (name: string, marker: string) => `---\nname: ${name}\ndescription: ${marker}\n---\nbody\n`;

/** `-p go` with the project's every customization; a run that does not end 0 fails the test unless `refused`. */
async function run(extra: string[], env: Record<string, string> = {}, refused = false) {
  const box = sandbox();
  const claude = path.join(box.home, ".claude");
  box.json(path.join(managedRoot(box.home), "codebot", "managed-settings.json"), {
    hooks: logs(box, "managed"),
  });
  box.json(path.join(claude, "settings.json"), {
    hooks: logs(box, "user"),
    env: { USER_ENV: "from-user" },
    permissions: { deny: ["Bash(rm:*)"] },
    mcpServers: { usermcp: everythingServer() },
  });
  box.write(path.join(claude, "CLAUDE.md"), "USER-CLAUDE-MD-MARKER\n");
  box.write(path.join(claude, "skills/uskill/SKILL.md"), skill("uskill", "USER-SKILL-MARKER"));
  box.write(path.join(claude, "agents/uagent.md"), skill("uagent", "USER-AGENT-MARKER"));
  box.json(".claude/settings.json", { hooks: logs(box, "project") });
  box.write("CLAUDE.md", "PROJECT-CLAUDE-MD-MARKER\n");
  box.write(".claude/skills/pskill/SKILL.md", skill("pskill", "PROJECT-SKILL-MARKER"));
  box.write(".claude/commands/pcmd.md", "---\ndescription: PROJECT-CMD-MARKER\n---\nsay hi\n");
  box.write(".claude/agents/pagent.md", skill("pagent", "PROJECT-AGENT-MARKER"));
  box.json(".mcp.json", { mcpServers: { projmcp: everythingServer() } });
  const settings = box.json("cli.json", { hooks: logs(box, "cli"), env: { CLI_ENV: "from-cli" } });
  const mcpConfig = box.json("cli-mcp.json", { mcpServers: { climcp: everythingServer() } });
  box.json("plugin/.claude-plugin/plugin.json", { name: "plug", version: "1.0.0" });
  box.json("plugin/hooks/hooks.json", { hooks: logs(box, "plugin") });
  box.write("plugin/skills/plugskill/SKILL.md", skill("plugskill", "PLUGIN-SKILL-MARKER"));
  const server = await modelServer([
    reply.toolCall(
      "bash",
      { command: "echo ENV=$USER_ENV,$CLI_ENV,SAFE=$CLAUDE_CODE_SAFE_MODE > env.txt" },
      "c1",
    ),
    reply.toolCall("bash", { command: "rm -f nothing-here" }, "c2"),
    reply.text("done"),
  ]);
  const r = await runCli(
    [
      "-p",
      "go",
      "--output-format",
      "stream-json",
      "--verbose",
      "--trust-project-hooks",
      "--allowedTools",
      "Bash",
      "--settings",
      settings,
      "--plugin-dir",
      box.at("plugin"),
      "--mcp-config",
      mcpConfig,
      "--cwd",
      box.project,
      ...extra,
    ],
    { env: modelEnv(server, box.home, env) },
  );
  if (!refused) expect(r.code, r.stderr).toBe(0);
  const fired = fs.existsSync(box.at("fired.txt")) ? fs.readFileSync(box.at("fired.txt"), "utf8") : "";
  const lines = jsonLines(r.stdout) as Record<string, unknown>[];
  const init = lines.find((l) => l.subtype === "init") as
    | { tools: string[]; mcp_servers: { name: string }[] }
    | undefined;
  return {
    code: r.code,
    stderr: r.stderr,
    fired: fired
      .split("\n")
      .filter((l) => l !== "")
      .sort(),
    tools: init?.tools ?? [],
    servers: (init?.mcp_servers ?? []).map((s) => s.name).sort(),
    firstRequest: JSON.stringify(server.requests[0]?.body),
    envSeen: fs.existsSync(box.at("env.txt")) ? fs.readFileSync(box.at("env.txt"), "utf8").trim() : "",
    results: JSON.stringify(lines.filter((l) => l.type === "user")),
  };
}

const MARKERS = [
  "USER-CLAUDE-MD-MARKER",
  "PROJECT-CLAUDE-MD-MARKER",
  "USER-SKILL-MARKER",
  "PROJECT-SKILL-MARKER",
  "PROJECT-CMD-MARKER",
  "USER-AGENT-MARKER",
  "PROJECT-AGENT-MARKER",
  "PLUGIN-SKILL-MARKER",
];
const sent = (request: string) => MARKERS.filter((m) => request.includes(m));

describe("without a mode (the baseline the other tests switch parts of off)", () => {
  it("runs every layer's hooks, sends every customization and starts every MCP server", async () => {
    const r = await run([]);
    expect(r.fired).toEqual(["cli", "managed", "plugin", "project", "user"]);
    expect(sent(r.firstRequest)).toEqual(MARKERS);
    expect(r.servers).toEqual(["climcp", "projmcp", "usermcp"]);
    expect(r.tools).toContain("Bash");
    expect(r.envSeen).toBe("ENV=from-user,from-cli,SAFE=");
  });
});

describe("--safe-mode", () => {
  it("runs the managed settings' hooks alone: not the user's, the project's, --settings' or a plugin's", async () => {
    const r = await run(["--safe-mode"]);
    expect(r.fired).toEqual(["managed"]);
  });

  it("sends no CLAUDE.md, skill, command or agent (the user's, the project's, a plugin's)", async () => {
    expect(sent((await run(["--safe-mode"])).firstRequest)).toEqual([]);
  });

  it("starts no MCP server: not the user's, .mcp.json's or --mcp-config's", async () => {
    expect((await run(["--safe-mode"])).servers).toEqual([]);
  });

  it("keeps the built-in tools, the settings' env and deny rules, and sets CLAUDE_CODE_SAFE_MODE=1", async () => {
    const r = await run(["--safe-mode"]);
    expect(r.tools).toContain("Bash");
    expect(r.envSeen).toBe("ENV=from-user,from-cli,SAFE=1");
    expect(r.results).toContain('refused by the deny rule \\"Bash(rm:*)\\"');
  });

  it("is turned on by CLAUDE_CODE_SAFE_MODE=1, as claude's", async () => {
    const r = await run([], { CLAUDE_CODE_SAFE_MODE: "1" });
    expect(r.fired).toEqual(["managed"]);
    expect(r.servers).toEqual([]);
  });
});

describe("safe mode from your settings' env", () => {
  it("env.CLAUDE_CODE_SAFE_MODE of --settings turns it on, as claude's", async () => {
    const r = await run(["--settings", JSON.stringify({ env: { CLAUDE_CODE_SAFE_MODE: "1" } })]);
    expect(r.fired).toEqual(["managed"]);
    expect(sent(r.firstRequest)).toEqual([]);
    expect(r.servers).toEqual([]);
  });

  it("a project's env.CLAUDE_CODE_SAFE_MODE does not (claude's neither): a repository cannot switch your hooks off", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: logs(box, "user"),
    });
    box.json(".claude/settings.json", { env: { CLAUDE_CODE_SAFE_MODE: "1" } });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--trust-project-hooks", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(box.at("fired.txt"), "utf8")).toBe("user\n");
  });
});

describe("--restricted", () => {
  it("reads no user, project or local settings file: their hooks do not run; the managed, --settings and plugin hooks do", async () => {
    const r = await run(["--restricted"]);
    expect(r.fired).toEqual(["cli", "managed", "plugin"]);
  });

  it("sends no CLAUDE.md and none of the user's or project's skills, commands or agents; a --plugin-dir plugin's skill stays", async () => {
    expect(sent((await run(["--restricted"])).firstRequest)).toEqual(["PLUGIN-SKILL-MARKER"]);
  });

  it("starts only the --mcp-config servers: not the user settings' or .mcp.json's", async () => {
    expect((await run(["--restricted"])).servers).toEqual(["climcp"]);
  });

  it("takes the bash tool away; --allowedTools does not bring it back, --tools does", async () => {
    const r = await run(["--restricted"]);
    expect(r.tools).not.toContain("Bash");
    expect(r.tools).toContain("Read");
    expect(r.envSeen).toBe("");
    const named = await run(["--restricted", "--tools", "Bash,Read"]);
    expect(named.tools.filter((t) => !t.startsWith("mcp__"))).toEqual(["Bash", "Read"]);
    // Bash is back, but a line with variables needs a person (claude refused the same line).
    expect(named.envSeen).toBe("");
    expect(named.results).toContain("cannot be checked before it runs");
  });

  it("refuses bypassPermissions before anything runs", async () => {
    for (const flag of [["--permission-mode", "bypassPermissions"], ["--dangerously-skip-permissions"]]) {
      const r = await run(["--restricted", ...flag], {}, true);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("bypassPermissions is not supported in restricted mode (--restricted)");
      expect(r.fired).toEqual([]);
    }
  });

  it("refuses a settings file's defaultMode bypassPermissions too", async () => {
    const settings = JSON.stringify({ permissions: { defaultMode: "bypassPermissions" } });
    const r = await run(["--restricted", "--settings", settings], {}, true);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("bypassPermissions is not supported in restricted mode (--restricted)");
  });

  it("is turned on by CLAUDE_CODE_RESTRICTED=1, as claude's", async () => {
    const r = await run([], { CLAUDE_CODE_RESTRICTED: "1" });
    expect(r.fired).toEqual(["cli", "managed", "plugin"]);
    expect(r.tools).not.toContain("Bash");
  });
});

describe("with --bare", () => {
  it("--restricted --bare: Edit and Read (and the MCP resource tools, as claude's --bare), no hook but the managed ones, --mcp-config's servers", async () => {
    const r = await run(["--restricted", "--bare"]);
    expect(r.fired).toEqual(["managed"]);
    expect(r.tools.filter((t) => !t.startsWith("mcp__"))).toEqual([
      "Read",
      "Edit",
      "ListMcpResourcesTool",
      // claude 2.1.328's --bare offers it too (recorded).
      "ReadMcpResourceDirTool",
      "ReadMcpResourceTool",
    ]);
    expect(r.servers).toEqual(["climcp"]);
  });
});

describe("the interactive banner", () => {
  /** The lines an interactive session (stdin piped) prints for one prompt. */
  async function banner(extra: string[], env: Record<string, string> = {}) {
    const box = sandbox();
    const server = await modelServer([reply.text("hello")]);
    const r = await runCli(extra, { cwd: box.project, env: modelEnv(server, box.home, env), input: "hi\n" });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.split("\n");
  }
  const WARNING =
    "⚠ Safe mode: all customizations are off (CLAUDE.md, skills, plugins, hooks, MCP, agents, and more)";

  it("warns under --safe-mode and says how to leave it, as claude's", async () => {
    const lines = await banner(["--safe-mode"]);
    expect(lines).toContain(WARNING);
    expect(lines).toContain("  Restart without --safe-mode to turn customizations back on");
  });

  it("names the variable when CLAUDE_CODE_SAFE_MODE turned it on", async () => {
    const lines = await banner([], { CLAUDE_CODE_SAFE_MODE: "1" });
    expect(lines).toContain(WARNING);
    expect(lines).toContain("  Unset CLAUDE_CODE_SAFE_MODE to turn customizations back on");
  });

  it("has no such line under --restricted (claude's neither)", async () => {
    expect((await banner(["--restricted"])).join("\n")).not.toContain("Safe mode");
  });
});
