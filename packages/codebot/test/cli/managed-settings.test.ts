/**
 * The managed (policy) settings through the real CLI: what a team that hands codebot to its
 * developers enforces must hold whatever the developer's own files and flags say.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import {
  command,
  modelEnv,
  modelServer,
  requestText,
  type Sandbox,
  sandbox,
} from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, managedRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Writes codebot's managed-settings.json of the sandbox's machine. */
function policy(box: Sandbox, settings: unknown): string {
  return box.json(path.join(managedRoot(box.home), "codebot", "managed-settings.json"), settings);
}

const policyGuard = command("echo 'blocked by policy' >&2; exit 2", {
  name: "policy-guard",
  matcher: "bash",
  if: "/curl/",
  blocking: true,
});

describe("managed settings through the CLI", () => {
  it("--dangerously-skip-permissions is refused in one line when the policy disables bypass mode", async () => {
    const box = sandbox();
    const file = policy(box, { permissions: { disableBypassPermissionsMode: "disable" } });
    const server = await modelServer([reply.text("never")]);
    const run = await runCli(["-p", "hi", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `codebot: permissions: bypassPermissions (--dangerously-skip-permissions) is disabled by ${file} (disableBypassPermissionsMode)`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("a managed hook runs with the managed env only: a user's env (PATH, a marker) does not reach it; the user's own hook gets it", async () => {
    const box = sandbox();
    policy(box, {
      env: { WHO: "managed" },
      hooks: {
        UserPromptSubmit: [command(`echo "$WHO|$USER_MARK|$PATH" > managed.txt`, { name: "policy" })],
      },
    });
    box.json(`${box.home}/settings.json`, {
      env: { USER_MARK: "from-user", PATH: `${box.at("fake-bin")}:/usr/bin:/bin` },
      hooks: { UserPromptSubmit: [command(`echo "$WHO|$USER_MARK" > user.txt`, { name: "mine" })] },
    });
    const server = await modelServer([reply.text("done")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    const managed = fs.readFileSync(box.at("managed.txt"), "utf8");
    expect(managed.startsWith("managed||")).toBe(true);
    expect(managed).not.toContain("fake-bin");
    expect(fs.readFileSync(box.at("user.txt"), "utf8")).toBe("managed|from-user\n");
  });

  it("a managed guard still blocks when a --settings file sets disableAllHooks, and stderr says it still runs", async () => {
    const box = sandbox();
    policy(box, { hooks: { PreToolUse: [policyGuard] } });
    const off = box.json("off.json", { disableAllHooks: true });
    const server = await modelServer([
      reply.toolCall("bash", { command: "curl https://example.com" }),
      reply.text("done"),
    ]);
    const run = await runCli(
      ["-p", "fetch", "--permission-mode", "bypassPermissions", "--settings", off, "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(run.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("blocked by policy");
    expect(run.stderr).toContain("disableAllHooks does not switch off the managed settings' hooks");
  });

  it("a managed deny rule holds under --dangerously-skip-permissions", async () => {
    const box = sandbox();
    policy(box, { permissions: { deny: ["Bash(rm:*)"] } });
    box.write("keep.txt", "x");
    const server = await modelServer([
      reply.toolCall("bash", { command: "rm keep.txt" }),
      reply.text("done"),
    ]);
    const run = await runCli(["-p", "clean", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).toBe(0);
    expect(requestText(server.requests[1])).toContain('refused by the deny rule \\"Bash(rm:*)\\"');
  });

  it("a managed file that does not parse refuses the session, naming the file and line", async () => {
    const box = sandbox();
    const file = box.write(
      path.join(managedRoot(box.home), "codebot", "managed-settings.json"),
      '{\n  "permissions": { "deny": ["Bash(rm:*)"] }\n  "model": "x/y"\n}\n',
    );
    const server = await modelServer([reply.text("never")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`settings: ${file}:3:3: comma expected`);
    expect(run.stderr).toContain("codebot does not start while the managed settings");
    expectNoStackTrace(run.stderr);
    expect(server.requests).toHaveLength(0);
  });

  it("the interactive session refuses a broken managed file before its banner", async () => {
    const box = sandbox();
    const file = box.write(
      path.join(managedRoot(box.home), "codebot", "managed-settings.json"),
      '{"model": }',
    );
    const server = await modelServer([reply.text("never")]);
    const run = await runCli(["--cwd", box.project], { env: modelEnv(server, box.home), input: "hi\n" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`settings: ${file}:1:11: value expected`);
    expect(run.stdout).not.toContain("codebot 0.");
    expect(server.requests).toHaveLength(0);
  });

  it("hooks list shows the managed layer and why a user hook is skipped under allowManagedHooksOnly", async () => {
    const box = sandbox();
    const file = policy(box, { allowManagedHooksOnly: true, hooks: { PreToolUse: [policyGuard] } });
    box.json(path.join(box.home, "settings.json"), {
      hooks: { PreToolUse: [command("true", { name: "mine" })] },
    });
    const run = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`  managed ${file}`);
    expect(run.stdout).toContain(`from managed ${file} · trust: approved (managed policy)`);
    expect(run.stdout).toContain(
      "mine (skipped: not a managed hook (allowManagedHooksOnly in the managed settings))",
    );
    const json = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    const listed = JSON.parse(json.stdout) as { files: { source: string }[]; hooks: { source: string }[] };
    expect(listed.files[0]?.source).toBe("managed");
    expect(listed.hooks.map((h) => h.source)).toEqual(["managed", "user"]);
  });

  it("allowManagedHooksOnly: project hooks, which never run, are not offered for approval", async () => {
    const box = sandbox();
    policy(box, { allowManagedHooksOnly: true });
    box.json(".codebot/settings.json", { hooks: { PreToolUse: [command("true", { name: "theirs" })] } });
    const list = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(list.stdout).toContain("theirs (skipped: not a managed hook");
    expect(list.stdout).not.toContain("will not run until approved");
    const server = await modelServer([reply.text("ok")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("not trusted");
  });

  it("allowManagedHooksOnly skips the user's hook in a session, traced with its reason", async () => {
    const box = sandbox();
    policy(box, { allowManagedHooksOnly: true });
    const ran = path.join(box.home, "user-hook-ran");
    box.json(path.join(box.home, "settings.json"), {
      hooks: { UserPromptSubmit: [command(`touch '${ran}'`, { name: "mine" })] },
    });
    const server = await modelServer([reply.text("ok")]);
    const run = await runCli(["-p", "hi", "--debug", "hooks", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("not a managed hook (allowManagedHooksOnly in the managed settings)");
    expect(fs.existsSync(ran)).toBe(false);
  });

  it("a plugin Claude Code's managed settings switch on stays on, and its hooks run under allowManagedHooksOnly", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    box.json(path.join(claudeHome, "settings.json"), { enabledPlugins: { "guard@local-market": false } });
    box.json(path.join(managedRoot(box.home), "claude-code", "managed-settings.json"), {
      allowManagedHooksOnly: true,
      enabledPlugins: { "guard@local-market": true },
    });
    box.json(path.join(box.home, "settings.json"), {
      hooks: { PreToolUse: [command("true", { name: "mine" })] },
    });
    const run = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    const listed = JSON.parse(run.stdout) as { hooks: { name: string; plugin?: string }[] };
    expect(listed.hooks.map((h) => h.plugin ?? h.name)).toEqual(["mine", "guard"]);
    const text = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(text.stdout).toContain("mine (skipped: not a managed hook");
    expect(text.stdout).not.toMatch(/hooks\/guard\.sh.*\(skipped/);
    expect(text.stdout.match(/\(skipped: /g)).toHaveLength(1);
  });

  it("a plugin Claude Code's managed settings switch off stays off, whatever the user's settings say", async () => {
    const box = sandbox();
    installPluginAsClaudeCodeDid(box); // ~/.claude/settings.json switches it on
    box.json(path.join(managedRoot(box.home), "claude-code", "managed-settings.json"), {
      enabledPlugins: { "guard@local-market": false },
    });
    const run = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
    expect((JSON.parse(run.stdout) as { hooks: unknown[] }).hooks).toEqual([]);
  });

  it("hooks validate reports a broken managed hook entry as an error of the managed file", async () => {
    const box = sandbox();
    const file = policy(box, { hooks: { PreToolUse: [{ type: "command" }] } });
    const run = await runCli(["hooks", "validate", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(file);
  });
});
