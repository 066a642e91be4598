/**
 * Claude Code settings keys a migrating user has that codebot reads differently or not at all
 * (claude-keys-not-used.ts): Claude Code's auto mode is codebot's (a codebot file's old `auto` is
 * told), and a deny-type key codebot does not act on is said, once per file, never dropped in silence.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { readProjectSettings } from "../src/session/project-settings.js";
import { modelEnv, modelServer, requestText, sandbox } from "./cli/support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./cli/support/cli-process.js";
import { tempDir, writeFile } from "./support/temp-dirs.js";

useBuiltCli();

function machine() {
  const home = tempDir("codebot-home-");
  const project = tempDir("codebot-project-");
  const claudeHome = path.join(home, ".claude");
  const read = () =>
    readProjectSettings({ cwd: project, codebotHome: home, claudeHome, managedRoot: path.join(home, "etc") });
  const claudeUser = (value: unknown) =>
    writeFile(path.join(claudeHome, "settings.json"), JSON.stringify(value));
  return { home, read, claudeUser, claudeFile: path.join(claudeHome, "settings.json") };
}

describe("Claude Code's auto mode", () => {
  it('a Claude Code file\'s "defaultMode": "auto" is codebot\'s auto (the classifier mode), with no warning', () => {
    const m = machine();
    m.claudeUser({ permissions: { defaultMode: "auto" } });
    const { settings, problems } = m.read();
    expect(settings.permissions.mode).toBe("auto");
    expect(problems.filter((p) => p.file === m.claudeFile)).toEqual([]);
  });

  it("a Claude Code file's \"bypassPermissions\" is codebot's bypassPermissions", () => {
    const m = machine();
    m.claudeUser({ permissions: { defaultMode: "bypassPermissions" } });
    expect(m.read().settings.permissions.mode).toBe("bypassPermissions");
  });

  it("codebot's own file's \"auto\" is the classifier mode now, with a warning naming bypassPermissions", () => {
    const m = machine();
    const file = writeFile(
      path.join(m.home, "settings.json"),
      JSON.stringify({ permissions: { mode: "auto" } }),
    );
    const { settings, problems } = m.read();
    expect(settings.permissions.mode).toBe("auto");
    expect(problems).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        file,
        message: expect.stringContaining('"bypassPermissions" is the mode that runs everything'),
      }),
    );
  });

  it("-p with ~/.claude/settings.json in auto mode has the classifier judge a bash call, and runs it not when it blocks", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { defaultMode: "auto" } });
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "node -e \"require('fs').writeFileSync('made-by-bash', 'x')\"" }, "c1"),
      ),
      reply.text("<block>yes</block><reason>writes a file through node</reason>"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(box.project, "made-by-bash"))).toBe(false);
    expect(JSON.stringify(server.requests[1]?.body.system)).toContain("security monitor");
    expect(requestText(server.requests[2])).toContain(
      "permission denied by the auto mode classifier: writes a file through node",
    );
  });
});

describe("Claude Code keys codebot does not act on", () => {
  it("one warning per file names those that matter, not the cosmetic ones", () => {
    const m = machine();
    m.claudeUser({
      sandbox: { enabled: true },
      deniedMcpServers: [{ serverUrl: "https://*.example.com/*" }],
      permissions: { denyInsteadOfPrompting: true },
      theme: "dark",
      spinnerTipsEnabled: false,
    });
    const mine = m.read().problems.filter((p) => p.file === m.claudeFile);
    expect(mine).toEqual([
      expect.objectContaining({
        severity: "warning",
        message:
          'codebot does not act on these Claude Code settings: sandbox, permissions.denyInsteadOfPrompting (docs/claude-code.md, "Claude Code\'s settings keys")',
      }),
    ]);
  });

  it("a value that asks for nothing codebot lacks is not named (a sandbox switched off)", () => {
    const m = machine();
    m.claudeUser({ sandbox: { enabled: false }, disableSkillShellExecution: false });
    expect(m.read().problems.filter((p) => p.file === m.claudeFile)).toEqual([]);
  });
});

describe("Claude Code keys codebot acts on", () => {
  it('"autoCompactEnabled": false turns automatic compaction off', () => {
    const m = machine();
    m.claudeUser({ autoCompactEnabled: false });
    expect(m.read().settings.compaction.auto).toBe(false);
  });

  it("disableSkillShellExecution puts claude's placeholder where a skill's !`cmd` was, and runs nothing", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      disableSkillShellExecution: true,
      permissions: { allow: ["Bash"] },
    });
    box.write(
      path.join(box.home, ".claude/skills/shell/SKILL.md"),
      "---\nname: shell\ndescription: runs a command\n---\nOutput: !`touch ran.txt`\n",
    );
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "/shell", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(box.project, "ran.txt"))).toBe(false);
    expect(requestText(server.requests[0])).toContain("Output: [shell command execution disabled by policy]");
  });
});

describe("the MCP server lists in the warning", () => {
  it("are not named: codebot acts on every entry of them (mcp/server-policy.ts)", () => {
    const m = machine();
    m.claudeUser({
      deniedMcpServers: [
        { serverName: "filesystem" },
        { serverCommand: ["npx", "srv"] },
        { serverUrl: "https://*" },
      ],
      allowedMcpServers: [{ serverName: "everything" }],
    });
    expect(m.read().problems.filter((p) => p.file === m.claudeFile)).toEqual([]);
  });
});

describe("a Claude Code folder set by CLAUDE_CONFIG_DIR", () => {
  it("is read as Claude Code's whatever its name: its \"auto\" is told as no codebot file's, its own keys are not unknown", async () => {
    const box = sandbox();
    const config = path.join(box.home, "claude-config");
    box.json(path.join(config, "settings.json"), { permissions: { defaultMode: "auto" }, theme: "dark" });
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "node -e \"require('fs').writeFileSync('made-by-bash', 'x')\"" }, "c1"),
      ),
      reply.text("<block>yes</block><reason>writes a file through node</reason>"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home, { CLAUDE_CONFIG_DIR: config }),
    });
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(box.project, "made-by-bash"))).toBe(false);
    expect(r.stderr).not.toContain("no longer runs everything");
    expect(r.stderr).not.toContain('unknown key "theme"');
  });
});
