/**
 * A repository unpacked from an archive brings its own `.git`: a `core.fsmonitor` in its config
 * and a `hooks/post-index-change` run on the next `git status`. Your own `Bash(git status)` and
 * your own hook running `git status` must not run them until approved for this repository.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import {
  command,
  modelEnv,
  modelServer,
  requestText,
  type Sandbox,
  sandbox,
} from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A project as an archive leaves it: a `.git` whose config and hooks run programs. */
function unpackedRepository(): Sandbox {
  const box = sandbox();
  execFileSync("git", ["init", "-q", box.project]);
  fs.appendFileSync(box.at(".git/config"), '[core]\n\tfsmonitor = "touch fsmonitor-ran #"\n');
  box.write(".git/hooks/post-index-change", "#!/bin/sh\ntouch hook-ran\n");
  fs.chmodSync(box.at(".git/hooks/post-index-change"), 0o755);
  box.write("a.txt", "a\n");
  return box;
}

describe("a repository's own .git under your own rules and hooks", { timeout: 60_000 }, () => {
  it("your Bash(git status) runs its fsmonitor and hooks only once `hooks trust` approved them", async () => {
    const box = unpackedRepository();
    box.json(path.join(box.home, "settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    const server = await modelServer([
      reply.toolCall("bash", { command: "git status" }, "b1"),
      reply.text("held"),
      reply.toolCall("bash", { command: "git status" }, "b2"),
      reply.text("ran"),
    ]);
    const env = modelEnv(server, box.home);

    const held = await runCli(["-p", "status?", "--cwd", box.project], { env });
    expect(held.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("permission denied");
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(false);
    expect(fs.existsSync(box.at("hook-ran"))).toBe(false);
    expect(held.stderr).toContain("your own settings would run programs this repository brings");
    expect(held.stderr).toContain("allow:Bash(git status) (runs .git/config, .git/hooks/post-index-change #");

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(
      "your own settings that would run programs the repository brings (not approved yet):",
    );
    expect(trust.stdout).toContain(
      "allow:Bash(git status) (runs .git/config, .git/hooks/post-index-change #",
    );

    expect((await runCli(["-p", "status?", "--cwd", box.project], { env })).code).toBe(0);
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(true);
  });

  it("your --allowedTools Bash(git status) is held as your settings' is, until hooks trust given the same --allowedTools approves it", async () => {
    const box = unpackedRepository();
    const server = await modelServer([
      reply.toolCall("bash", { command: "git status" }, "b1"),
      reply.text("held"),
      reply.toolCall("bash", { command: "git status" }, "b2"),
      reply.text("ran"),
    ]);
    const env = modelEnv(server, box.home);
    const session = ["-p", "status?", "--cwd", box.project, "--allowedTools", "Bash(git status)"];

    const held = await runCli(session, { env });
    expect(held.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("permission denied");
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(false);
    expect(held.stderr).toContain("allow:Bash(git status) (runs .git/config, .git/hooks/post-index-change #");
    expect(held.stderr).toContain('run "codebot hooks trust" to review them (given the same --allowedTools)');

    const trust = await runCli(
      ["hooks", "trust", "--yes", "--cwd", box.project, "--allowedTools", "Bash(git status)"],
      { env: cliEnv(box.home) },
    );
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(
      "allow:Bash(git status) (runs .git/config, .git/hooks/post-index-change #",
    );

    expect((await runCli(session, { env })).code).toBe(0);
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(true);
  });

  it("opened in a subfolder of it, your Bash(git status) is held for the .git above", async () => {
    const box = unpackedRepository();
    box.write("src/b.txt", "b\n");
    box.json(path.join(box.home, "settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    const server = await modelServer([
      reply.toolCall("bash", { command: "git status" }, "b1"),
      reply.text("held"),
    ]);
    const held = await runCli(["-p", "status?", "--cwd", box.at("src")], { env: modelEnv(server, box.home) });
    expect(held.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("permission denied");
    expect(fs.existsSync(box.at("src/fsmonitor-ran"))).toBe(false);
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(false);
    expect(held.stderr).toContain(
      "allow:Bash(git status) (runs ../.git/config, ../.git/hooks/post-index-change #",
    );
  });

  it("your hook running git status is held until approved for the repository", async () => {
    const box = unpackedRepository();
    box.json(path.join(box.home, "settings.json"), {
      hooks: { UserPromptSubmit: [command("git status --short > /dev/null")] },
    });
    const server = await modelServer([reply.text("one")]);
    const held = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(held.code).toBe(0);
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(false);
    expect(held.stderr).toContain("it runs .git/config, .git/hooks/post-index-change from this project");
  });

  it("a hook the model puts into .git during the session makes your Bash(git status) ask again", async () => {
    const box = sandbox();
    execFileSync("git", ["init", "-q", box.project]);
    // Outside the project: your rule naming a project file it copies would be held (runs payload.sh).
    const payload = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "payload-")), "payload.sh");
    fs.writeFileSync(payload, "#!/bin/sh\ntouch hook-ran\n");
    box.json(path.join(box.home, "settings.json"), {
      // Rules naming the whole lines: a prefix rule (`Bash(cp:*)`) no longer covers a write into .git.
      permissions: {
        allow: [
          "Bash(git status)",
          `Bash(cp ${payload} .git/hooks/post-index-change)`,
          "Bash(chmod +x .git/hooks/post-index-change)",
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: `cp ${payload} .git/hooks/post-index-change` }, "b1"),
      reply.toolCall("bash", { command: "chmod +x .git/hooks/post-index-change" }, "b2"),
      reply.toolCall("bash", { command: "git status" }, "b3"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at(".git/hooks/post-index-change"))).toBe(true);
    expect(requestText(server.requests[3])).toContain("permission denied");
    expect(fs.existsSync(box.at("hook-ran"))).toBe(false);
  });

  it("a repository whose .git holds only what git init and clone write: Bash(git status) runs unasked", async () => {
    const box = sandbox();
    execFileSync("git", ["init", "-q", box.project]);
    execFileSync("git", ["-C", box.project, "remote", "add", "origin", "https://example.com/x.git"]);
    box.json(path.join(box.home, "settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    const server = await modelServer([
      reply.toolCall("bash", { command: "git status" }, "b1"),
      reply.text("ok"),
    ]);
    const r = await runCli(["-p", "status?", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("No commits yet");
    expect(r.stderr).not.toContain("would run programs");
  });
});
