/**
 * Trust is keyed by the project's path and its identity (issue 17, item 1): another repository
 * cloned to the path of a trusted one gets none of its approvals; the same repository cloned
 * there again keeps them. Real git repositories, the built CLI.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const settings = { hooks: { UserPromptSubmit: [command("echo ran >> hook.log", { name: "logger" })] } };

/** Replaces the project directory by a fresh repository (same settings), with `origin` if given. */
function newRepository(box: Sandbox, origin?: string, marker = "a"): void {
  fs.rmSync(box.project, { recursive: true, force: true });
  fs.mkdirSync(box.project);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: box.project,
      stdio: "ignore",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: box.home },
    });
  git("init", "-q");
  if (origin !== undefined) git("remote", "add", "origin", origin);
  box.json(".codebot/settings.json", settings);
  box.write("README", marker);
  git("add", ".");
  git("commit", "-q", "-m", `repository ${marker}`);
}

async function trustOf(box: Sandbox): Promise<{ trust: string; stdout: string }> {
  const r = await runCli(["hooks", "list", "--json", "--cwd", box.project], { env: cliEnv(box.home) });
  const out = JSON.parse(r.stdout);
  return { trust: out.hooks[0].trust, stdout: r.stdout };
}

function approve(box: Sandbox) {
  return runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
}

describe("trust belongs to the repository, not only to its path", () => {
  it("another clone at the same path is not trusted, the same repository cloned again is", async () => {
    const box = sandbox();
    newRepository(box, "https://example.com/good/project.git");
    expect((await approve(box)).code).toBe(0);
    expect((await trustOf(box)).trust).toBe("approved");

    newRepository(box, "https://example.com/evil/project.git");
    const evil = await trustOf(box);
    expect(evil.trust).toBe("needs approval");
    expect(evil.stdout).toContain(
      "holds approvals for another repository at " +
        `${fs.realpathSync(box.project)} (origin https://example.com/good/project.git; now origin https://example.com/evil/project.git)`,
    );
    const server = await modelServer([reply.text("ok")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    expect(fs.existsSync(box.at("hook.log"))).toBe(false);
    expect(run.stderr).toContain("1 project hook was not run because it is not trusted");

    newRepository(box, "https://example.com/good/project.git");
    expect((await trustOf(box)).trust).toBe("approved");
  });

  it("a local repository without a remote is known by its first commit", async () => {
    const box = sandbox();
    newRepository(box, undefined, "first");
    expect((await approve(box)).code).toBe(0);
    expect((await trustOf(box)).trust).toBe("approved");
    newRepository(box, undefined, "second");
    expect((await trustOf(box)).trust).toBe("needs approval");
  });
});
