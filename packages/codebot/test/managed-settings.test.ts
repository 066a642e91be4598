/**
 * The managed (policy) settings layer: where it is read from, how it wins, and what it forbids
 * (load-settings.ts, runtime-settings.ts, managed-policy.ts, policy-refusal.ts).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalEngine } from "../src/approval/approval-engine.js";
import { TrustStore } from "../src/approval/trust-store.js";
import { PathPolicy } from "../src/paths/path-policy.js";
import { policyRefusal } from "../src/session/policy-refusal.js";
import { readProjectSettings } from "../src/session/project-settings.js";
import { settingsFilesOf } from "../src/session/settings-watch.js";
import { modeRefusal } from "../src/settings/managed-policy.js";
import { tempDir, writeFile } from "./support/temp-dirs.js";

function machine() {
  const home = tempDir("codebot-home-");
  const project = tempDir("codebot-project-");
  const managedRoot = tempDir("codebot-etc-");
  const claudeHome = path.join(home, "claude");
  const read = (settingsFiles: string[] = []) =>
    readProjectSettings({ cwd: project, codebotHome: home, claudeHome, managedRoot, settingsFiles });
  const json = (file: string, value: unknown) => writeFile(file, JSON.stringify(value));
  const codebotPolicy = (value: unknown) =>
    json(path.join(managedRoot, "codebot/managed-settings.json"), value);
  return { home, project, managedRoot, claudeHome, read, json, codebotPolicy };
}

describe("the managed settings layer", () => {
  it("is read first, as source managed: Claude Code's file, its drop-ins by name, then codebot's", () => {
    const m = machine();
    m.json(path.join(m.managedRoot, "claude-code/managed-settings.json"), {});
    m.json(path.join(m.managedRoot, "claude-code/managed-settings.d/20-b.json"), {});
    m.json(path.join(m.managedRoot, "claude-code/managed-settings.d/10-a.json"), {});
    m.codebotPolicy({});
    m.json(path.join(m.home, "settings.json"), {});
    const layers = m.read().layers.map((l) => [l.source, path.relative(m.managedRoot, l.path)]);
    expect(layers.slice(0, 4)).toEqual([
      ["managed", "claude-code/managed-settings.json"],
      ["managed", "claude-code/managed-settings.d/10-a.json"],
      ["managed", "claude-code/managed-settings.d/20-b.json"],
      ["managed", "codebot/managed-settings.json"],
    ]);
    expect(layers[4]?.[0]).toBe("user");
  });

  it("codebot's managed file wins over Claude Code's on the same key", () => {
    const m = machine();
    m.json(path.join(m.managedRoot, "claude-code/managed-settings.json"), { model: "anthropic/from-claude" });
    m.codebotPolicy({ model: "openai/from-codebot" });
    expect(m.read().settings.model).toBe("openai/from-codebot");
  });

  it("Claude Code's managed file is read even with claudeCompat false in the user's settings", () => {
    const m = machine();
    m.json(path.join(m.managedRoot, "claude-code/managed-settings.json"), {
      permissions: { deny: ["Bash(rm:*)"] },
    });
    m.json(path.join(m.home, "settings.json"), { claudeCompat: false });
    expect(m.read().settings.permissions.deny.map((r) => r.text)).toEqual(["Bash(rm:*)"]);
  });

  it("a --settings file in a folder named claude-code is not read as Claude Code's", () => {
    const m = machine();
    const cli = m.json(path.join(m.home, "claude-code/settings.json"), { forceLoginMethod: "x" });
    expect(m.read([cli]).problems).toContainEqual(
      expect.objectContaining({ file: cli, message: 'unknown key "forceLoginMethod"; ignored' }),
    );
  });

  it("its values win over every other layer's, --settings files included", () => {
    const m = machine();
    m.codebotPolicy({ model: "anthropic/policy", permissions: { defaultMode: "plan" } });
    const cli = m.json(path.join(m.home, "mine.json"), {
      model: "openai/mine",
      permissions: { mode: "bypassPermissions" },
    });
    const { settings } = m.read([cli]);
    expect(settings.model).toBe("anthropic/policy");
    expect(settings.permissions.mode).toBe("plan");
  });

  it("its deny rules join every other layer's", () => {
    const m = machine();
    m.codebotPolicy({ permissions: { deny: ["Bash(curl:*)"] } });
    m.json(path.join(m.home, "settings.json"), { permissions: { deny: ["Read(./.env)"] } });
    expect(m.read().settings.permissions.deny.map((r) => r.text)).toEqual(["Read(./.env)", "Bash(curl:*)"]);
  });

  it("allowManagedPermissionRulesOnly leaves every other file's rules out, with a warning naming it", () => {
    const m = machine();
    m.codebotPolicy({ allowManagedPermissionRulesOnly: true, permissions: { ask: ["Bash(git push:*)"] } });
    const user = m.json(path.join(m.home, "settings.json"), {
      permissions: { allow: ["Bash"], deny: ["Read(./.env)"] },
    });
    const project = m.read();
    const { allow, ask, deny } = project.settings.permissions;
    expect([allow, ask.map((r) => r.text), deny]).toEqual([[], ["Bash(git push:*)"], []]);
    expect(project.problems).toContainEqual(
      expect.objectContaining({ file: user, severity: "warning", field: "permissions" }),
    );
  });

  it("allowManagedPermissionRulesOnly outside the managed settings is ignored with a warning", () => {
    const m = machine();
    m.json(path.join(m.home, "settings.json"), {
      allowManagedPermissionRulesOnly: true,
      permissions: { allow: ["Bash"] },
    });
    const project = m.read();
    expect(project.settings.permissions.allow.map((r) => r.text)).toEqual(["Bash"]);
    expect(project.problems).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        message: "allowManagedPermissionRulesOnly is only honoured in the managed settings; ignored",
      }),
    );
  });

  it("disableBypassPermissionsMode leaves another file's bypassPermissions out, with a warning", () => {
    const m = machine();
    m.codebotPolicy({ permissions: { disableBypassPermissionsMode: "disable" } });
    m.json(path.join(m.home, "settings.json"), { permissions: { defaultMode: "bypassPermissions" } });
    const project = m.read();
    expect(project.settings.permissions.mode).toBeUndefined();
    expect(project.problems.map((p) => p.message)).toContainEqual(expect.stringContaining("is disabled by"));
  });

  it("disableBypassPermissionsMode refuses a session asked to run in bypassPermissions", () => {
    const m = machine();
    const file = m.codebotPolicy({ permissions: { disableBypassPermissionsMode: "disable" } });
    const project = m.read();
    expect(policyRefusal(project, "bypassPermissions")).toContain(`is disabled by ${file}`);
    expect(policyRefusal(project, "acceptEdits")).toBeUndefined();
    expect(policyRefusal(project, "auto")).toBeUndefined();
  });

  it("disableBypassPermissionsMode makes the approval engine refuse a switch to bypassPermissions", () => {
    const m = machine();
    const engine = new ApprovalEngine({
      mode: "ask",
      rules: { allow: [], ask: [], deny: [] },
      paths: new PathPolicy(m.project, false),
      trustStore: new TrustStore(m.home, m.project),
      modeRefusal: (mode) => modeRefusal({ bypassDisabledBy: "/etc/codebot/managed-settings.json" }, mode),
    });
    expect(() => engine.setMode("bypassPermissions")).toThrow(/bypassPermissions .* is disabled by/);
    expect(engine.mode).toBe("ask");
  });

  it("Claude Code's disableAutoMode (top level of its managed file) refuses auto: the flag, a file's defaultMode, a switch", () => {
    const m = machine();
    const file = m.json(path.join(m.managedRoot, "claude-code/managed-settings.json"), {
      disableAutoMode: "disable",
    });
    m.json(path.join(m.home, "settings.json"), { permissions: { defaultMode: "auto" } });
    const project = m.read();
    expect(project.settings.permissions.mode).toBeUndefined();
    expect(project.problems.map((p) => p.message)).toContainEqual(
      `mode auto: permissions: auto mode is disabled by ${file} (disableAutoMode); ignored`,
    );
    expect(policyRefusal(project, "auto")).toBe(
      `permissions: auto mode is disabled by ${file} (disableAutoMode)`,
    );
    expect(policyRefusal(project, "bypassPermissions")).toBeUndefined();
    const engine = new ApprovalEngine({
      mode: "ask",
      rules: { allow: [], ask: [], deny: [] },
      paths: new PathPolicy(m.project, false),
      trustStore: new TrustStore(m.home, m.project),
      modeRefusal: (mode) => modeRefusal(project.settings.policy, mode),
    });
    expect(() => engine.setMode("auto")).toThrow(/auto mode is disabled by/);
    expect(engine.mode).toBe("ask");
  });

  it("a managed file that does not parse refuses the session, naming the file, line and column", () => {
    const m = machine();
    const file = writeFile(path.join(m.managedRoot, "codebot/managed-settings.json"), '{\n  "model": \n}');
    expect(policyRefusal(m.read(), undefined)).toMatch(
      new RegExp(`^settings: ${file}:3:1: value expected .*codebot does not start`),
    );
  });

  it("a bad value in a managed file is an error, so the session refuses to start", () => {
    const m = machine();
    const file = m.codebotPolicy({ permissions: { deny: ["Bash("] } });
    const project = m.read();
    expect(project.problems).toContainEqual(expect.objectContaining({ file, severity: "error" }));
    expect(policyRefusal(project, undefined)).toContain(file);
  });

  it("an unknown key in codebot's managed file is only a warning", () => {
    const m = machine();
    m.codebotPolicy({ companyAnnouncements: ["hi"] });
    const project = m.read();
    expect(project.problems.map((p) => p.severity)).toEqual(["warning"]);
    expect(policyRefusal(project, undefined)).toBeUndefined();
  });

  it("the main managed files are among the files a session watches, existing or not", () => {
    const m = machine();
    const watched = settingsFilesOf(
      { cwd: m.project, codebotHome: m.home, claudeHome: m.claudeHome, managedRoot: m.managedRoot },
      true,
    );
    expect(
      watched.filter((f) => f.source === "managed").map((f) => path.relative(m.managedRoot, f.path)),
    ).toEqual(["claude-code/managed-settings.json", "codebot/managed-settings.json"]);
  });
});
