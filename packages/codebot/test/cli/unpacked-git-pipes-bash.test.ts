/**
 * A repository unpacked from an archive can bring named pipes where git keeps plain files. Before
 * a bash call runs git, codebot reads the repository's git files to see what git would run and
 * which repository it would read (HEAD, config, commondir, objects/info/alternates, a worktree's
 * gitdir): a pipe there, which nobody writes to, held the session for ever at the model's first
 * `git log`, beyond the reach of Ctrl+C. Such a file is not read: a config or alternates file that
 * is none counts as running code or naming another repository (failing closed); git, if it runs,
 * may itself wait on the pipe, as any command may, until the call's timeout or Ctrl+C.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

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
      const server = await modelServer([
        // git itself waits on a pipe at HEAD or commondir: the call's own timeout ends it.
        reply.toolCall("bash", { command: "git log --oneline", timeout: 5000 }, "b1"),
        reply.text("done"),
      ]);
      const r = await runCli(["-p", "hi"], {
        cwd: box.project,
        env: modelEnv(server, box.home),
        timeoutMs: 45_000,
      });
      expect(r.signal).toBeNull();
      expect(r.stdout).toBe("done\n");
      expect(server.requests).toHaveLength(2);
    },
  );
});
