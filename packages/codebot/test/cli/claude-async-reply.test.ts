/**
 * The built `codebot -p` with a Claude Code hook that answers `{"async": true}` first and goes on:
 * as with claude 2.1.328, the run does not wait for it and its process group is killed at the end.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { alive } from "../support/process-alive.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe('codebot -p and a hook that answered {"async": true}', () => {
  it("ends without waiting for the hook, and the hook's process group is gone", async () => {
    const box = sandbox();
    // The hook and a child of it (same process group) would run for 20 s.
    const hook = `echo $$ > hook.pid; echo '{"async": true}'; sleep 20 & echo $! > kid.pid; wait`;
    const settings = box.json("hooks.json", {
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: hook }] }] },
    });
    const server = await modelServer([reply.text("hello")]);
    const r = await runCli(["-p", "hi", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("hello\n");
    expect(r.ms).toBeLessThan(15_000);
    expect(r.stderr).not.toContain("waiting");
    for (const file of ["hook.pid", "kid.pid"]) {
      const pid = Number(fs.readFileSync(box.at(file), "utf8"));
      expect(alive(pid), file).toBe(false);
    }
  }, 40_000);
});
