/**
 * A repository unpacked from an archive can bring named pipes where git keeps plain files; a pipe
 * nobody writes to held the session for ever where codebot read it:
 * - the branch, read from `.git/HEAD` (or a worktree's `.git` file) for the transcript's lines —
 *   now read as no branch;
 * - before a bash call runs git, the repository's git files read to see what git would run and
 *   which repository it would read (HEAD, config, commondir, objects/info/alternates, a worktree's
 *   gitdir), at the model's first `git log`, beyond the reach of Ctrl+C. Such a file is not read:
 *   a config or alternates file that is none counts as running code or naming another repository
 *   (failing closed); git, if it runs, may itself wait on the pipe, as any command may, until the
 *   call's timeout or Ctrl+C.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type RecordedRequest, reply, type ScriptStep } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** `codebot -p hi` in the sandbox's project against the script: it must end on its own. */
async function runToItsEnd(box: Sandbox, script: ScriptStep<RecordedRequest>[]) {
  const server = await modelServer(script);
  const r = await runCli(["-p", "hi"], {
    cwd: box.project,
    env: modelEnv(server, box.home),
    timeoutMs: 45_000,
  });
  expect(r.signal).toBeNull();
  expect(r.stdout).toBe("done\n");
  return { r, server };
}

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
    const { r } = await runToItsEnd(box, [reply.text("done")]);
    expect(r.code).toBe(0);
  });
});

describe("a named pipe among an unpacked repository's git files, at a bash call", { timeout: 90_000 }, () => {
  it.each(["HEAD", "config", "commondir", "objects/info/alternates"])(
    ".git/%s: the call is answered and -p runs to its end",
    async (file) => {
      const box = sandbox();
      execFileSync("git", ["init", "-q", box.project]);
      const pipe = path.join(box.project, ".git", file);
      fs.mkdirSync(path.dirname(pipe), { recursive: true });
      fs.rmSync(pipe, { force: true });
      execFileSync("mkfifo", [pipe]);
      const { server } = await runToItsEnd(box, [
        // git itself waits on a pipe at HEAD or commondir: the call's own timeout ends it.
        reply.toolCall("bash", { command: "git log --oneline", timeout: 5000 }, "b1"),
        reply.text("done"),
      ]);
      expect(server.requests).toHaveLength(2);
    },
  );
});
