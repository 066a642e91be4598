/**
 * ConfigChange through a real session with real hook scripts: a settings file that changes on
 * disk fires it (matcher `source`, payload `file_path`); a block keeps the old settings; else the
 * file's hooks and permission rules apply from the next call, and a project hook that arrives this
 * way still needs consent before it runs.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, scratchDir, startSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const guard = (marker: string) => ({
  PreToolUse: [command(`touch ${marker}; echo 'guarded' >&2; exit 2`, { matcher: "bash", blocking: true })],
});

function write(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

async function notice(s: { notices: string[] }, text: string): Promise<string> {
  return waitFor(() => s.notices.find((n) => n.includes(text)), 10_000, `a notice with "${text}"`);
}

describe("ConfigChange", () => {
  it("fires with source and file_path when a settings file changes; the change applies from the next tool call", async () => {
    const s = await startSession({
      user: { hooks: { ConfigChange: [group("user_settings", command("cat >> changes.jsonl"))] } },
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    const file = path.join(s.home, "settings.json");
    write(file, {
      hooks: {
        ConfigChange: [group("user_settings", command("cat >> changes.jsonl"))],
        ...guard("guard-ran"),
      },
    });
    await notice(s, "its hooks and permission rules apply from now on");
    expect(s.jsonLines("changes.jsonl")).toEqual([
      expect.objectContaining({
        hook_event_name: "ConfigChange",
        source: "user_settings",
        file_path: file,
        session_id: s.runtime.sessionId,
      }),
    ]);
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "hook: guarded", isError: true });
    expect(fs.existsSync(s.at("guard-ran"))).toBe(true);
  });

  it("its payload has no permission_mode, as claude 2.1.328's (recorded)", async () => {
    const s = await startSession({
      user: { hooks: { ConfigChange: [group("", command("cat >> changes.jsonl"))] } },
      local: {},
      script: [reply.text("done")],
    });
    write(s.at(".codebot/settings.local.json"), { env: { X: "1" } });
    await notice(s, "apply from now on");
    const [payload] = s.jsonLines("changes.jsonl");
    expect(payload).toMatchObject({ hook_event_name: "ConfigChange", source: "local_settings" });
    expect(payload).not.toHaveProperty("permission_mode");
  });

  it("a change that leaves the file with an error (a typo) is not applied: its guard keeps running, and the notice names the error", async () => {
    const s = await startSession({
      user: { hooks: guard("guard-ran") },
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    const file = path.join(s.home, "settings.json");
    const typo = JSON.stringify({ hooks: guard("guard-ran") }).replace('"hooks":', '"hooks"');
    fs.writeFileSync(file, typo);
    const said = await notice(s, "changed;");
    expect(said).toMatch(
      new RegExp(
        `^codebot: ${file.replaceAll(/[.*+?^${}()|[\]\\/]/g, "\\$&")} changed; not applied, the session keeps the settings it had: .*settings\\.json:1:\\d+: `,
      ),
    );
    expect(said).not.toContain("(layer skipped)");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "hook: guarded", isError: true });
  });

  it("a change to a managed settings file fires with Claude Code's source policy_settings, and its deny rule applies", async () => {
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    const policy = path.join(dirs.home, "etc/codebot/managed-settings.json");
    write(policy, {});
    const s = await startSession({
      dirs,
      user: { hooks: { ConfigChange: [group("policy_settings", command("cat >> changes.jsonl"))] } },
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    write(policy, { permissions: { deny: ["Bash"] } });
    await notice(s, "apply from now on");
    expect(s.jsonLines("changes.jsonl")).toEqual([
      expect.objectContaining({ source: "policy_settings", file_path: policy }),
    ]);
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.isError).toBe(true);
  });

  it("under allowManagedHooksOnly and allowManagedPermissionRulesOnly a changed user file is said to be ignored, and is", async () => {
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    const policy = path.join(dirs.home, "etc/codebot/managed-settings.json");
    write(policy, { allowManagedHooksOnly: true, allowManagedPermissionRulesOnly: true });
    const s = await startSession({
      dirs,
      user: {},
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    const file = path.join(s.home, "settings.json");
    write(file, { hooks: guard("guard-ran"), permissions: { deny: ["Bash"] } });
    expect(await notice(s, `${file} changed`)).toBe(
      `codebot: ${file} changed; nothing in it applies: its hooks do not run (allowManagedHooksOnly in the managed settings), and its permission rules are ignored (allowManagedPermissionRulesOnly in ${policy})`,
    );
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "ran", isError: false });
    expect(fs.existsSync(s.at("guard-ran"))).toBe(false);
  });

  it("under allowManagedPermissionRulesOnly alone a changed project file's hooks are said to apply, its rules to be ignored", async () => {
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    write(path.join(dirs.home, "etc/codebot/managed-settings.json"), {
      allowManagedPermissionRulesOnly: true,
    });
    const s = await startSession({ dirs, local: {}, script: [reply.text("done")] });
    write(s.at(".codebot/settings.local.json"), { permissions: { deny: ["Bash"] } });
    expect(await notice(s, "settings.local.json changed")).toMatch(
      /changed; its hooks apply from now on, but its permission rules are ignored \(allowManagedPermissionRulesOnly in \S+managed-settings\.json\)$/,
    );
  });

  it("a managed settings file broken mid-session leaves the session on the policy it had", async () => {
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    const policy = path.join(dirs.home, "etc/codebot/managed-settings.json");
    write(policy, { hooks: guard("guard-ran") });
    const s = await startSession({
      dirs,
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    fs.writeFileSync(policy, '{"hooks": ');
    expect(await notice(s, "reading the settings again failed")).toContain(
      "; the session keeps the managed settings it had",
    );
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "hook: guarded", isError: true });
  });

  it("a blocking ConfigChange hook keeps the session on the settings it had", async () => {
    const s = await startSession({
      local: {},
      user: {
        hooks: {
          ConfigChange: [group("local_settings", command("echo 'settings are frozen' >&2; exit 2"))],
        },
      },
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    write(s.at(".codebot/settings.local.json"), { permissions: { deny: ["Bash"] } });
    expect(await notice(s, "not applied")).toContain("settings are frozen");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "ran", isError: false });
  });

  it("a project deny rule applies without consent (it only tightens)", async () => {
    const s = await startSession({
      project: {},
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    write(s.at(".codebot/settings.json"), { permissions: { deny: ["Bash"] } });
    await notice(s, "apply from now on");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.isError).toBe(true);
  });

  it("a deny rule removed from a settings file mid-session stays in force until the session ends, and the session says so", async () => {
    const s = await startSession({
      local: { permissions: { deny: ["Bash(rm:*)"] } },
      script: [reply.toolCall("bash", { command: "rm -f victim" }, "c1"), reply.text("done")],
    });
    fs.writeFileSync(s.at("victim"), "x");
    // What a model's `write` of the file (acceptEdits) or `echo {} > …` (bypass) does.
    write(s.at(".codebot/settings.local.json"), {});
    expect(await notice(s, "no longer have")).toContain("Bash(rm:*)");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.isError).toBe(true);
    expect(fs.existsSync(s.at("victim"))).toBe(true);
  });

  it("a hook added to the project settings mid-session does not run without consent", async () => {
    const s = await startSession({
      project: {},
      script: [reply.toolCall("bash", { command: "echo ran" }, "c1"), reply.text("done")],
    });
    write(s.at(".codebot/settings.json"), {
      hooks: {
        PreToolUse: [command("touch pwned", { matcher: "bash", blocking: true })],
        SessionEnd: [command("touch pwned-end")],
      },
    });
    await notice(s, "apply from now on");
    expect(s.notices).toContain(
      'codebot: 2 project hooks were not run because they are not trusted (.codebot/settings.json); run "codebot hooks trust" to review them',
    );
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "c1")?.text).toContain("hook not approved: not trusted");
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
    expect(fs.existsSync(s.at("pwned-end"))).toBe(false);
  });

  it("a project allow rule added mid-session is not honoured without consent", async () => {
    const s = await startSession({
      project: {},
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "touch ran" }, "c1"), reply.text("done")],
    });
    write(s.at(".codebot/settings.json"), { permissions: { allow: ["Bash"] } });
    await notice(s, "apply from now on");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.isError).toBe(true);
    expect(s.notices.join("\n")).toContain("not trusted and were ignored: allow:Bash");
  });

  it("a FileChanged hook added mid-session starts watching its file", async () => {
    const s = await startSession({ user: {} });
    expect(s.runtime.watchedFiles).toEqual([]);
    write(path.join(s.home, "settings.json"), {
      hooks: { FileChanged: [group(".envrc", command("cat >> file-events.jsonl"))] },
    });
    await waitFor(() => s.runtime.watchedFiles.includes(s.at(".envrc")), 10_000, ".envrc to be watched");
    fs.writeFileSync(s.at(".envrc"), "export A=1\n");
    await waitFor(() => s.jsonLines("file-events.jsonl").length === 1, 10_000, "FileChanged");
  });

  it("a save that changes nothing fires nothing, and nothing is watched after close", async () => {
    const settings = { hooks: { ConfigChange: [group("", command("cat >> changes.jsonl"))] } };
    const s = await startSession({ user: settings });
    const file = path.join(s.home, "settings.json");
    fs.writeFileSync(file, fs.readFileSync(file));
    await s.runtime.close();
    fs.writeFileSync(file, JSON.stringify({}));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(s.jsonLines("changes.jsonl")).toEqual([]);
  });
});
