/**
 * An installed plugin whose manifest or hooks.json is broken when a session starts. claude 2.1.328
 * (recorded with `claude plugin install` from a local marketplace, and with `--plugin-dir`) loads
 * nothing of a plugin whose `plugin.json` is not JSON, not an object, or has a `name`, `version` or
 * `description` of the wrong type; codebot skips it too, naming the file and the fault, and a
 * one-shot run refuses to start without the plugin's guard, as for a hooks.json that is broken.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { runUnderGuardPlugin } from "./support/run-under-guard-plugin.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("a plugin broken at the start", () => {
  it("whose plugin.json has a name that is not a string is skipped: -p refuses, naming the file and the fault", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const manifest = box.write(
      path.join(root, ".claude-plugin/plugin.json"),
      '{"name": 42, "version": "1.0.0"}',
    );
    const r = await runUnderGuardPlugin(box);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${manifest}: plugin manifest has "name": 42, not a string (plugin skipped)`);
    expect(r.stderr).toContain("nothing was run: a settings file has an error");
    expect(r.requests).toBe(0);
  });

  it("whose plugin.json has a name claude refuses (@, :, a path separator, an invisible character) is skipped: -p refuses, naming it", async () => {
    for (const [name, shown] of [
      ["guard@evil", '"guard@evil"'],
      ["team:guard", '"team:guard"'],
      ["../guard", '"../guard"'],
      ["gu\u200bard", '"gu\\u200bard"'],
    ]) {
      const box = sandbox();
      const { root } = installPluginAsClaudeCodeDid(box);
      const manifest = box.write(
        path.join(root, ".claude-plugin/plugin.json"),
        `{"name": "${name}", "version": "1.0.0"}`,
      );
      const r = await runUnderGuardPlugin(box);
      expect(r.code, name).toBe(1);
      expect(r.stderr).toContain(
        `${manifest}: plugin manifest has "name": ${shown}, which claude refuses (a plugin name must not contain "@", ":", whitespace, path separators, or invisible/control characters) (plugin skipped)`,
      );
      expect(r.requests).toBe(0);
    }
  });

  it.each([
    ["a named pipe nobody writes to", (file: string) => execFileSync("mkfifo", [file]), "a named pipe"],
    ["a link to /dev/zero", (file: string) => fs.symlinkSync("/dev/zero", file), "a character device"],
  ])(
    "whose plugin.json is %s is skipped at once: the start no longer waits on it for ever",
    async (_name, make, kind) => {
      const box = sandbox();
      const { root } = installPluginAsClaudeCodeDid(box);
      const manifest = path.join(root, ".claude-plugin/plugin.json");
      fs.rmSync(manifest, { force: true });
      make(manifest);
      const r = await runUnderGuardPlugin(box);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `${manifest}: plugin manifest cannot be read (not a regular file (${kind})) (plugin skipped)`,
      );
      expect(r.requests).toBe(0);
    },
  );

  it("whose plugin.json has no name: the interactive session says so in red before the first prompt and starts without it", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    box.write(path.join(root, ".claude-plugin/plugin.json"), '{"version": "1.0.0"}');
    const term = await startSession(box, await modelServer([]));
    const screen = await term.waitForScreen("(plugin skipped)");
    expect(screen.replace(/\s+/g, " ")).toContain(
      `error: settings: ${path.join(root, ".claude-plugin/plugin.json")}: plugin manifest has no "name" (plugin skipped)`,
    );
    const esc = "\x1b";
    expect(term.screen(true)).toMatch(new RegExp(`${esc}\\[31m(?:${esc}\\[\\d+m)*error`));
    term.submit("/reload-plugins");
    await term.waitForScreen(/^Reloaded: 0 plugins · 0 skills · \d+ agents? · 0 hooks/m);
  });

  it("whose hooks.json has a hook without a command: -p refuses, naming the place", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    const file = box.write(
      path.join(root, "hooks/hooks.json"),
      '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command"}]}]}}',
    );
    const r = await runUnderGuardPlugin(box);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file}: hooks.PreToolUse[0].hooks[0].command: is required for command hooks`,
    );
    expect(r.requests).toBe(0);
  });
});
