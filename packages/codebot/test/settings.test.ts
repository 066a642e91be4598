import fs from "node:fs";
import path from "node:path";
import { formatProblem } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { settingsFilesOf } from "../src/session/settings-watch.js";
import { loadSettingsLayers } from "../src/settings/load-settings.js";
import { mergeSettings } from "../src/settings/runtime-settings.js";
import { tempDir, writeFile } from "./support/temp-dirs.js";

function setup() {
  const home = tempDir("codebot-home-");
  const project = tempDir("codebot-project-");
  return { home, project };
}

const untrusted = { isGrantTrusted: () => false };

describe("settings layers", () => {
  it("reads user, project, local and cli layers in that order, with comments allowed", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), '// mine\n{ "model": "anthropic/a" }');
    writeFile(path.join(project, ".codebot/settings.json"), '{ /* shared */ "model": "openai/b", }');
    writeFile(path.join(project, ".codebot/settings.local.json"), '{ "model": "openai/c" }');
    const cli1 = writeFile(path.join(home, "extra1.json"), '{ "model": "openai/d" }');
    const cli2 = writeFile(path.join(home, "extra2.json"), "{}");
    const { layers, problems } = loadSettingsLayers({
      cwd: project,
      codebotHome: home,
      settingsFiles: [cli1, cli2],
    });
    expect(problems).toEqual([]);
    expect(layers.map((l) => [l.source, path.basename(l.path)])).toEqual([
      ["user", "settings.json"],
      ["project", "settings.json"],
      ["local", "settings.local.json"],
      ["cli", "extra1.json"],
      ["cli", "extra2.json"],
    ]);
    expect(mergeSettings(layers, untrusted).settings.model).toBe("openai/d");
  });

  it("skips a file with a syntax error and reports its file, line and column", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), '{ "model": "anthropic/a" }');
    const bad = writeFile(
      path.join(project, ".codebot/settings.json"),
      '{\n  "model": "x/y"\n  "hooks": {}\n}',
    );
    const { layers, problems } = loadSettingsLayers({ cwd: project, codebotHome: home });
    expect(layers.map((l) => l.source)).toEqual(["user"]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: bad, line: 3, column: 3, severity: "error" });
    expect(formatProblem(problems[0] as never)).toBe(`settings: ${bad}:3:3: comma expected (layer skipped)`);
  });

  it("reports a --settings file that does not exist and a document that is not an object", () => {
    const { home, project } = setup();
    const notObject = writeFile(path.join(project, ".codebot/settings.local.json"), "[1, 2]");
    const missing = path.join(home, "nope.json");
    const { layers, problems } = loadSettingsLayers({
      cwd: project,
      codebotHome: home,
      settingsFiles: [missing],
    });
    expect(layers).toEqual([]);
    expect(problems.map(formatProblem)).toEqual([
      `settings: ${notObject}: the settings file must contain one JSON object (layer skipped)`,
      `settings: ${missing}: file not found (layer skipped)`,
    ]);
  });

  it("reads a --settings value starting with { as inline settings, named by its place among them", () => {
    const { home, project } = setup();
    const file = writeFile(path.join(home, "extra.json"), '{ "model": "openai/f" }');
    const { layers, problems } = loadSettingsLayers({
      cwd: project,
      codebotHome: home,
      settingsFiles: [' { "model": "openai/a" }', file, '{ "model": "openai/b" }'],
    });
    expect(problems).toEqual([]);
    expect(layers.map((l) => [l.source, l.path])).toEqual([
      ["cli", "--settings (inline JSON)"],
      ["cli", file],
      ["cli", "--settings (inline JSON #2)"],
    ]);
    expect(mergeSettings(layers, untrusted).settings.model).toBe("openai/b");
  });

  it("reports a syntax error in inline --settings JSON with its line and column, not as a missing file", () => {
    const { home, project } = setup();
    const { layers, problems } = loadSettingsLayers({
      cwd: project,
      codebotHome: home,
      settingsFiles: ['{"model": "x/y" "hooks": {}}'],
    });
    expect(layers).toEqual([]);
    expect(problems.map(formatProblem)).toEqual([
      "settings: --settings (inline JSON):1:17: comma expected (layer skipped)",
    ]);
  });

  it("watches a --settings file for changes but not an inline --settings value, which is no file", () => {
    const { home, project } = setup();
    const file = writeFile(path.join(home, "extra.json"), "{}");
    const watched = settingsFilesOf(
      { cwd: project, codebotHome: home, claudeHome: path.join(home, "claude"), settingsFiles: ["{}", file] },
      true,
    );
    expect(watched.filter((f) => f.source === "cli").map((f) => f.path)).toEqual([file]);
  });

  it("reads Claude Code's files by default: ~/.claude/settings.json as a user layer, .claude/ as project and local", () => {
    const { home, project } = setup();
    const claudeHome = path.join(home, "claude");
    writeFile(path.join(claudeHome, "settings.json"), "{}");
    writeFile(path.join(home, "settings.json"), "{}");
    for (const f of [".codebot/settings.json", ".claude/settings.json", ".codebot/settings.local.json"])
      writeFile(path.join(project, f), "{}");
    writeFile(path.join(project, ".claude/settings.local.json"), "{}");
    const { layers } = loadSettingsLayers({ cwd: project, codebotHome: home, claudeHome });
    expect(layers.map((l) => [l.source, path.relative(home, l.path)])).toEqual([
      ["user", "claude/settings.json"],
      ["user", "settings.json"],
      ["project", path.relative(home, path.join(project, ".codebot/settings.json"))],
      ["project", path.relative(home, path.join(project, ".claude/settings.json"))],
      ["local", path.relative(home, path.join(project, ".codebot/settings.local.json"))],
      ["local", path.relative(home, path.join(project, ".claude/settings.local.json"))],
    ]);
  });

  it('"claudeCompat": false in codebot\'s user settings leaves every Claude Code file out', () => {
    const { home, project } = setup();
    const claudeHome = path.join(home, "claude");
    writeFile(path.join(claudeHome, "settings.json"), "{}");
    writeFile(path.join(project, ".claude/settings.json"), "{}");
    writeFile(path.join(project, ".claude/settings.local.json"), "{}");
    writeFile(path.join(home, "settings.json"), '{ "claudeCompat": false }');
    const { layers } = loadSettingsLayers({ cwd: project, codebotHome: home, claudeHome });
    expect(layers.map((l) => l.path)).toEqual([path.join(home, "settings.json")]);
  });
});

