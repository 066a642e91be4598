/**
 * acceptEdits lets the model edit project files unasked, not make code run: an edit inside git's
 * own folder (`.git/config`'s `core.fsmonitor`, `.git/hooks/`) is asked about as any other call.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { editRunsCode } from "../src/approval/edits-that-run-code.js";
import { namesOwnFolder } from "../src/approval/own-folder-commands.js";
import { isPersonOnlyWrite } from "../src/approval/person-only-writes.js";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

const FSMONITOR_CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch pwned"\n';

/** A git project in acceptEdits whose user allows `git status`, the model's calls scripted. */
async function gitProjectSession(calls: ReturnType<typeof toolCall>[]) {
  const dirs = { project: scratchDir("codebot-accept-git-"), home: scratchDir("codebot-accept-home-") };
  execFileSync("git", ["init", "-q", dirs.project]);
  return startSession({
    dirs,
    user: { permissions: { allow: ["Bash(git status)"] } },
    runtime: { permissionMode: "acceptEdits" },
    script: [...calls.map((call) => reply.toolCalls(call)), reply.text("done")],
  });
}

describe("acceptEdits and the files that make code run", () => {
  it("a write to .git/config is asked about, so git status under the user's rule runs no fsmonitor the model set", async () => {
    const s = await gitProjectSession([
      toolCall("write", { file_path: ".git/config", content: FSMONITOR_CONFIG }, "w1"),
      toolCall("bash", { command: "git status" }, "b1"),
    ]);
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")?.text).toMatch(/^permission denied: write of .* needs your yes/);
    expect(toolResultFor(s.model, "b1")?.isError).toBe(false);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });

  it("an edit of a git hook is asked about", async () => {
    const s = await gitProjectSession([
      toolCall("write", { file_path: ".git/hooks/pre-commit", content: "#!/bin/sh\ntouch pwned\n" }, "w1"),
    ]);
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")?.text).toMatch(/^permission denied: write of .* needs your yes/);
    expect(fs.existsSync(s.at(".git/hooks/pre-commit"))).toBe(false);
  });

  it("run in the home folder, an edit of codebot's own settings is asked about: their hooks are the user's", async () => {
    const project = scratchDir("codebot-accept-in-home-");
    const home = path.join(project, ".codebot");
    fs.mkdirSync(home);
    const hooked = { hooks: { Stop: [{ hooks: [{ type: "command", command: "touch pwned" }] }] } };
    const s = await startSession({
      dirs: { project, home },
      runtime: { permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(
          toolCall("write", { file_path: ".codebot/settings.json", content: JSON.stringify(hooked) }, "w1"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")?.text).toMatch(/^permission denied: write of .* needs your yes/);
    expect(fs.existsSync(path.join(home, "settings.json"))).toBe(false);
  });

  it("an edit of an ordinary project file still runs unasked", async () => {
    const s = await gitProjectSession([toolCall("write", { file_path: "src/a.txt", content: "x\n" }, "w1")]);
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")).toEqual({ text: "created src/a.txt (2 bytes)", isError: false });
  });
});

describe("git's own folder, in any case", () => {
  it("`.GIT/hooks/pre-commit` is asked about: on a case-insensitive file system (macOS, Windows) it is `.git/hooks/pre-commit`", () => {
    expect(editRunsCode("/p/.GIT/hooks/pre-commit", [])).toBe(true);
    expect(editRunsCode("/p/.Git/config", [])).toBe(true);
    expect(editRunsCode("/p/sub/.gIT", [])).toBe(true);
    expect(editRunsCode("/p/src/git.ts", [])).toBe(false);
    expect(editRunsCode("/p/.github/workflows/ci.yml", [])).toBe(false);
  });
});

describe("the project's settings and tool-configuration folders, in any case", () => {
  it("`.VSCODE/tasks.json` and `.Claude/settings.json` need a person: on macOS and Windows they are `.vscode/…` and `.claude/…`", () => {
    expect(isPersonOnlyWrite("/p/.VSCODE/tasks.json", "/p", [])).toBe(true);
    expect(isPersonOnlyWrite("/p/.Claude/settings.json", "/p", [])).toBe(true);
    expect(isPersonOnlyWrite("/p/.codebot", "/p", [])).toBe(true);
    expect(isPersonOnlyWrite("/p/src/.vscode-notes.md", "/p", [])).toBe(false);
    expect(isPersonOnlyWrite("/other/notes/tasks.json", "/p", [])).toBe(false);
  });

  it("claude 2.1.328's other sensitive files need a person too (recorded under acceptEdits), at any depth of the project", () => {
    for (const file of [
      ".husky/pre-commit",
      ".envrc",
      ".npmrc",
      ".ripgreprc",
      ".bashrc",
      ".zshrc",
      ".profile",
      ".devcontainer/devcontainer.json",
      "sub/.vscode/tasks.json",
      "sub/.claude/settings.json",
    ])
      expect(isPersonOnlyWrite(`/p/${file}`, "/p", []), file).toBe(true);
    // What claude wrote unasked there.
    for (const file of ["CLAUDE.md", "Makefile", "package.json", ".github/workflows/ci.yml", ".editorconfig"])
      expect(isPersonOnlyWrite(`/p/${file}`, "/p", []), file).toBe(false);
  });

  it("a project inside a folder named like one (`~/.claude/skills/x`) is not all configuration", () => {
    expect(isPersonOnlyWrite("/h/.claude/skills/x/src/a.ts", "/h/.claude/skills/x", [])).toBe(false);
  });
});

describe("codebot's and Claude Code's own folders, in any case", () => {
  it("an edit of `.CODEBOT/settings.json` in the home folder needs a yes: on macOS and Windows it is `.codebot/settings.json`", () => {
    expect(editRunsCode("/Users/u/.CODEBOT/settings.json", ["/Users/u/.codebot"])).toBe(true);
    expect(editRunsCode("/Users/u/.Claude/projects/p/s.jsonl", ["/Users/u/.claude"])).toBe(true);
    expect(editRunsCode("/Users/u/code/settings.json", ["/Users/u/.codebot"])).toBe(false);
  });

  it("a bash line naming `.CODEBOT/settings.json` is not allowed by a rule either", () => {
    const home = scratchDir("codebot-case-home-");
    expect(
      namesOwnFolder(`cp x ${home}/.CODEBOT/settings.json`, home, [path.join(home, ".codebot")], {}),
    ).toBe(true);
    expect(namesOwnFolder(`cp x ${home}/notes/settings.json`, home, [path.join(home, ".codebot")], {})).toBe(
      false,
    );
  });
});
