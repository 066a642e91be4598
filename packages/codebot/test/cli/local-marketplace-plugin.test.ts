/**
 * A plugin installed from a marketplace that is a folder on this machine (`claude plugin
 * marketplace add ./dir`, how plugin authors and collections such as obra/superpowers and
 * kenryu42/claude-code-safety-net are tried out) runs from that folder, as claude 2.1.328 runs it:
 * recorded with `claude plugin marketplace add` + `claude plugin install`, an edit in the folder
 * counted without reinstalling (`CLAUDE_PLUGIN_ROOT` was the folder, not `installPath`'s copy),
 * `metadata.pluginRoot` was honoured, and a plugin whose folder was gone did not load.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { copyMarketplace, installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Runs one Bash call under the installed guard; returns what the model was told of it. */
async function bashUnderGuard(box: Sandbox): Promise<{ seen: string; stderr: string }> {
  const server = await modelServer([
    reply.toolCall("bash", { command: "echo ran" }, "b-1"),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "go", "--dangerously-skip-permissions", "--cwd", box.project], {
    env: modelEnv(server, box.home),
  });
  expect(r.code).toBe(0);
  return { seen: requestText(server.requests[1]), stderr: r.stderr };
}

/** `codebot hooks trust --yes` in the project, then the guard runs, as approved, from `root`. */
async function trustGuard(box: Sandbox, root: string): Promise<void> {
  const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], {
    env: modelEnv(await modelServer([]), box.home),
  });
  expect(trust.code).toBe(0);
  expect((await bashUnderGuard(box)).seen).toContain(`guard from ${root} data`);
}

/** The guard's script changed after its approval (an edit, a checkout): it says `words` and blocks. */
function changeGuard(root: string, words: string): void {
  fs.writeFileSync(path.join(root, "hooks/guard.sh"), `#!/bin/sh\necho '${words}' >&2\nexit 2\n`);
}

