/**
 * A repository unpacked from an archive can bring named pipes where git keeps plain files. codebot
 * reads the branch from `.git/HEAD` (or a worktree's `.git` file) for the transcript's lines: a
 * pipe there, which nobody writes to, held the session for ever. It is read as no branch.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a named pipe where git keeps a file", { timeout: 90_000 }, () => {
  it.each([
    [
      ".git/HEAD",
      (project: string) => {
        execFileSync("git", ["init", "-q", project]);
        fs.rmSync(`${project}/.git/HEAD`);
        execFileSync("mkfifo", [`${project}/.git/HEAD`]);
      },
    ],
    [".git (a worktree's file)", (project: string) => execFileSync("mkfifo", [`${project}/.git`])],
  ])("%s: -p runs to its end", async (_name, make) => {
    const box = sandbox();
    make(box.project);
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "hi"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
      timeoutMs: 45_000,
    });
    expect(r.signal).toBeNull();
    expect(r.stdout).toBe("done\n");
    expect(r.code).toBe(0);
  });
});