describe("merged settings", () => {
  const layer = (source: "user" | "project" | "local" | "cli", settings: unknown) => ({
    source,
    path: `/${source}.json`,
    settings,
  });

  it("statusLine is taken from the user's settings, with its padding and refresh interval", () => {
    const setting = { type: "command", command: "mine.sh", padding: 2, refreshInterval: 5 };
    expect(mergeSettings([layer("user", { statusLine: setting })], untrusted).settings.statusLine).toEqual({
      command: "mine.sh",
      padding: 2,
      refreshIntervalMs: 5_000,
    });
  });

  it("a project's effortLevel above your own waits for approval: a repository does not raise what you pay unasked", () => {
    const layers = [layer("user", { effortLevel: "low" }), layer("project", { effortLevel: "xhigh" })];
    const held = mergeSettings(layers, untrusted);
    expect(held.settings.effortLevel).toBe("low");
    expect(held.settings.permissions.untrusted.map((g) => g.grant)).toEqual(["effortLevel:xhigh"]);
    const approved = mergeSettings(layers, { isGrantTrusted: (g) => g === "effortLevel:xhigh" });
    expect(approved.settings.effortLevel).toBe("xhigh");
  });

  it("a project's alwaysThinkingEnabled: true over your false waits for approval: a repository does not turn thinking back on unasked", () => {
    const layers = [
      layer("user", { alwaysThinkingEnabled: false }),
      layer("project", { alwaysThinkingEnabled: true }),
    ];
    const held = mergeSettings(layers, untrusted);
    expect(held.settings.alwaysThinkingEnabled).toBe(false);
    expect(held.settings.permissions.untrusted.map((g) => g.grant)).toEqual(["alwaysThinkingEnabled:true"]);
    const approved = mergeSettings(layers, { isGrantTrusted: (g) => g === "alwaysThinkingEnabled:true" });
    expect(approved.settings.alwaysThinkingEnabled).toBe(true);
    const off = mergeSettings([layer("project", { alwaysThinkingEnabled: false })], untrusted);
    expect(off.settings.alwaysThinkingEnabled).toBe(false);
    expect(off.settings.permissions.untrusted).toEqual([]);
  });

  it("a project's model price below the known one, or for an unpriced model, waits for approval: --max-budget-usd counts what is spent", () => {
    const free = { price: { input: 0, output: 0 } };
    const layers = [
      layer("project", { models: { "anthropic/claude-sonnet-4-5": free, "acme/unpriced": free } }),
    ];
    const held = mergeSettings(layers, untrusted);
    expect(held.settings.models["anthropic/claude-sonnet-4-5"]?.price).toBeUndefined();
    expect(held.settings.models["acme/unpriced"]?.price).toBeUndefined();
    expect(held.settings.permissions.untrusted.map((g) => g.grant)).toEqual([
      'price:anthropic/claude-sonnet-4-5={"input":0,"output":0}',
      'price:acme/unpriced={"input":0,"output":0}',
    ]);
    const approved = mergeSettings(layers, { isGrantTrusted: (g) => g.startsWith("price:anthropic/") });
    expect(approved.settings.models["anthropic/claude-sonnet-4-5"]?.price).toEqual(free.price);
  });

  it("a project's price at or above the known one, and its context window, count unasked; yours always do", () => {
    const dear = { input: 30, output: 150 };
    const project = mergeSettings(
      [
        layer("project", {
          models: { "anthropic/claude-sonnet-4-5": { price: dear, contextWindow: 50_000 } },
        }),
      ],
      untrusted,
    ).settings;
    expect(project.models["anthropic/claude-sonnet-4-5"]).toEqual({ price: dear, contextWindow: 50_000 });
    expect(project.permissions.untrusted).toEqual([]);
    const cheap = { input: 0.1, output: 0.1 };
    const yours = mergeSettings(
      [layer("user", { models: { "acme/x": { price: cheap } } })],
      untrusted,
    ).settings;
    expect(yours.models["acme/x"]?.price).toEqual(cheap);
  });

  it("a project's effortLevel counts unasked when yours sets none or it is not above yours, as in claude", () => {
    const effort = (...levels: ["user" | "project" | "local", string][]) =>
      mergeSettings(
        levels.map(([source, effortLevel]) => layer(source, { effortLevel })),
        untrusted,
      ).settings;
    expect(effort(["project", "xhigh"]).effortLevel).toBe("xhigh");
    expect(effort(["user", "high"], ["project", "medium"]).effortLevel).toBe("medium");
    expect(effort(["user", "high"], ["local", "high"]).permissions.untrusted).toEqual([]);
  });

  it("a project's statusLine is a grant: ignored and listed until trusted, then it replaces the user's", () => {
    const line = (command: string) => ({ statusLine: { type: "command", command } });
    const layers = [layer("user", line("mine.sh")), layer("project", line("theirs.sh"))];
    const notTrusted = mergeSettings(layers, untrusted);
    expect(notTrusted.settings.statusLine?.command).toBe("mine.sh");
    expect(notTrusted.settings.permissions.untrusted.map((g) => g.grant)).toEqual(["statusLine:theirs.sh"]);
    expect(notTrusted.problems).toEqual([]);
    const trusted = mergeSettings(layers, { isGrantTrusted: (g) => g === "statusLine:theirs.sh" });
    expect(trusted.settings.statusLine?.command).toBe("theirs.sh");
  });

  it("your own statusLine that runs a program of the project is held until approved there, as your own hooks are", () => {
    const { project } = setup();
    writeFile(path.join(project, "node_modules/.bin/ccstatusline"), "#!/bin/sh\ntouch /tmp/pwned\n");
    const layers = [layer("user", { statusLine: { type: "command", command: "npx ccstatusline" } })];
    const held = mergeSettings(layers, { ...untrusted, projectDir: project });
    expect(held.settings.statusLine).toBeUndefined();
    const grants = held.settings.permissions.untrusted.map((g) => g.grant);
    expect(grants).toEqual([
      expect.stringMatching(/^statusLine:npx ccstatusline \(runs node_modules\/\.bin\/ccstatusline #/),
    ]);
    const approved = mergeSettings(layers, { isGrantTrusted: (g) => g === grants[0], projectDir: project });
    expect(approved.settings.statusLine?.command).toBe("npx ccstatusline");
    expect(approved.settings.statusLine?.approved?.files.map((f) => path.basename(f.file))).toEqual([
      "ccstatusline",
    ]);
    // One that runs nothing of the project runs as it is.
    const own = [layer("user", { statusLine: { type: "command", command: "~/.claude/statusline.sh" } })];
    expect(mergeSettings(own, { ...untrusted, projectDir: project }).settings.statusLine?.command).toBe(
      "~/.claude/statusline.sh",
    );
  });

  it("your own statusLine that runs a file by a name worked out as it runs is held until approved there, as your own hooks are", () => {
    const { project } = setup();
    writeFile(path.join(project, ".claude/statusline.sh"), "#!/bin/sh\necho theirs\n");
    const command = 'root=$(git rev-parse --show-toplevel); sh "$root/.claude/statusline.sh"';
    const layers = [layer("user", { statusLine: { type: "command", command } })];
    const held = mergeSettings(layers, { ...untrusted, projectDir: project });
    expect(held.settings.statusLine).toBeUndefined();
    const grants = held.settings.permissions.untrusted.map((g) => g.grant);
    expect(grants).toEqual([
      `statusLine:${command} (runs what codebot cannot name: "$root/.claude/statusline.sh")`,
    ]);
    const approved = mergeSettings(layers, { isGrantTrusted: (g) => g === grants[0], projectDir: project });
    expect(approved.settings.statusLine?.command).toBe(command);
  });

  it("your own statusLine named bare is held when your settings' env PATH makes it the project's (./bin first)", () => {
    const { project } = setup();
    writeFile(path.join(project, "bin/status"), "#!/bin/sh\necho theirs\n");
    fs.chmodSync(path.join(project, "bin/status"), 0o755);
    const layers = [
      layer("user", {
        env: { PATH: "./bin:/usr/bin:/bin" },
        statusLine: { type: "command", command: "status" },
      }),
    ];
    const held = mergeSettings(layers, { ...untrusted, projectDir: project });
    expect(held.settings.statusLine).toBeUndefined();
    expect(held.settings.permissions.untrusted.map((g) => g.grant)).toEqual([
      expect.stringMatching(/^statusLine:status \(runs bin\/status #[0-9a-f]{16}\)$/),
    ]);
  });

  it("reads Claude Code's model names in its own files: an alias or a bare id is an Anthropic model", () => {
    const claude = (model: string) => ({
      source: "user" as const,
      path: "/home/u/.claude/settings.json",
      settings: { model },
    });
    const merged = (model: string) => mergeSettings([claude(model)], untrusted);
    expect(merged("opus").settings.model).toBe("anthropic/claude-opus-4-1");
    expect(merged("claude-sonnet-4-5").settings.model).toBe("anthropic/claude-sonnet-4-5");
    expect(merged("claude-sonnet-4-5").problems).toEqual([]);
    expect(mergeSettings([layer("user", { model: "opus" })], untrusted).settings.model).toBeUndefined();
  });

  it("lets later layers override scalars and defaults postStopValidation.maxAttempts to 3", () => {
    const { settings } = mergeSettings(
      [layer("user", { permissions: { mode: "plan" } }), layer("cli", { permissions: { mode: "ask" } })],
      untrusted,
    );
    expect(settings.permissions.mode).toBe("ask");
    expect(settings.postStopValidation.maxAttempts).toBe(3);
    const more = mergeSettings([layer("project", { postStopValidation: { maxAttempts: 5 } })], untrusted);
    expect(more.settings.postStopValidation.maxAttempts).toBe(5);
  });

  it("honours allow rules from user and cli layers but not from an untrusted project", () => {
    const { settings } = mergeSettings(
      [
        layer("user", { permissions: { allow: ["bash(git status*)"] } }),
        layer("project", { permissions: { allow: ["bash"], mode: "bypassPermissions" } }),
        layer("local", { permissions: { allow: ["write"] } }),
        layer("cli", { permissions: { allow: ["edit(src/**)"] } }),
      ],
      untrusted,
    );
    expect(settings.permissions.allow.map((r) => r.text)).toEqual(["bash(git status*)", "edit(src/**)"]);
    expect(settings.permissions.mode).toBeUndefined();
    expect(settings.permissions.untrusted).toEqual([
      { grant: "mode:bypassPermissions", source: "project", file: "/project.json" },
      { grant: "allow:bash", source: "project", file: "/project.json" },
      { grant: "allow:write", source: "local", file: "/local.json" },
    ]);
  });

  it("honours a project grant once it is trusted, and restricting modes from a project always", () => {
    const { settings } = mergeSettings(
      [
        layer("project", { permissions: { allow: ["bash", "write"] } }),
        layer("local", { permissions: { mode: "plan" } }),
      ],
      { isGrantTrusted: (g) => g === "allow:bash" },
    );
    expect(settings.permissions.allow.map((r) => r.text)).toEqual(["bash"]);
    expect(settings.permissions.mode).toBe("plan");
  });

  it("counts a project mode that loosens the user's mode as a grant: dontAsk over the user's plan", () => {
    const layers = [
      layer("user", { permissions: { mode: "plan" } }),
      layer("project", { permissions: { defaultMode: "dontAsk" } }),
    ];
    const refused = mergeSettings(layers, untrusted).settings;
    expect(refused.permissions.mode).toBe("plan");
    expect(refused.permissions.untrusted).toEqual([
      { grant: "mode:dontAsk", source: "project", file: "/project.json" },
    ]);
    const trusted = mergeSettings(layers, { isGrantTrusted: (g) => g === "mode:dontAsk" }).settings;
    expect(trusted.permissions.mode).toBe("dontAsk");
  });

  it("lets a project restrict the user's mode unasked: ask over the user's auto", () => {
    const { settings } = mergeSettings(
      [
        layer("user", { permissions: { mode: "bypassPermissions" } }),
        layer("project", { permissions: { mode: "ask" } }),
      ],
      untrusted,
    );
    expect(settings.permissions.mode).toBe("ask");
    expect(settings.permissions.untrusted).toEqual([]);
  });
  it("reports bad values as warnings naming the file and keeps the rest", () => {
    const { settings, problems } = mergeSettings(
      [
        layer("user", {
          model: "no-slash",
          permissions: { mode: "yolo", allow: ["bash(", 3, "task_list(x)", "read"] },
          postStopValidation: { maxAttempts: 0 },
        }),
      ],
      untrusted,
    );
    expect(settings.permissions.allow.map((r) => r.text)).toEqual(["read"]);
    expect(settings.postStopValidation.maxAttempts).toBe(3);
    expect(problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      '/user.json: model: expected "provider/model-id", got "no-slash"; ignored',
      '/user.json: permissions.mode: expected one of "ask", "auto", "plan", "acceptEdits", "dontAsk", "bypassPermissions", "default", "manual", got "yolo"; ignored',
      '/user.json: permissions.allow: permission rule "bash(": expected "Tool" or "Tool(specifier)"; ignored',
      "/user.json: permissions.allow: expected a rule string, got 3; ignored",
      '/user.json: permissions.allow: permission rule "task_list(x)": task_list takes no specifier; write "task_list" for the whole tool; ignored',
      "/user.json: postStopValidation.maxAttempts: expected an integer from 1 to 100, got 0; ignored",
    ]);
  });

  it("takes env from user-owned layers and from a project only when trusted", () => {
    const { settings } = mergeSettings(
      [layer("user", { env: { A: "1" } }), layer("project", { env: { PATH: "/evil", B: "2" } })],
      { isGrantTrusted: (g) => g === "env:B=2" },
    );
    expect(settings.env).toEqual({ A: "1", B: "2" });
  });
});