describe("a plugin of a local marketplace", () => {
  it("runs from the marketplace's folder: an edit there counts without reinstalling, the installed copy is not run", async () => {
    const box = sandbox();
    const { root, copy } = installPluginAsClaudeCodeDid(box);
    fs.writeFileSync(
      path.join(copy, "hooks/guard.sh"),
      "#!/bin/sh\necho 'the installed copy ran' >&2\nexit 2\n",
    );
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).toContain(`guard from ${root} data`);
    expect(seen).not.toContain("the installed copy ran");
    expect(stderr).toBe("");
  });

  it("honours the marketplace's metadata.pluginRoot before a plugin's source", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const market = path.dirname(path.dirname(root));
    box.json(path.join(market, ".claude-plugin/marketplace.json"), {
      name: "local-market",
      owner: { name: "test" },
      metadata: { pluginRoot: "./plugins" },
      plugins: [{ name: "guard", source: "guard" }],
    });
    expect((await bashUnderGuard(box)).seen).toContain(`guard from ${root} data`);
  });

  it("whose folder is gone does not load, and the run says why", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    fs.rmSync(root, { recursive: true });
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).toContain("ran");
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(`plugin guard@local-market is not loaded: its folder ${root} is gone`);
  });

  it('whose source is "." (a repository that is its own marketplace) runs from the marketplace folder, as claude ran it', async () => {
    // Recorded with tuomashatakka/claude-code-hooks (`"source": "."`): CLAUDE_PLUGIN_ROOT was the folder.
    const box = sandbox();
    const { root, copy } = installPluginAsClaudeCodeDid(box);
    const market = path.dirname(path.dirname(root));
    fs.cpSync(path.join(root, "hooks"), path.join(market, "hooks"), { recursive: true });
    box.json(path.join(market, ".claude-plugin/marketplace.json"), {
      name: "local-market",
      owner: { name: "test" },
      plugins: [{ name: "guard", source: "." }],
    });
    const { seen } = await bashUnderGuard(box);
    expect(seen).toContain(`guard from ${market} data`);
    expect(seen).not.toContain(copy);
  });

  /** The marketplace's entry for guard now says `entry`; a copy of the plugin waits outside the marketplace, at `outside`. */
  function pointGuardAt(
    box: Sandbox,
    root: string,
    entry: { source: string; pluginRoot?: string },
  ): { market: string; outside: string } {
    const market = path.dirname(path.dirname(root));
    const outside = path.join(box.home, "outside/guard");
    fs.cpSync(root, outside, { recursive: true });
    box.json(path.join(market, ".claude-plugin/marketplace.json"), {
      name: "local-market",
      owner: { name: "test" },
      ...(entry.pluginRoot === undefined ? {} : { metadata: { pluginRoot: entry.pluginRoot } }),
      plugins: [{ name: "guard", source: entry.source }],
    });
    return { market, outside };
  }

  it.each([
    ["./../outside/guard", { source: "./../outside/guard" }],
    ["a pluginRoot of ..", { source: "./outside/guard", pluginRoot: ".." }],
  ])(
    "whose source leads out of the marketplace folder (%s) does not load, as in claude",
    async (_, entry) => {
      const box = sandbox();
      const { root } = installPluginAsClaudeCodeDid(box);
      const { market, outside } = pointGuardAt(box, root, entry);
      const { seen, stderr } = await bashUnderGuard(box);
      expect(seen).not.toContain("guard from");
      expect(stderr).toContain(`leads to ${outside}, outside its marketplace folder ${market}`);
    },
  );

  it("whose source is a symlink in the marketplace folder to a plugin elsewhere does not load", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const { market, outside } = pointGuardAt(box, root, { source: "./plugins/link" });
    fs.symlinkSync(outside, path.join(market, "plugins/link"));
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(`outside its marketplace folder ${market}`);
  });

  it.each([
    ["../outside/guard", { source: "../outside/guard" }],
    ["absolute", { source: "ABSOLUTE" }],
  ])(
    "whose source claude's schema refuses (%s) runs the installed copy, as claude ran it",
    async (_, entry) => {
      const box = sandbox();
      const { root, copy } = installPluginAsClaudeCodeDid(box);
      const source = entry.source === "ABSOLUTE" ? path.join(box.home, "outside/guard") : entry.source;
      pointGuardAt(box, root, { source });
      const { seen } = await bashUnderGuard(box);
      expect(seen).toContain(`guard from ${copy} data`);
    },
  );

  /** known_marketplaces.json hand-edited to name the marketplace's folder relative (`claude plugin marketplace add` writes it absolute). */
  function relativeInstallLocation(claudeHome: string, location: string): void {
    const file = path.join(claudeHome, "plugins/known_marketplaces.json");
    const known = JSON.parse(fs.readFileSync(file, "utf8"));
    known["local-market"].installLocation = location;
    fs.writeFileSync(file, JSON.stringify(known, null, 2));
  }

  it("whose installLocation is relative runs from that folder under the working folder, as claude resolves it", async () => {
    const box = sandbox();
    const { root, claudeHome } = installPluginAsClaudeCodeDid(box, path.join(box.project, "vendor/market"));
    relativeInstallLocation(claudeHome, "vendor/market");
    await trustGuard(box, root);
    expect((await bashUnderGuard(box)).stderr).toBe("");
  });

  it("whose relative installLocation is not under the working folder does not load, and the run says where it looked", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    relativeInstallLocation(claudeHome, "market");
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(
      `plugin guard@local-market is not loaded: its marketplace folder ${path.join(box.project, "market")} does not exist (installLocation "market" in ${path.join(claudeHome, "plugins/known_marketplaces.json")} is relative: it is resolved against the working folder ${box.project})`,
    );
  });

  it("in the project: acceptEdits does not rewrite its plugin unasked (its hooks run as yours)", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box, path.join(box.project, "market"));
    fs.writeFileSync(path.join(root, "hooks/guard.sh"), "#!/bin/sh\nexit 0\n");
    const marker = path.join(box.home, "model-wrote-this-hook");
    const server = await modelServer([
      reply.toolCall(
        "write",
        { file_path: "market/plugins/guard/hooks/guard.sh", content: `#!/bin/sh\ntouch ${marker}\n` },
        "w-1",
      ),
      reply.toolCall("bash", { command: "echo ran" }, "b-1"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--permission-mode", "acceptEdits", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("permission denied");
    expect(fs.readFileSync(path.join(root, "hooks/guard.sh"), "utf8")).toBe("#!/bin/sh\nexit 0\n");
    expect(fs.existsSync(marker)).toBe(false);
  });

  it.each([
    ["in the project", true],
    ["outside it", false],
  ])(
    "switched on by the project only (%s): its approval covers its folder's hook script, an edit there asks again",
    async (_, inside) => {
      const box = sandbox();
      const { root, claudeHome } = installPluginAsClaudeCodeDid(
        box,
        inside ? path.join(box.project, "market") : undefined,
      );
      box.write(path.join(claudeHome, "settings.json"), "{}");
      box.json(path.join(box.project, ".claude/settings.json"), {
        enabledPlugins: { "guard@local-market": true },
      });
      await trustGuard(box, root);
      changeGuard(root, "the edited guard ran");
      const { seen, stderr } = await bashUnderGuard(box);
      expect(seen).not.toContain("the edited guard ran");
      expect(seen).toContain("hook not approved");
      expect(stderr).toContain("1 project hook was not run");
    },
  );

  it("yours, with its folder in the project: its hook script is a program of the project, held until approved there and again once it changes", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box, path.join(box.project, "market"));
    const held = await bashUnderGuard(box);
    expect(held.seen).not.toContain("guard from");
    expect(held.seen).toContain("hook not approved");
    await trustGuard(box, root);
    changeGuard(root, "a checkout changed the guard");
    const changed = await bashUnderGuard(box);
    expect(changed.seen).not.toContain("a checkout changed the guard");
    expect(changed.seen).toContain("hook not approved");
  });

  it("yours, with its folder in the project: the repository writes its hooks, so a command line of no script is held as a project hook until approved", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box, path.join(box.project, "market"));
    const marker = path.join(box.home, "ran-from-a-checkout");
    // What a checkout of another branch of the repository holding the marketplace puts there.
    box.json(path.join(root, "hooks/hooks.json"), {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `touch ${marker}` }] }],
      },
    });
    const held = await bashUnderGuard(box);
    expect(fs.existsSync(marker)).toBe(false);
    expect(held.stderr).toContain(
      "1 project hook was not run because it is not trusted (market/plugins/guard/hooks/hooks.json)",
    );
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], {
      env: modelEnv(await modelServer([]), box.home),
    });
    await bashUnderGuard(box);
    expect(fs.existsSync(marker)).toBe(true);
  });
});

