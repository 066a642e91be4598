/**
 * `/hooks` in a session with many hooks (user, project and a plugin's): readable in a 24-row
 * terminal — a count per event, `/hooks <event>` for one event's hooks — and trusted as this
 * session trusts them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** `n` command hooks of one event, named `<prefix>-<event>-<i>`. */
function hooks(prefix: string, event: string, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => command("true", { name: `${prefix}-${event}-${i}` }));
}

/** 40 hooks: 15 of the user's, 18 of the project's (approved), 7 of a plugin's (Claude Code groups). */
function manyHooks(box: Sandbox): string {
  box.json(`${box.home}/settings.json`, {
    hooks: {
      PreToolUse: hooks("user", "pre", 6),
      PostToolUse: hooks("user", "post", 5),
      Stop: hooks("user", "stop", 4),
    },
  });
  box.json(".codebot/settings.json", {
    hooks: {
      PreToolUse: hooks("proj", "pre", 7),
      PostToolUse: hooks("proj", "post", 6),
      UserPromptSubmit: hooks("proj", "prompt", 5),
    },
  });
  const plugin = path.join(box.home, "fmt");
  const group = (n: number) => ({
    hooks: Array.from({ length: n }, () => ({ type: "command", command: "true" })),
  });
  fs.mkdirSync(path.join(plugin, "hooks"), { recursive: true });
  fs.writeFileSync(
    path.join(plugin, "hooks", "hooks.json"),
    JSON.stringify({ hooks: { PreToolUse: [group(2)], PostToolUse: [group(3)], Stop: [group(2)] } }),
  );
  return plugin;
}

/** The rows from the line `› <typed>` to the prompt after it. */
function outputOf(screen: string, typed: string): string[] {
  const rows = screen.split("\n");
  const start = rows.lastIndexOf(`› ${typed}`);
  const end = rows.findIndex((row, i) => i > start && /^›\s*$/.test(row));
  return rows.slice(start + 1, end);
}

describe("/hooks with many hooks", { timeout: 120_000 }, () => {
  it("in a 24-row terminal: a count per event with where they come from, fitting above the prompt", async () => {
    const box = sandbox();
    const plugin = manyHooks(box);
    const server = await modelServer([]);
    const term = await startSession(box, server, {
      args: ["--plugin-dir", plugin, "--trust-project-hooks"],
      size: { columns: 100, rows: 24 },
    });
    term.submit("/hooks");
    // The final state: the prompt back under the listing, its status line under it.
    const screen = await term.waitForScreen(/^\/hooks <event>.*\n›.*\n.*context/m);
    const shown = outputOf(screen, "/hooks");
    expect(shown.length).toBeLessThanOrEqual(22);
    expect(shown).toContain("40 hooks, 4 events:");
    expect(shown).toContain("  PreToolUse         15  user 6 · plugin fmt 2 · project 7");
    expect(shown).toContain("  PostToolUse        14  user 5 · plugin fmt 3 · project 6");
    expect(shown).toContain("  Stop                6  user 4 · plugin fmt 2");
    expect(shown).toContain("  UserPromptSubmit    5  project 5");
    expect(shown.at(-1)).toBe(
      "/hooks <event> lists one event's hooks (/hooks PreToolUse), /hooks all every hook",
    );
  });

  it("/hooks <event> lists that event's hooks whole, and no other event's", async () => {
    const box = sandbox();
    const plugin = manyHooks(box);
    const server = await modelServer([]);
    const term = await startSession(box, server, {
      args: ["--plugin-dir", plugin, "--trust-project-hooks"],
      size: { columns: 100, rows: 24 },
    });
    term.submit("/hooks userpromptsubmit");
    const screen = await term.waitForScreen(/proj-prompt-4\n(?:.*\n){3}›.*\n.*context/m);
    const shown = outputOf(screen, "/hooks userpromptsubmit");
    expect(shown.filter((row) => /^[A-Z]/.test(row))).toEqual(["UserPromptSubmit"]);
    expect(shown.filter((row) => /^ {2}proj-prompt-\d$/.test(row))).toHaveLength(5);
  });

  it("project hooks allowed for this session (y at the question) are listed as such, not as waiting for approval", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", { hooks: { PreToolUse: [command("true", { name: "proj-guard" })] } });
    const server = await modelServer([]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen("n no:");
    term.type("y");
    await term.waitForScreen(/^›/m);
    term.submit("/hooks");
    const screen = await term.waitForScreen(/trust: .*\n›.*\n.*context/m);
    expect(screen).toContain("from project .codebot/settings.json · trust: approved for this session");
    expect(screen).not.toContain("will not run until approved");
  });
});
