/**
 * The built `codebot` against the bash commands a security review used to walk around
 * permission rules: each must be stopped before bash runs it, so the files it would create are
 * absent and the files it would delete are still there.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/**
 * The model asks for every command in one batch (ids `<prefix>-1`, `<prefix>-2`, …, then `extra`)
 * and `codebot -p go <flags>` runs it; the model's second request holds the results.
 */
async function runBatch(
  box: Sandbox,
  prefix: string,
  commands: readonly string[],
  flags: readonly string[] = [],
  extra: ReturnType<typeof toolCall>[] = [],
) {
  const server = await modelServer([
    reply.toolCalls(
      ...commands.map((command, k) => toolCall("bash", { command }, `${prefix}-${k + 1}`)),
      ...extra,
    ),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "go", ...flags, "--cwd", box.project], { env: modelEnv(server, box.home) });
  return { r, results: requestText(server.requests[1]) };
}

describe("bash permission rules hold against commands written to slip past them", () => {
  it("ANSI-C quoting does not hide commands from Bash(echo:*): the whole line is refused in -p and nothing of it runs", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      permissions: { allow: ["Bash(echo:*)"], deny: ["Bash(rm:*)"] },
    });
    box.write("victim", "keep me");
    const command = "echo $'\\'';touch pwned; id -un > whoami.txt; rm victim;echo ''";
    const server = await modelServer([reply.toolCall("bash", { command }, "q-1"), reply.text("done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("pwned"))).toBe(false);
    expect(fs.existsSync(box.at("whoami.txt"))).toBe(false);
    expect(fs.existsSync(box.at("victim"))).toBe(true);
    expect(requestText(server.requests[1])).toContain("permission denied");
  });

  it("a deny rule stops rm behind then, a path, $'…', xargs and time, under --dangerously-skip-permissions", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { deny: ["Bash(rm:*)"] } });
    const commands = [
      "if true; then rm victim1; fi",
      "/bin/rm victim2",
      "$'rm' victim3",
      "echo victim4 | xargs rm",
      "time rm victim5",
    ];
    for (let k = 1; k <= commands.length; k++) box.write(`victim${k}`, "keep me");
    const { r, results } = await runBatch(box, "rm", commands, ["--dangerously-skip-permissions"]);
    expect(r.code).toBe(0);
    for (let k = 1; k <= commands.length; k++)
      expect(fs.existsSync(box.at(`victim${k}`)), `victim${k}`).toBe(true);
    expect(results.split('refused by the deny rule \\"Bash(rm:*)\\"')).toHaveLength(6);
  });

  it("a deny rule stops rm behind script -c, flock, chrt, taskset and vim's :!, under --dangerously-skip-permissions", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { deny: ["Bash(rm:*)"] } });
    const commands = [
      "script -qc 'rm -rf victim1' /dev/null",
      "flock lockfile rm victim2",
      "chrt -o 0 rm victim3",
      "taskset -c 0 rm victim4",
      "vim -Nu NONE -c '!rm victim5' -c 'qa!' </dev/null >/dev/null",
    ];
    for (let k = 1; k <= commands.length; k++) box.write(`victim${k}`, "keep me");
    const { r, results } = await runBatch(box, "rm", commands, ["--dangerously-skip-permissions"]);
    expect(r.code).toBe(0);
    for (let k = 1; k <= commands.length; k++)
      expect(fs.existsSync(box.at(`victim${k}`)), `victim${k}`).toBe(true);
    expect(results.split('refused by the deny rule \\"Bash(rm:*)\\"')).toHaveLength(commands.length + 1);
  });

  it("code inside quotes, run later by ${_@P} or $[_], is not allowed by Bash(echo:*): nothing of it runs in -p", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { allow: ["Bash(echo:*)"] } });
    box.write("victim", "keep me");
    box.write("v2", "keep me");
    const commands = [
      "echo '$(touch pwned; rm victim)'; echo ${_@P}",
      "echo 'a[$(touch p2; rm v2)]'; echo $[_]",
    ];
    const { r, results } = await runBatch(box, "q", commands);
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("pwned"))).toBe(false);
    expect(fs.existsSync(box.at("p2"))).toBe(false);
    expect(fs.existsSync(box.at("victim"))).toBe(true);
    expect(fs.existsSync(box.at("v2"))).toBe(true);
    expect(results.split("permission denied")).toHaveLength(3);
  });

  it("a deny rule stops rm hidden in quotes and behind hash -p, under --dangerously-skip-permissions; [ … ] still runs", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { deny: ["Bash(rm:*)"] } });
    box.write("package.json", "{}");
    const commands = ["hash -p /bin/rm zz; zz victim1", "let 'a[$(rm victim2)]=1'"];
    for (let k = 1; k <= commands.length; k++) box.write(`victim${k}`, "keep me");
    const { r, results } = await runBatch(
      box,
      "rm",
      commands,
      ["--dangerously-skip-permissions"],
      [toolCall("bash", { command: "[ -f package.json ] && echo yes > seen.txt" }, "test-1")],
    );
    expect(r.code).toBe(0);
    for (let k = 1; k <= commands.length; k++)
      expect(fs.existsSync(box.at(`victim${k}`)), `victim${k}`).toBe(true);
    expect(results.split('refused by the deny rule \\"Bash(rm:*)\\"')).toHaveLength(3);
    expect(fs.readFileSync(box.at("seen.txt"), "utf8")).toBe("yes\n");
  });

  it("a Bash(git push:*) deny stops git -C . push and git --no-pager push: the fake git never runs for them, git status does", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { deny: ["Bash(git push:*)"] } });
    const log = box.at("git.log");
    const git = box.write(path.join(box.home, "bin/git"), `#!/bin/sh\necho "$*" >> '${log}'\n`);
    fs.chmodSync(git, 0o755);
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "git -C . push origin" }, "push-1"),
        toolCall("bash", { command: "git --no-pager push" }, "push-2"),
        toolCall("bash", { command: "git status" }, "status-1"),
      ),
      reply.text("done"),
    ]);
    const PATH = `${path.dirname(git)}:${process.env.PATH ?? "/usr/bin:/bin"}`;
    const r = await runCli(["-p", "go", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home, { PATH }),
    });
    expect(r.code).toBe(0);
    expect(fs.readFileSync(log, "utf8")).toBe("status\n");
    const results = requestText(server.requests[1]);
    expect(results.split('refused by the deny rule \\"Bash(git push:*)\\"')).toHaveLength(3);
  });

  it("a deny rule stops rm that git would run from GIT_SSH_COMMAND or GIT_CONFIG_VALUE_0, under --dangerously-skip-permissions", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { deny: ["Bash(rm:*)"] } });
    // git runs the ssh command with the host and the remote command after it: rm -f ignores them.
    const commands = [
      "GIT_SSH_COMMAND='rm -f victim1' git ls-remote ssh://x/y",
      "env GIT_SSH_COMMAND='rm -f victim2' git ls-remote ssh://x/y",
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.sshCommand GIT_CONFIG_VALUE_0='rm -f victim3' git ls-remote ssh://x/y",
    ];
    for (let k = 1; k <= commands.length; k++) box.write(`victim${k}`, "keep me");
    const { r, results } = await runBatch(box, "env", commands, ["--dangerously-skip-permissions"]);
    expect(r.code).toBe(0);
    for (let k = 1; k <= commands.length; k++)
      expect(fs.existsSync(box.at(`victim${k}`)), `victim${k}`).toBe(true);
    expect(results.split('refused by the deny rule \\"Bash(rm:*)\\"')).toHaveLength(4);
  });
});
