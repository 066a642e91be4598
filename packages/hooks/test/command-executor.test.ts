import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ANSWER_CAP } from "../src/answer-cap.js";
import { WAIT_FOR_INPUT } from "../src/command-executor.js";
import { createCommandExecutor, interpret, type RunContext, warmStarts } from "../src/index.js";
import { isRunning, q, tempDir, waitFor } from "./support.js";

const executor = createCommandExecutor();

function ctx(over: Partial<RunContext> = {}): RunContext {
  return {
    payload: '{"event":"PreToolUse"}',
    cwd: tempDir(),
    env: {},
    timeoutMs: 20_000,
    signal: new AbortController().signal,
    ...over,
  };
}

const run = (command: string, over: Partial<RunContext> = {}) =>
  executor.run({ type: "command", command }, ctx(over));

describe("the line a hook's shell waits for (so it can be started ahead)", () => {
  it("never arriving, the shell fails with a message and runs nothing of the command", () => {
    const dir = tempDir();
    const out = spawnSync("/bin/sh", ["-c", `${WAIT_FOR_INPUT}touch ran; exit 0`], { cwd: dir, input: "" });
    expect(out.status).toBe(125);
    expect(out.stderr.toString()).toBe("codebot: the hook got no input; nothing was run\n");
    expect(existsSync(join(dir, "ran"))).toBe(false);
  });

  it("is waited for however long it takes where sh is bash and TMOUT is set", async () => {
    const child = spawn("/bin/bash", ["-c", `${WAIT_FOR_INPUT}exit 2`], {
      env: { ...process.env, TMOUT: "1" },
    });
    setTimeout(() => child.stdin.end("\n{}\n"), 1_500);
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
  });
});

