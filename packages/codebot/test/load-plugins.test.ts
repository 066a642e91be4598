import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPluginLayers } from "../src/settings/load-plugins.js";
import { tempDir } from "./support/temp-dirs.js";

function plugin(files: Record<string, string>): string {
  const root = tempDir("codebot-plugin-");
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const HOOKS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] },
});

describe("Claude Code plugin folders", () => {
  it("of yours, with the folder in the project (a symlink to it too), load as the project's; one named for the run or forced by policy stays as it was", () => {
    const root = plugin({ "hooks/hooks.json": HOOKS });
    const linked = path.join(tempDir("codebot-elsewhere-"), "plugin");
    fs.symlinkSync(root, linked);
    const home = tempDir("codebot-home-");
    const sources = (dirs: Parameters<typeof loadPluginLayers>[0], project: string) => {
      const { layers, folders } = loadPluginLayers(dirs, home, project);
      return [layers.map((l) => l.source), folders.map((f) => f.source)];
    };
    expect(sources([{ dir: root, base: "/" }], path.dirname(root))).toEqual([["project"], ["project"]]);
    expect(sources([{ dir: linked, base: "/", installed: true }], root)).toEqual([["project"], ["project"]]);
    expect(sources([{ dir: root, base: "/" }], tempDir("codebot-project-"))).toEqual([
      ["plugin"],
      ["plugin"],
    ]);
    expect(sources([{ dir: root, base: "/", namedForRun: true }], root)).toEqual([["plugin"], ["plugin"]]);
    expect(sources([{ dir: root, base: "/", forcedByPolicy: true }], root)).toEqual([["plugin"], ["plugin"]]);
  });

  it("read the hooks file their manifest names, inside the plugin folder", () => {
    const root = plugin({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "fmt", hooks: "./config/my-hooks.json" }),
      "config/my-hooks.json": HOOKS,
    });
    const { layers, problems } = loadPluginLayers([{ dir: root, base: "/" }], tempDir("codebot-home-"));
    expect(problems).toEqual([]);
    expect(layers.map((l) => [l.path, l.plugin?.name])).toEqual([
      [path.join(root, "config/my-hooks.json"), "fmt"],
    ]);
  });

  it("load hooks/hooks.json and, besides it, what the manifest's hooks add: a path, a list of paths, or the hooks inline", () => {
    const extra = JSON.stringify({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "exit 0" }] }] },
    });
    const inline = { UserPromptSubmit: [{ hooks: [{ type: "command", command: "exit 0" }] }] };
    const home = tempDir("codebot-home-");
    for (const [hooks, loaded] of [
      ["./extra.json", ["hooks/hooks.json", "extra.json"]],
      [
        ["./extra.json", "${CLAUDE_PLUGIN_ROOT}/more.json"],
        ["hooks/hooks.json", "extra.json", "more.json"],
      ],
      [inline, ["hooks/hooks.json", ".claude-plugin/plugin.json"]],
      ["./hooks/hooks.json", ["hooks/hooks.json"]],
    ] as const) {
      const root = plugin({
        ".claude-plugin/plugin.json": JSON.stringify({ name: "kit", hooks }),
        "hooks/hooks.json": HOOKS,
        "extra.json": extra,
        "more.json": extra,
      });
      const { layers, problems } = loadPluginLayers([{ dir: root, base: "/" }], home);
      expect(problems).toEqual([]);
      expect(layers.map((l) => path.relative(root, l.path))).toEqual(loaded);
      expect(layers.map((l) => Object.keys(l.settings as object))).toEqual(loaded.map(() => ["hooks"]));
    }
  });

  it("a manifest naming a file outside the plugin: hooks/hooks.json loads, the path is ignored with a warning", () => {
    const root = plugin({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "x", hooks: "../../etc/hooks.json" }),
      "hooks/hooks.json": HOOKS,
    });
    const { layers, problems } = loadPluginLayers([{ dir: root, base: "/" }], tempDir("codebot-home-"));
    expect(layers.map((l) => l.path)).toEqual([path.join(root, "hooks/hooks.json")]);
    expect(problems.map((p) => p.message)).toEqual([
      'plugin x: "hooks" path ../../etc/hooks.json is outside the plugin; ignored',
    ]);
  });

  // Modelled on sergio-bershadsky/ai's settings-sync and marketplace-validator plugins (0c0719d2),
  // whose hooks.json have the events at the top level: claude 2.1.328 loads neither ("Hook load
  // failed: … hooks.json must have 'hooks' …"), so their Stop and PostToolUse hooks never run.
  it("a hooks.json with the events at the top level, no hooks key, skips its hooks with a warning, as claude 2.1.328 runs none of them", () => {
    const root = plugin({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "settings-sync" }),
      "hooks/hooks.json": JSON.stringify({
        Stop: [{ matcher: ".*", hooks: [{ type: "command", command: "python3 backup.py", timeout: 10000 }] }],
      }),
    });
    const { layers, problems } = loadPluginLayers([{ dir: root, base: "/" }], tempDir("codebot-home-"));
    expect(layers).toEqual([]);
    expect(problems).toEqual([
      {
        severity: "warning",
        scope: "settings",
        file: path.join(root, "hooks", "hooks.json"),
        message:
          'plugin settings-sync: no "hooks" key: write {"hooks": {<event>: [...]}}, as Claude Code loads no plugin without it (plugin skipped)',
      },
    ]);
  });

  it("a manifest claude 2.1.328 refuses skips the plugin with an error naming the file and the fault", () => {
    const home = tempDir("codebot-home-");
    for (const [text, fault] of [
      ['{"name": "guard",', /^plugin manifest is not valid JSON \(.+\) \(plugin skipped\)$/],
      ["null", /^plugin manifest is not a JSON object \(plugin skipped\)$/],
      ["[1]", /^plugin manifest is not a JSON object \(plugin skipped\)$/],
      ['{"version": "1.0.0"}', /^plugin manifest has no "name" \(plugin skipped\)$/],
      ['{"name": 42}', /^plugin manifest has "name": 42, not a string \(plugin skipped\)$/],
      ['{"name": ""}', /^plugin manifest has an empty "name" \(plugin skipped\)$/],
      [
        '{"name": "my guard"}',
        /^plugin manifest has "name": "my guard", with spaces \(use kebab-case\) \(plugin skipped\)$/,
      ],
      [
        '{"name": "guard", "version": 1, "description": ["x"]}',
        /^plugin manifest has "version": 1, not a string; has "description": \["x"\], not a string \(plugin skipped\)$/,
      ],
    ] as const) {
      const root = plugin({ ".claude-plugin/plugin.json": text, "hooks/hooks.json": HOOKS });
      const { layers, problems, folders } = loadPluginLayers([{ dir: root, base: "/" }], home);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({
        severity: "error",
        file: path.join(root, ".claude-plugin", "plugin.json"),
        message: expect.stringMatching(fault),
      });
      expect([layers, folders]).toEqual([[], []]);
    }
  });

  it("a manifest's malformed author, keywords or homepage and unknown keys are ignored, as claude 2.1.328 ignores them", () => {
    const root = plugin({
      ".claude-plugin/plugin.json": JSON.stringify({
        name: "guard",
        author: "me",
        keywords: "x",
        homepage: 5,
        zzz: 1,
      }),
      "hooks/hooks.json": HOOKS,
    });
    const { layers, problems } = loadPluginLayers([{ dir: root, base: "/" }], tempDir("codebot-home-"));
    expect(problems).toEqual([]);
    expect(layers.map((l) => l.plugin?.name)).toEqual(["guard"]);
  });

  it("a plugin without hooks is a warning when you named it, and normal when Claude Code installed it", () => {
    const root = plugin({ ".claude-plugin/plugin.json": JSON.stringify({ name: "skills-only" }) });
    const home = tempDir("codebot-home-");
    expect(loadPluginLayers([{ dir: root, base: "/" }], home).problems.map((p) => p.message)).toEqual([
      "plugin skills-only has no hooks/hooks.json; no hooks loaded from it",
    ]);
    expect(loadPluginLayers([{ dir: root, base: "/", installed: true }], home)).toMatchObject({
      layers: [],
      problems: [],
    });
  });

  it("a plugin of MCP servers or agents only is no hooks warning either", () => {
    const home = tempDir("codebot-home-");
    for (const [file, text] of [
      [".mcp.json", JSON.stringify({ mcpServers: {} })],
      ["agents/helper.md", "---\nname: helper\ndescription: helps\n---\nHelp.\n"],
    ] as const) {
      const root = plugin({ ".claude-plugin/plugin.json": JSON.stringify({ name: "kit" }), [file]: text });
      expect(loadPluginLayers([{ dir: root, base: "/" }], home).problems).toEqual([]);
    }
  });

  it("a plugin of skills or commands only loads without a warning, and is listed for its skills", () => {
    const root = plugin({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "kit" }),
      "commands/go.md": "Go.\n",
    });
    const loaded = loadPluginLayers([{ dir: root, base: "/" }], tempDir("codebot-home-"));
    expect(loaded.problems).toEqual([]);
    expect(loaded.folders).toMatchObject([{ name: "kit", root, source: "plugin" }]);
  });
});