/** known_marketplaces.json with `edit` applied to its `local-market` entry (undefined: the entry removed). */
function editRegistration(claudeHome: string, edit: (entry: Record<string, unknown>) => unknown): void {
  const file = path.join(claudeHome, "plugins/known_marketplaces.json");
  const known = JSON.parse(fs.readFileSync(file, "utf8"));
  const entry = edit(known["local-market"]);
  if (entry === undefined) delete known["local-market"];
  else known["local-market"] = entry;
  fs.writeFileSync(file, JSON.stringify(known, null, 2));
}

describe("an installed plugin whose marketplace is not registered as claude needs it", () => {
  it("does not load when the marketplace's entry has no installLocation, as claude loads nothing (the run says so)", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    editRegistration(claudeHome, ({ installLocation: _, ...entry }) => entry);
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(
      `plugin guard@local-market is not loaded: its marketplace local-market in ${path.join(claudeHome, "plugins/known_marketplaces.json")} has no installLocation`,
    );
  });

  it("does not load, the installed copy neither, when a GitHub marketplace's entry has no installLocation", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    editRegistration(claudeHome, () => ({ source: { source: "github", repo: "someone/market" } }));
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain("has no installLocation");
  });

  it("does not load, the installed copy neither, when a GitHub marketplace's clone is gone, as claude's cache-miss", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    const clone = path.join(claudeHome, "plugins/marketplaces/local-market");
    editRegistration(claudeHome, () => ({
      source: { source: "github", repo: "someone/market" },
      installLocation: clone,
    }));
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(
      `plugin guard@local-market is not loaded: the clone of its GitHub marketplace local-market (${clone}, installLocation in ${path.join(claudeHome, "plugins/known_marketplaces.json")}) is gone`,
    );
  });

  it.each([
    ["git", { source: "git", url: "https://127.0.0.1:9/market.git" }, "the clone of its git marketplace"],
    [
      "url",
      { source: "url", url: "http://127.0.0.1:9/marketplace.json" },
      "the downloaded marketplace.json of its URL marketplace",
    ],
  ])(
    "does not load, the installed copy neither, when a %s marketplace's local copy is gone, as claude 2.1.328's cache-miss (recorded)",
    async (_, source, what) => {
      const box = sandbox();
      const { claudeHome } = installPluginAsClaudeCodeDid(box);
      const copyOf = path.join(claudeHome, "plugins/marketplaces/local-market");
      editRegistration(claudeHome, () => ({ source, installLocation: copyOf }));
      const { seen, stderr } = await bashUnderGuard(box);
      expect(seen).not.toContain("guard from");
      expect(stderr).toContain(
        `plugin guard@local-market is not loaded: ${what} local-market (${copyOf}, installLocation in`,
      );
    },
  );

  it("does not load, the installed copy neither, when a directory marketplace's folder is gone, as claude 2.1.328 loaded nothing (recorded)", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const market = path.dirname(path.dirname(root));
    fs.rmSync(market, { recursive: true });
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(
      `plugin guard@local-market is not loaded: its marketplace ${path.join(market, ".claude-plugin/marketplace.json")} cannot be read`,
    );
  });

  it("runs the installed copy while a GitHub marketplace's clone is there", async () => {
    const box = sandbox();
    const { claudeHome, copy } = installPluginAsClaudeCodeDid(box);
    const clone = path.join(claudeHome, "plugins/marketplaces/local-market");
    copyMarketplace(clone);
    editRegistration(claudeHome, () => ({
      source: { source: "github", repo: "someone/market" },
      installLocation: clone,
    }));
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).toContain(`guard from ${copy} data`);
    expect(stderr).not.toContain("is not loaded");
  });

  it("does not load when its marketplace is not registered at all, as claude says Marketplace not found", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    box.write(
      path.join(claudeHome, "settings.json"),
      JSON.stringify({ enabledPlugins: { "guard@local-market": true } }),
    );
    editRegistration(claudeHome, () => undefined);
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain("its marketplace local-market is not registered");
  });
});

