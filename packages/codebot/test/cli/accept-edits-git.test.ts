/**
 * acceptEdits through the built CLI: the model's write to `.git/config` is refused in `-p`, so a
 * `core.fsmonitor` it meant to set never runs under the user's own `Bash(git status)` rule.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("acceptEdits and git's own folder", { timeout: 60_000 }, () => {
  it("a write to .git/config is refused, and the git status that follows runs no fsmonitor", async () => {
    const box = sandbox();
    execFileSync("git", ["init", "-q", box.project]);
    fs.writeFileSync(
      path.join(box.home, "settings.json"),
      JSON.stringify({ permissions: { allow: ["Bash(git status)"] } }),
    );
    const config = '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch pwned"\n';
    const server = await modelServer([
      reply.toolCall("write", { file_path: ".git/config", content: config }, "w1"),
      reply.toolCall("bash", { command: "git status" }, "b1"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "tidy up", "--cwd", box.project, "--permission-mode", "acceptEdits"], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain(
      "permission denied: write of .git/config needs your yes",
    );
    expect(fs.existsSync(box.at("pwned"))).toBe(false);
  });
});
