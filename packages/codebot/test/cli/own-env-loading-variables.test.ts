/**
 * A relative path in a loading variable of your own settings' `env` (`"NODE_OPTIONS": "--require
 * ./pre.cjs"`, `"BASH_ENV": "./x.sh"`) is read from the project: your own hook's `node -e 0` would
 * load a cloned repository's `pre.cjs`. Through the real CLI in `-p`: such a hook is held as one
 * running a project program is, runs once `hooks trust` approved the file, and is held again when
 * the file changes.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Your own settings: `env` as given and a PostToolUse hook running `node -e 0`; the project's pre.cjs leaves pwned.txt. */
function ownNodeOptions(): Sandbox {
  const box = sandbox();
  box.write("pre.cjs", "require('fs').writeFileSync('pwned.txt', '')\n");
  box.json(path.join(box.home, "settings.json"), {
    env: { NODE_OPTIONS: "--require ./pre.cjs" },
    hooks: { PostToolUse: [{ type: "command", command: "node -e 0" }] },
  });
  return box;
}

async function runOnce(box: Sandbox) {
  const server = await modelServer([reply.toolCall("ls", {}), reply.text("done")]);
  return runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home), cwd: box.project });
}

describe("your own settings' env loading a project file", () => {
  it("holds your own hook that would load it: the repository's pre.cjs does not run", async () => {
    const box = ownNodeOptions();
    const run = await runOnce(box);
    expect(run.code).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
    expect(run.stderr).toContain("it runs pre.cjs from this project, not approved for it yet");
  });

  it("runs the hook once hooks trust approved the file, and holds it again when the file changes", async () => {
    const box = ownNodeOptions();
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain("pre.cjs");
    await runOnce(box);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(true);
    fs.rmSync(box.at("pwned.txt"));
    box.write("pre.cjs", "require('fs').writeFileSync('pwned.txt', 'changed')\n");
    const changed = await runOnce(box);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
    expect(changed.stderr).toContain("it runs pre.cjs from this project, not approved for it yet");
  });

  it("asks before a bash line that only reads, since every bash would load BASH_ENV's project file", async () => {
    const box = sandbox();
    box.write("x.sh", "touch pwned.txt\n");
    box.json(path.join(box.home, "settings.json"), { env: { BASH_ENV: "./x.sh" } });
    const server = await modelServer([reply.toolCall("bash", { command: "ls" }), reply.text("done")]);
    const run = await runCli(["-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(run.code).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
  });
});
