/**
 * No hook or bash process outlives codebot (issue 17 item 3), with the built CLI: a hook that
 * ignores SIGTERM still gets its SIGKILL after codebot exited on SIGTERM, and when codebot itself
 * is SIGKILLed, the bash tool's command, its background job and a `setsid` daemon all end.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { startCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (dead, not yet reaped by whoever adopted it) counts as ended; so does one reaped
  // between the signal check and this read.
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, { encoding: "utf8", flag: "r" });
  } catch {
    return false;
  }
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

function pidsIn(file: string): number[] {
  return fs.readFileSync(file, "utf8").trim().split(/\s+/).map(Number);
}

const hasFile = (file: string) => () => fs.existsSync(file) && fs.readFileSync(file, "utf8").endsWith("\n");

describe("no process outlives codebot", () => {
  it("SIGTERM while a hook that ignores TERM runs: codebot exits, and the hook is SIGKILLed after the grace", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    box.json(`${box.home}/settings.json`, {
      hooks: {
        PreToolUse: [command(`trap '' TERM; sleep 300 & echo $$ $! > ${box.at("hook.pids")}; wait`)],
      },
    });
    const run = startCli(["-p", "go", "--cwd", box.project, "--permission-mode", "bypassPermissions"], {
      env: modelEnv(server, box.home),
    });
    await waitFor(hasFile(box.at("hook.pids")), 60_000, `the hook to start (${run.stderr()})`);
    const pids = pidsIn(box.at("hook.pids"));
    run.child.kill("SIGTERM");
    const done = await run.done;
    expect(done.signal ?? done.code).toBe(143);
    await waitFor(() => !pids.some(isRunning), 15_000, "the hook's processes to be killed");
  }, 90_000);

  it("SIGKILL of codebot mid bash call: the command, its background job and a setsid daemon end", async () => {
    const box = sandbox();
    const script = `sleep 300 >/dev/null 2>&1 & a=$!; setsid sleep 300 >/dev/null 2>&1 & b=$!; echo $$ $a $b > bash.pids; sleep 300`;
    const server = await modelServer([reply.toolCall("bash", { command: script }), reply.text("never")]);
    const run = startCli(["-p", "go", "--cwd", box.project, "--permission-mode", "bypassPermissions"], {
      env: modelEnv(server, box.home),
    });
    await waitFor(hasFile(box.at("bash.pids")), 60_000, `the bash call (${run.stderr()})`);
    const pids = pidsIn(box.at("bash.pids"));
    expect(pids).toHaveLength(3);
    run.child.kill("SIGKILL");
    await run.done;
    await waitFor(() => !pids.some(isRunning), 15_000, "the bash call's processes to end");
  }, 90_000);
});
