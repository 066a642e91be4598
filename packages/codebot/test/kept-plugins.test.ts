/**
 * A plugin that breaks mid-session (its hooks.json or its manifest no longer parses) is read again
 * with the session's plugins as last loaded: it keeps those hooks, with an error saying so.
 * claude 2.1.328 drops the plugin's hooks instead (recorded in tmux: `0 hooks`, and the Bash call
 * its PreToolUse hook blocked before the reload ran).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keptPluginsOf } from "../src/settings/kept-plugins.js";
import { isPluginProblem, loadPluginLayers } from "../src/settings/load-plugins.js";
import { tempDir } from "./support/temp-dirs.js";

const GUARD = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 2" }] }] },
});

function guardPlugin(files: Record<string, string>): string {
  const root = tempDir("codebot-guard-");
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** Loads `root` once, then, after `breakIt`, again with what the first load kept. */
function loadBrokenAfterStart(root: string, breakIt: () => void) {
  const home = tempDir("codebot-home-");
  const first = loadPluginLayers([{ dir: root, base: "/" }], home);
  breakIt();
  return loadPluginLayers(
    [{ dir: root, base: "/" }],
    home,
    undefined,
    keptPluginsOf(first.folders, first.layers),
  );
}

describe("a plugin that breaks mid-session", () => {
  it("whose hooks.json no longer parses keeps the hooks it had, with an error that says so", () => {
    const root = guardPlugin({ ".claude-plugin/plugin.json": '{"name":"guard"}', "hooks/hooks.json": GUARD });
    const again = loadBrokenAfterStart(root, () =>
      fs.writeFileSync(path.join(root, "hooks/hooks.json"), '{"hooks":{"PreToolUse":[,]}}'),
    );
    expect(again.layers.map((l) => [l.plugin?.name, l.settings])).toEqual([["guard", JSON.parse(GUARD)]]);
    expect(again.folders.map((f) => f.name)).toEqual(["guard"]);
    expect(again.problems).toHaveLength(1);
    expect(again.problems[0]?.severity).toBe("error");
    expect(again.problems[0]?.message).toMatch(
      /^plugin guard: .+; the session keeps the plugin's hooks as they were loaded \(fix the file\)$/,
    );
    expect(isPluginProblem(again.problems[0] as { message: string })).toBe(true);
  });

  it("whose manifest no longer parses keeps the hooks of the file that manifest named, and its name", () => {
    const root = guardPlugin({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "safety", hooks: "./guard.json" }),
      "guard.json": GUARD,
    });
    const again = loadBrokenAfterStart(root, () =>
      fs.writeFileSync(path.join(root, ".claude-plugin/plugin.json"), "{bad"),
    );
    expect(again.layers.map((l) => [l.plugin?.name, l.path])).toEqual([
      ["safety", path.join(root, "guard.json")],
    ]);
    expect(again.folders.map((f) => f.name)).toEqual(["safety"]);
    expect(again.problems.map((p) => [p.severity, p.message])).toEqual([
      [
        "error",
        expect.stringMatching(
          /^plugin manifest is not valid JSON \(.+\); the session keeps the plugin's hooks as they were loaded \(fix the file\)$/,
        ),
      ],
    ]);
  });

  it("that is fixed loads what it says now", () => {
    const root = guardPlugin({ "hooks/hooks.json": GUARD });
    const fixed = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "exit 0" }] }] } });
    const again = loadBrokenAfterStart(root, () =>
      fs.writeFileSync(path.join(root, "hooks/hooks.json"), fixed),
    );
    expect(again.problems).toEqual([]);
    expect(again.layers.map((l) => l.settings)).toEqual([JSON.parse(fixed)]);
  });
});
