import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import type { SettingsLayer } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { mcpjsonChoices } from "../../src/mcp/mcpjson-choices.js";
import { loadServerEntries, ownInPlaceOfUnapproved } from "../../src/mcp/server-entries.js";
import { modelEnv, modelServer, requestText, sandbox } from "../cli/support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { scratchDir } from "../support/e2e.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

function layer(source: SettingsLayer["source"], settings: unknown, file = `/${source}/settings.json`) {
  return { source, path: file, settings } as SettingsLayer;
}

/** git in `cwd`, quietly, with a committer named (the test machine may have none). */
function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, stdio: "ignore" });
}

const untracked = () => true;
const tracked = () => false;

describe("Claude Code's choices about .mcp.json servers (as claude 2.1.328 reads them)", () => {
  it("disabledMcpjsonServers refuses a server from any settings file, the project's too, and from ~/.claude.json's entry", () => {
    for (const source of ["user", "project", "local", "cli", "managed"] as const) {
      const choices = mcpjsonChoices([layer(source, { disabledMcpjsonServers: ["ev"] })], undefined, tracked);
      expect([source, choices.refuses("ev"), choices.refuses("fs")]).toEqual([source, true, false]);
    }
    expect(mcpjsonChoices([], { disabledMcpjsonServers: ["ev"] }).refuses("ev")).toBe(true);
  });

  it("enabledMcpjsonServers and enableAllProjectMcpServers approve from your own files only, never from the project's settings", () => {
    const approves = (l: SettingsLayer, isUntracked = untracked) =>
      mcpjsonChoices([l], undefined, isUntracked).approves("ev");
    for (const source of ["user", "cli", "managed"] as const) {
      expect([source, approves(layer(source, { enabledMcpjsonServers: ["ev"] }))]).toEqual([source, true]);
      expect([source, approves(layer(source, { enableAllProjectMcpServers: true }))]).toEqual([source, true]);
    }
    expect(approves(layer("project", { enableAllProjectMcpServers: true }))).toBe(false);
    expect(approves(layer("project", { enabledMcpjsonServers: ["ev"] }))).toBe(false);
    expect(approves(layer("user", { enabledMcpjsonServers: ["other"] }))).toBe(false);
    expect(mcpjsonChoices([], { enabledMcpjsonServers: ["ev"] }).approves("ev")).toBe(true);
    expect(mcpjsonChoices([], { enableAllProjectMcpServers: true }).approves("ev")).toBe(true);
  });

  it("a settings.local.json approves only when git does not track it (one a repository ships is tracked)", () => {
    const local = layer("local", { enabledMcpjsonServers: "ev" });
    expect(mcpjsonChoices([local], undefined, untracked).approves("ev")).toBe(true);
    expect(mcpjsonChoices([local], undefined, tracked).approves("ev")).toBe(false);
  });

  it("a refusal wins over an approval", () => {
    const choices = mcpjsonChoices(
      [
        layer("user", { enableAllProjectMcpServers: true }),
        layer("project", { disabledMcpjsonServers: ["ev"] }),
      ],
      undefined,
    );
    expect(choices.approves("ev")).toBe(false);
    expect(choices.approves("fs")).toBe(true);
  });

  it("asks git whether .claude/settings.local.json is tracked: untracked approves, committed does not, no repository does not", () => {
    const project = scratchDir("mcpjson-git-");
    const file = path.join(project, ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, JSON.stringify({ enableAllProjectMcpServers: true }));
    const local = [layer("local", { enableAllProjectMcpServers: true }, file)];
    expect(mcpjsonChoices(local, undefined).approves("ev")).toBe(false);
    git(project, "init", "-q", ".");
    expect(mcpjsonChoices(local, undefined).approves("ev")).toBe(true);
    git(project, "add", "-A");
    git(project, "commit", "-qm", "ship approvals");
    expect(mcpjsonChoices(local, undefined).approves("ev")).toBe(false);
  });

  it("a settings.local.json that came with a folder unpacked inside another repository (your home's dotfiles, a checkout) approves nothing: git there answers for that repository, not the project", () => {
    const home = scratchDir("mcpjson-outer-");
    execFileSync("git", ["init", "-q", "."], { cwd: home, stdio: "ignore" });
    // A downloaded project, no .git of its own: its files are merely untracked in the outer repository.
    const file = path.join(home, "Downloads", "proj", ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ enableAllProjectMcpServers: true }));
    const local = [layer("local", { enableAllProjectMcpServers: true }, file)];
    expect(mcpjsonChoices(local, undefined).approves("ev")).toBe(false);
    // The outer repository's own project folder still counts.
    const own = path.join(home, ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(own));
    fs.writeFileSync(own, "{}");
    expect(
      mcpjsonChoices([layer("local", { enableAllProjectMcpServers: true }, own)], undefined).approves("ev"),
    ).toBe(true);
  });

  it("a cloned repository whose .claude/ is laid out as a bare repository (its own config and index) cannot make its settings.local.json look untracked", () => {
    const origin = scratchDir("mcpjson-embedded-");
    git(origin, "init", "-q", ".");
    // Tracked files that git, started in .claude/, takes for a repository whose work tree is `..`
    // and whose index (none) tracks nothing.
    const claudeDir = path.join(origin, ".claude");
    for (const dir of ["objects/x", "refs/heads"])
      fs.mkdirSync(path.join(claudeDir, dir), { recursive: true });
    fs.writeFileSync(path.join(claudeDir, "objects/x/keep"), "");
    fs.writeFileSync(path.join(claudeDir, "refs/heads/keep"), "");
    fs.writeFileSync(path.join(claudeDir, "HEAD"), "ref: refs/heads/main\n");
    fs.writeFileSync(
      path.join(claudeDir, "config"),
      "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n",
    );
    fs.writeFileSync(
      path.join(claudeDir, "settings.local.json"),
      JSON.stringify({ enableAllProjectMcpServers: true }),
    );
    git(origin, "add", "-A");
    git(origin, "commit", "-qm", "ship approvals");
    const clone = path.join(scratchDir("mcpjson-clone-"), "repo");
    git(path.dirname(clone), "clone", "-q", origin, clone);
    const file = path.join(clone, ".claude", "settings.local.json");
    expect(
      mcpjsonChoices([layer("local", { enableAllProjectMcpServers: true }, file)], undefined).approves("ev"),
    ).toBe(false);
  });

  it("a cloned repository whose .claude is a tracked symlink to a tracked folder cannot make its settings.local.json look untracked", () => {
    const origin = scratchDir("mcpjson-symlink-");
    git(origin, "init", "-q", ".");
    // git tracks `.claude` as a symlink and the file as `shipped/settings.local.json`: asked about
    // `.claude/settings.local.json` it answers "did not match any file" (exit 1), as for an untracked one.
    fs.mkdirSync(path.join(origin, "shipped"));
    fs.writeFileSync(
      path.join(origin, "shipped", "settings.local.json"),
      JSON.stringify({ enableAllProjectMcpServers: true }),
    );
    fs.symlinkSync("shipped", path.join(origin, ".claude"));
    git(origin, "add", "-A");
    git(origin, "commit", "-qm", "ship approvals");
    const clone = path.join(scratchDir("mcpjson-clone-"), "repo");
    git(path.dirname(clone), "clone", "-q", origin, clone);
    const file = path.join(clone, ".claude", "settings.local.json");
    expect(fs.readFileSync(file, "utf8")).toContain("enableAllProjectMcpServers");
    expect(
      mcpjsonChoices([layer("local", { enableAllProjectMcpServers: true }, file)], undefined).approves("ev"),
    ).toBe(false);
  });

  it("a repository whose .claude is a submodule (cloned --recursive) cannot make its settings.local.json look untracked", () => {
    const git = (cwd: string, ...args: string[]) =>
      execFileSync(
        "git",
        ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "protocol.file.allow=always", ...args],
        { cwd, stdio: "ignore" },
      );
    // The submodule's repository holds the file; the project's tracks `.claude` as a gitlink only,
    // so asked about `.claude/settings.local.json` it answers "did not match any file" (exit 1).
    const sub = scratchDir("mcpjson-submodule-");
    fs.writeFileSync(
      path.join(sub, "settings.local.json"),
      JSON.stringify({ enableAllProjectMcpServers: true }),
    );
    git(sub, "init", "-q", ".");
    git(sub, "add", "-A");
    git(sub, "commit", "-qm", "approvals");
    const origin = scratchDir("mcpjson-superproject-");
    git(origin, "init", "-q", ".");
    git(origin, "submodule", "add", "-q", sub, ".claude");
    git(origin, "commit", "-qm", "ship approvals");
    const clone = path.join(scratchDir("mcpjson-clone-"), "repo");
    git(path.dirname(clone), "clone", "-q", "--recursive", origin, clone);
    const file = path.join(clone, ".claude", "settings.local.json");
    expect(fs.readFileSync(file, "utf8")).toContain("enableAllProjectMcpServers");
    expect(
      mcpjsonChoices([layer("local", { enableAllProjectMcpServers: true }, file)], undefined).approves("ev"),
    ).toBe(false);
  });
});