describe("a marketplace a settings file declares (extraKnownMarketplaces), not registered here", () => {
  /** `file` declares `local-market` at `market` and, with `enable`, switches `guard@local-market` on. */
  function declare(box: Sandbox, file: string, market: string, enable = true): void {
    box.json(file, {
      extraKnownMarketplaces: { "local-market": { source: { source: "directory", path: market } } },
      ...(enable ? { enabledPlugins: { "guard@local-market": true } } : {}),
    });
  }

  it("of yours: its plugin you switch on runs from the declared folder, uninstalled, as claude runs it", async () => {
    const box = sandbox();
    const root = copyMarketplace(path.join(box.home, "market"));
    declare(box, path.join(box.home, ".claude/settings.json"), path.join(box.home, "market"));
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).toContain(`guard from ${root} data`);
    expect(stderr).toBe("");
  });

  it("of the project (a relative folder): its plugin waits for the project's approval, then runs from that folder", async () => {
    const box = sandbox();
    const root = copyMarketplace(path.join(box.project, "market"));
    declare(box, path.join(box.project, ".claude/settings.json"), "./market");
    const held = await bashUnderGuard(box);
    expect(held.seen).not.toContain("guard from");
    expect(held.seen).toContain("hook not approved");
    await trustGuard(box, root);
  });

  it("of the project, with the plugin switched on by you: the project chose its folder, so it waits for the project's approval", async () => {
    const box = sandbox();
    const root = copyMarketplace(path.join(box.home, "elsewhere"));
    box.json(path.join(box.home, ".claude/settings.json"), {
      enabledPlugins: { "guard@local-market": true },
    });
    declare(box, path.join(box.project, ".claude/settings.json"), path.join(box.home, "elsewhere"), false);
    const held = await bashUnderGuard(box);
    expect(held.seen).not.toContain("guard from");
    expect(held.seen).toContain("hook not approved");
    await trustGuard(box, root);
  });

  it("of the project, under a name you registered: yours is run, the project's folder is not", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const theirs = copyMarketplace(path.join(box.home, "theirs"));
    changeGuard(theirs, "the project's guard ran");
    declare(box, path.join(box.project, ".claude/settings.json"), path.join(box.home, "theirs"), false);
    const { seen } = await bashUnderGuard(box);
    expect(seen).toContain(`guard from ${root} data`);
    expect(seen).not.toContain("the project's guard ran");
  });

  it("under a name claude refuses (a:b): its plugin does not load, as in claude, and the run says why", async () => {
    const box = sandbox();
    copyMarketplace(path.join(box.home, "market"));
    box.json(path.join(box.home, ".claude/settings.json"), {
      extraKnownMarketplaces: {
        "a:b": { source: { source: "directory", path: path.join(box.home, "market") } },
      },
      enabledPlugins: { "guard@a:b": true },
    });
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(
      'plugin guard@a:b is not loaded: its id is invalid, as claude says: each part of a plugin id (plugin@marketplace) may use only the letters a-z and A-Z, digits, ".", "_" and "-", and must start with a letter or digit; here the marketplace\'s name does not',
    );
  });

  it("on GitHub: nothing is fetched, the plugin does not load and the run says why", async () => {
    const box = sandbox();
    const settings = box.json(path.join(box.home, ".claude/settings.json"), {
      extraKnownMarketplaces: { "local-market": { source: { source: "github", repo: "someone/market" } } },
      enabledPlugins: { "guard@local-market": true },
    });
    const { seen, stderr } = await bashUnderGuard(box);
    expect(seen).not.toContain("guard from");
    expect(stderr).toContain(
      `plugin guard@local-market is not loaded: its marketplace local-market (declared in ${settings}) is not on this machine: codebot does not fetch marketplaces`,
    );
  });
});