describe("command executor", () => {
  it("keeps stdout and stderr together in the order their pieces came, as output, also in its reports so far", async () => {
    const reports: string[][] = [];
    const out = await run("printf 'one\\n'; sleep 0.3; printf 'two\\n' >&2; sleep 1.2; printf 'three\\n'", {
      onOutput: (stdout, stderr, output) => reports.push([stdout, stderr, output]),
    });
    expect(out).toMatchObject({ stdout: "one\nthree\n", stderr: "two\n", output: "one\ntwo\nthree\n" });
    expect(reports[0]).toEqual(["one\n", "two\n", "one\ntwo\n"]);
  });

  it("gives the payload and a newline on stdin, then closes it", async () => {
    const out = await run("cat; echo END");
    expect(out.stdout).toBe('{"event":"PreToolUse"}\nEND\n');
    expect(out.exitCode).toBe(0);
    expect(out.error).toBeUndefined();
  });

  it("in a shell started ahead too, the hook reads exactly the payload and a newline, then end of input", async () => {
    const warm = warmStarts();
    if (!warm) throw new Error("warm starts are off in this test run");
    warm.alwaysStandby = true;
    try {
      const out = await run("cat; echo END");
      expect(out.stdout).toBe('{"event":"PreToolUse"}\nEND\n');
    } finally {
      warm.alwaysStandby = false;
    }
  });

  it("runs in cwd with process.env plus the given env", async () => {
    const dir = tempDir();
    process.env.CODEBOT_TEST_INHERITED = "yes";
    const out = await run('pwd; echo "$CODEBOT_TEST_INHERITED $EXTRA"', { cwd: dir, env: { EXTRA: "x y" } });
    delete process.env.CODEBOT_TEST_INHERITED;
    expect(out.stdout).toBe(`${dir}\nyes x y\n`);
  });

  it("captures stderr and the exit code separately", async () => {
    const out = await run("echo out; echo err >&2; exit 3");
    expect(out).toMatchObject({ stdout: "out\n", stderr: "err\n", exitCode: 3 });
  });

  it("times out a hook whose grandchild holds stdout open, promptly, leaving no process behind", async () => {
    const dir = tempDir();
    const pids = join(dir, "pids");
    const started = performance.now();
    const out = await run(`sleep 30 & echo $$ $! > ${q(pids)}; sleep 30`, { timeoutMs: 700 });
    const took = performance.now() - started;
    expect(out.timedOut).toBe(true);
    expect(out.error).toBe("timed out after 0.7s");
    expect(took).toBeLessThan(700 + 2_500);
    const recorded = readFileSync(pids, "utf8").trim().split(" ").map(Number);
    expect(recorded).toHaveLength(2);
    // SIGKILL follows SIGTERM after a 1 s grace; poll generously on a loaded machine.
    await waitFor(() => recorded.every((pid) => !isRunning(pid)), 10_000, "hook processes to die");
    expect(interpret(out)).toMatchObject({ failed: true, timedOut: true, isBlock: false });
  });

  it("does not wait for a background process that keeps stdout open after a normal exit", async () => {
    const dir = tempDir();
    const pidFile = join(dir, "pid");
    const started = performance.now();
    const out = await run(`echo hi; sleep 5 & echo $! > ${q(pidFile)}; exit 0`);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(out).toMatchObject({ stdout: "hi\n", exitCode: 0 });
    expect(out.error).toBeUndefined();
    process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");
  });

  it("does not deadlock on a 10 MiB payload the hook never reads", async () => {
    const payload = JSON.stringify({ args: { content: "x".repeat(10 * 1024 * 1024) } });
    const out = await run("echo done", { payload });
    expect(out).toMatchObject({ stdout: "done\n", exitCode: 0 });
    expect(out.error).toBeUndefined();
  });

  it("delivers a 10 MiB payload whole to a hook that reads it", async () => {
    const payload = JSON.stringify({ args: { content: "x".repeat(10 * 1024 * 1024) } });
    const out = await run("wc -c");
    expect(out.stdout.trim()).toBe(String(Buffer.byteLength('{"event":"PreToolUse"}') + 1));
    const big = await run("wc -c", { payload });
    expect(big.stdout.trim()).toBe(String(payload.length + 1));
  });

  it("caps 100 MiB of stdout at 1 MiB (§6.1) and says so", async () => {
    const out = await run("head -c 104857600 /dev/zero | tr '\\0' 'a'; echo tail >&2");
    expect(ANSWER_CAP).toBe(1024 * 1024);
    expect(out.stdout.length).toBe(ANSWER_CAP);
    expect(out.truncated).toEqual(["stdout"]);
    expect(out.stderr).toBe("tail\n");
    expect(out.exitCode).toBe(0);
  });

  it("reads stdout up to the run's answerCap when it gives one (a Claude Code group's hook), saying where it was cut", async () => {
    const out = await run("head -c 3145728 /dev/zero | tr '\\0' 'a'", { answerCap: 2 * 1024 * 1024 });
    expect(out.stdout.length).toBe(2 * 1024 * 1024);
    expect(out.truncated).toEqual(["stdout"]);
    expect(out.stdoutCap).toBe(2 * 1024 * 1024);
  });

  it("a missing command is a failed run", async () => {
    const out = await run("definitely-not-a-command-xyz");
    expect(out.exitCode).toBe(127);
    const verdict = interpret(out);
    expect(verdict.failed).toBe(true);
    expect(verdict.error).toBe("exit code 127");
    expect(verdict.stderr).toMatch(/not found/);
  });

  it("a hook killed by a signal is a failed run", async () => {
    const out = await run("kill -9 $$");
    expect(out.exitCode).toBeNull();
    expect(out.error).toBe("killed by signal SIGKILL");
    expect(interpret(out)).toMatchObject({ failed: true, isBlock: false });
  });

  it("a spawn failure (missing working directory) is a failed run", async () => {
    const out = await run("true", { cwd: join(tempDir(), "gone") });
    expect(out.error).toMatch(/^could not start sh: /);
    expect(interpret(out).failed).toBe(true);
  });

  it("decodes invalid UTF-8 leniently", async () => {
    const out = await run("printf 'ok \\377\\376 end'");
    expect(out.stdout).toBe("ok \uFFFD\uFFFD end");
  });

  it("aborting kills the process group", async () => {
    const dir = tempDir();
    const marker = join(dir, "after");
    const controller = new AbortController();
    const pending = run(`sleep 20; touch ${q(marker)}`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const out = await pending;
    expect(out.error).toBe("aborted");
    expect(existsSync(marker)).toBe(false);
  });
});
