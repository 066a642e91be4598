/**
 * Once a repository's `.git` programs are approved (a git LFS or husky repository: a filter in
 * `.git/config`, hooks in `.git/hooks`), what git itself writes into `.git/config` — `git remote
 * add upstream`, `git config branch.main.remote`, `git config user.email` — does not ask again; an entry
 * that can run code, or a changed hook, does.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
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

/**
 * A clone (its origin is which repository it is: project-identity.ts) as git lfs install leaves
 * it: a filter in its config and a pre-push hook.
 */
function lfsRepository(): Sandbox {
  const box = sandbox();
  execFileSync("git", ["init", "-q", "-b", "main", box.project]);
  execFileSync("git", ["-C", box.project, "remote", "add", "origin", "https://example.com/x.git"]);
  fs.appendFileSync(
    box.at(".git/config"),
    '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\tprocess = git-lfs filter-process\n\trequired = true\n',
  );
  box.write(".git/hooks/pre-push", "#!/bin/sh\nexit 0\n");
  fs.chmodSync(box.at(".git/hooks/pre-push"), 0o755);
  box.write("a.txt", "a\n");
  return box;
}

/** What git writes into `.git/config` in the course of ordinary work: nothing it runs. */
function inertGitWrites(box: Sandbox): void {
  const git = (...args: string[]) => execFileSync("git", ["-C", box.project, ...args]);
  git("remote", "add", "upstream", "https://example.com/upstream.git");
  git("config", "branch.main.remote", "origin");
  git("config", "branch.main.merge", "refs/heads/main");
  git("config", "user.email", "me@example.com");
}

async function trust(box: Sandbox): Promise<void> {
  const approved = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
  expect(approved.code).toBe(0);
}

/** Runs `git status` under the user's `Bash(git status)`: what the model got back. */
async function gitStatusAnswer(box: Sandbox): Promise<string> {
  const server = await modelServer([
    reply.toolCall("bash", { command: "git status" }, "b1"),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "status?", "--cwd", box.project], { env: modelEnv(server, box.home) });
  expect(r.code).toBe(0);
  return requestText(server.requests[1]);
}

describe("an approved repository .git after git's own writes", { timeout: 90_000 }, () => {
  it("your Bash(git status) still runs after git remote add and git config branch/user entries", async () => {
    const box = lfsRepository();
    box.json(path.join(box.home, "settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    await trust(box);
    expect(await gitStatusAnswer(box)).toContain("On branch main");
    inertGitWrites(box);
    expect(await gitStatusAnswer(box)).toContain("On branch main");
  });

  it("your Bash(git status) asks again once core.fsmonitor is added, and runs no fsmonitor", async () => {
    const box = lfsRepository();
    box.json(path.join(box.home, "settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    await trust(box);
    inertGitWrites(box);
    fs.appendFileSync(box.at(".git/config"), '[core]\n\tfsmonitor = "touch fsmonitor-ran #"\n');
    expect(await gitStatusAnswer(box)).toContain("permission denied");
    expect(fs.existsSync(box.at("fsmonitor-ran"))).toBe(false);
  });

  it("your Bash(git status) asks again once a hook changed", async () => {
    const box = lfsRepository();
    box.json(path.join(box.home, "settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    await trust(box);
    box.write(".git/hooks/pre-push", "#!/bin/sh\ntouch pushed\n");
    expect(await gitStatusAnswer(box)).toContain("permission denied");
  });

  it("your hook running git status stays approved after git's own writes, and is held after a filter changed", async () => {
    const box = lfsRepository();
    box.json(path.join(box.home, "settings.json"), {
      hooks: { UserPromptSubmit: [command("git status --short > /dev/null")] },
    });
    await trust(box);
    inertGitWrites(box);
    const run = async () => {
      const server = await modelServer([reply.text("one")]);
      return runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    };
    const approved = await run();
    expect(approved.code).toBe(0);
    expect(approved.stderr).not.toContain("was not run");
    execFileSync("git", ["-C", box.project, "config", "filter.lfs.clean", "touch cleaned #"]);
    const held = await run();
    expect(held.stderr).toContain("it runs .git/config, .git/hooks/pre-push from this project");
  });
});