describe("which .mcp.json servers load", () => {
  function projectWith(servers: Record<string, unknown>): string {
    const project = scratchDir("mcpjson-project-");
    fs.writeFileSync(path.join(project, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
    return project;
  }

  it("a refused .mcp.json server is left out, and your own server of its name stays", () => {
    const cwd = projectWith({ ev: { command: "project-ev" }, fs: { command: "project-fs" } });
    const { entries } = loadServerEntries({
      cwd,
      plugins: [],
      layers: [layer("user", { mcpServers: { ev: { command: "my-ev" } }, disabledMcpjsonServers: ["ev"] })],
    });
    expect(entries.map((e) => [e.name, e.origin, e.config])).toEqual([
      ["ev", "user", { command: "my-ev" }],
      ["fs", "mcp.json", { command: "project-fs" }],
    ]);
  });

  it("a .mcp.json server your settings approve needs no approval of codebot's, and stays a project entry", () => {
    const cwd = projectWith({ ev: { command: "project-ev" }, fs: { command: "project-fs" } });
    const { entries } = loadServerEntries({
      cwd,
      plugins: [],
      layers: [layer("user", { enabledMcpjsonServers: ["ev"] })],
    });
    expect(entries.map((e) => [e.name, e.needsConsent, e.approvalNeeded])).toEqual([
      ["ev", true, false],
      ["fs", true, true],
    ]);
  });

  it("your enabledMcpjsonServers and enableAllProjectMcpServers do not approve the servers of a plugin only the project enables: they wait for codebot's approval", () => {
    const cwd = scratchDir("mcpjson-project-");
    const root = scratchDir("mcpjson-plugin-");
    fs.writeFileSync(
      path.join(root, ".mcp.json"),
      JSON.stringify({ mcpServers: { ps: { command: "plugin-ps" } } }),
    );
    const { entries } = loadServerEntries({
      cwd,
      plugins: [{ name: "p", root, dataDir: path.join(root, "data"), source: "project" }],
      layers: [
        layer("user", {
          enabledMcpjsonServers: ["ps", "plugin:p:ps"],
          enableAllProjectMcpServers: true,
        }),
      ],
    });
    expect(entries.map((e) => [e.name, e.origin, e.needsConsent, e.approvalNeeded])).toEqual([
      ["plugin:p:ps", "project", true, true],
    ]);
  });

  it("disabledMcpjsonServers does not refuse a plugin's server, as claude 2.1.328 started one it named (recorded)", () => {
    const cwd = scratchDir("mcpjson-project-");
    const root = scratchDir("mcpjson-plugin-");
    fs.writeFileSync(
      path.join(root, ".mcp.json"),
      JSON.stringify({ mcpServers: { ps: { command: "plugin-ps" } } }),
    );
    const { entries } = loadServerEntries({
      cwd,
      plugins: [{ name: "p", root, dataDir: path.join(root, "data"), source: "plugin" }],
      layers: [layer("user", { disabledMcpjsonServers: ["ps", "plugin:p:ps"] })],
    });
    expect(entries.map((e) => [e.name, e.origin])).toEqual([["plugin:p:ps", "plugin"]]);
  });

  it("an unapproved .mcp.json server gives way to your own of its name; approved, it replaces it", () => {
    const cwd = projectWith({ ev: { command: "project-ev" } });
    const { entries } = loadServerEntries({
      cwd,
      plugins: [],
      layers: [layer("user", { mcpServers: { ev: { command: "my-ev" } } })],
    });
    expect(entries.map((e) => e.origin)).toEqual(["mcp.json"]);
    const pending = ownInPlaceOfUnapproved(entries, (e) => !e.approvalNeeded);
    expect(pending.map((e) => [e.origin, e.config])).toEqual([["user", { command: "my-ev" }]]);
    const approved = ownInPlaceOfUnapproved(entries, () => true);
    expect(approved.map((e) => [e.origin, e.config])).toEqual([["mcp.json", { command: "project-ev" }]]);
  });
});

describe("a -p session and codebot mcp list with Claude Code's choices", () => {
  function stdio(state: string, ...extra: string[]) {
    return { command: process.execPath, args: [SERVER, "serve", state, ...extra] };
  }

  function box() {
    const b = sandbox();
    const state = b.at("state");
    fs.mkdirSync(state);
    return { b, state };
  }

  it("~/.claude/settings.json's enabledMcpjsonServers starts a .mcp.json server without codebot mcp trust; the project's own enableAllProjectMcpServers does not", async () => {
    const { b, state } = box();
    b.json(".mcp.json", { mcpServers: { t: stdio(state), u: stdio(state) } });
    b.json(`${b.home}/.claude/settings.json`, { enabledMcpjsonServers: ["t"] });
    b.json(".claude/settings.json", { enableAllProjectMcpServers: true });
    const model = await modelServer([reply.toolCall("mcp__t__pid", {}), reply.text("done")]);
    const ran = await runCli(["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", b.project], {
      env: modelEnv(model, b.home),
    });
    expect(ran.code, ran.stderr).toBe(0);
    const [pid] = fs.readFileSync(path.join(state, "starts"), "utf8").trim().split("\n");
    expect(requestText(model.requests[1])).toContain(String(pid));
    expect(ran.stderr).toContain("not started because they are not approved: u;");
    const list = await runCli(["mcp", "list", "--json", "--cwd", b.project], { env: cliEnv(b.home) });
    const servers = (JSON.parse(list.stdout) as { servers: Record<string, unknown>[] }).servers;
    expect(servers).toMatchObject([
      { name: "t", origin: "mcp.json", trust: "approved", state: "connected" },
      { name: "u", origin: "mcp.json", trust: "needs approval", state: "not approved" },
    ]);
  });

  it("a repository that ships .claude as a symlink to its own settings.local.json's folder does not start its .mcp.json server", async () => {
    const { b, state } = box();
    b.json(".mcp.json", { mcpServers: { t: stdio(state) } });
    b.json("shipped/settings.local.json", { enableAllProjectMcpServers: true });
    fs.symlinkSync("shipped", b.at(".claude"));
    for (const args of [
      ["init", "-q", "."],
      ["add", "-A"],
      ["commit", "-qm", "ship approvals"],
    ])
      git(b.project, ...args);
    const model = await modelServer([reply.text("done")]);
    const ran = await runCli(["-p", "go", "--cwd", b.project], { env: modelEnv(model, b.home) });
    expect(ran.code, ran.stderr).toBe(0);
    expect(fs.existsSync(path.join(state, "starts"))).toBe(false);
    expect(ran.stderr).toContain("not started because they are not approved: t;");
  });

  it("your ~/.claude.json server keeps running while the .mcp.json server of its name waits for approval, as in claude", async () => {
    const { b, state } = box();
    const project = fs.realpathSync(b.project);
    b.json(`${b.home}/.claude.json`, { mcpServers: { t: stdio(state, "--mine") } });
    b.json(".mcp.json", { mcpServers: { t: stdio(state, "--project") } });
    const model = await modelServer([reply.toolCall("mcp__t__pid", {}), reply.text("done")]);
    const ran = await runCli(["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", project], {
      env: modelEnv(model, b.home),
    });
    expect(ran.code, ran.stderr).toBe(0);
    const [pid] = fs.readFileSync(path.join(state, "starts"), "utf8").trim().split("\n");
    expect(requestText(model.requests[1])).toContain(String(pid));
    const list = await runCli(["mcp", "list", "--json", "--cwd", project], { env: cliEnv(b.home) });
    const servers = (JSON.parse(list.stdout) as { servers: Record<string, unknown>[] }).servers;
    expect(servers).toMatchObject([
      { name: "t", origin: "claude-user", trust: "own", state: "connected" },
      { name: "t", origin: "mcp.json", trust: "needs approval", state: "not approved" },
    ]);
  });
});
