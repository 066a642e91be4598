/**
 * The process host (spawn/process-host.ts): commands start from it rather than from Node; it
 * ends everything it started when it is closed (as when codebot exits); a host that dies fails
 * the call in flight clearly and the next call gets a new host; without any host, Node's spawn.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createCommandExecutor,
  ProcessHost,
  processHost,
  type RunContext,
  spawnProcess,
} from "../src/index.js";
import { builtHost } from "../src/spawn/host-program.js";
import { isRunning, q, type Ran, runToEnd, tempDir, waitFor } from "./support.js";

const hosts: ProcessHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

type HostOptions = ConstructorParameters<typeof ProcessHost>[0];

function host(options: HostOptions = {}): ProcessHost {
  const made = new ProcessHost(options);
  hosts.push(made);
  return made;
}

/** Runs `sh -c script` on `on` (a host, or undefined for Node's spawn) to its end. */
function sh(script: string, on: ProcessHost | undefined, cwd = tempDir()): Promise<Ran> {
  return runToEnd((handlers) =>
    spawnProcess(
      { file: "/bin/sh", args: ["-c", script], cwd, env: process.env, stdin: "payload\n" },
      handlers,
      on,
    ),
  );
}

const ctx = (over: Partial<RunContext> = {}): RunContext => ({
  payload: "{}",
  cwd: tempDir(),
  env: {},
  timeoutMs: 20_000,
  signal: new AbortController().signal,
  ...over,
});

/** The program a host runs (the compiled one is what `npm run build` made). */
const programOf = (h: ProcessHost) => readlinkSync(`/proc/${h.pid}/exe`);

describe("the compiled process host", () => {
  it("is built by npm run build where a C compiler is (CI has one), and used by default", async () => {
    const compiler = spawnSync(process.env.CC || "cc", ["--version"], { stdio: "ignore" }).status === 0;
    expect(builtHost() !== undefined).toBe(compiler);
    const byDefault = host();
    await sh("true", byDefault);
    expect(programOf(byDefault)).toMatch(builtHost() ?? /python3/);
  });

  it("the Python one when asked", async () => {
    const python = host({ native: false });
    await sh("true", python);
    expect(programOf(python)).toMatch(/python3/);
  });

  it("one that does not come up (or speaks another wire) gives way to the Python host", async () => {
    const dir = tempDir();
    const stale = join(dir, "stale-host");
    // A host from an older build: says hello with another version of the wire.
    const hello = String.raw`printf '\000\000\000\000H\000\000\000\001'; printf 1`;
    writeFileSync(stale, `#!/bin/sh\n${hello}\nexec cat >/dev/null\n`, { mode: 0o755 });
    for (const native of [stale, join(dir, "missing-host")]) {
      const h = host({ native });
      const ran = await sh('echo "$PPID"; cat', h);
      expect(ran.stdout).toBe(`${h.pid}\npayload\n`);
      expect(programOf(h)).toMatch(/python3/);
    }
  });
});

describe.each([
  ["compiled", {}],
  ["Python", { native: false }],
] as [string, HostOptions][])("process host (%s)", (_name, options) => {
  it("starts commands itself (posix_spawn), not from Node, with stdin, env and cwd of the call", async () => {
    const h = host(options);
    const dir = tempDir();
    const ran = await sh('echo "$PPID $(pwd)"; cat; echo err >&2; exit 4', h, dir);
    expect(ran).toEqual({ stdout: `${h.pid} ${dir}\npayload\n`, stderr: "err\n", code: 4, signal: null });
    expect(h.pid).not.toBe(process.pid);
  });

  it("reports death by a signal, and a missing working directory as a spawn failure", async () => {
    const h = host(options);
    expect(await sh("kill -TERM $$", h)).toMatchObject({ code: null, signal: "SIGTERM" });
    const missing = join(tempDir(), "gone");
    expect((await sh("true", h, missing)).failure).toEqual({
      kind: "spawn",
      message: `working directory ${missing}: No such file or directory`,
    });
    expect((await sh("echo still fine", h)).stdout).toBe("still fine\n");
  });

  it("forty commands started at once, each ending at once: every exit reaches its own call", async () => {
    // The compiled host starts commands on a thread of its own, so a command may end before the
    // loop has its pid: that exit must wait for its call, not be dropped as an orphan's.
    const h = host(options);
    const ran = await Promise.all(Array.from({ length: 40 }, (_, i) => sh(`exit ${i}`, h)));
    expect(ran.map((r) => r.code)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("what a command writes while it runs reaches Node before it exits", async () => {
    const h = host(options);
    let firstOutput = 0;
    let exited = 0;
    const ran = await runToEnd((handlers) =>
      spawnProcess(
        {
          file: "/bin/sh",
          args: ["-c", "echo early; sleep 1; echo late"],
          cwd: tempDir(),
          env: {},
          stdin: "",
        },
        {
          ...handlers,
          onStdout: (chunk) => {
            firstOutput ||= Date.now();
            handlers.onStdout(chunk);
          },
          onExit: (code, signal) => {
            exited = Date.now();
            handlers.onExit(code, signal);
          },
        },
        h,
      ),
    );
    expect(ran.stdout).toBe("early\nlate\n");
    // Output may be held a few ms to go out with other frames, never until the exit.
    expect(exited - firstOutput).toBeGreaterThan(500);
  });

  it("what is sent inside together() goes to the host in one write (one wake-up of it)", async () => {
    const h = host(options);
    await sh("true", h);
    const stdin = (h as unknown as { child: { stdin: { write(data: Buffer): boolean } } }).child.stdin;
    const write = vi.spyOn(stdin, "write");
    const both = h.together(() => [sh("echo a", h), sh("echo b", h)]);
    expect(write).toHaveBeenCalledTimes(1);
    expect((await Promise.all(both)).map((r) => r.stdout)).toEqual(["a\n", "b\n"]);
  });

  it("a NUL in an argument fails the start clearly (no process can be given it); the host goes on", async () => {
    const h = host(options);
    expect((await sh("echo a\0b", h)).failure).toEqual({
      kind: "spawn",
      message: "argument contains a NUL character",
    });
    expect((await sh("echo fine", h)).stdout).toBe("fine\n");
  });

  it("ends everything it started when closed: TERM, then KILL for what ignores it, setsid escapees too", async () => {
    const h = host({ ...options, shutdownGraceS: 0.3 });
    const dir = tempDir();
    const pids = join(dir, "pids");
    // A background job ignoring TERM, a daemon that left the group (setsid), and a plain one.
    const ran = await sh(
      `exec >/dev/null 2>&1; (trap '' TERM; sleep 60) & a=$!; setsid sleep 60 & b=$!; sleep 60 & c=$!; echo $a $b $c > ${q(pids)}`,
      h,
      dir,
    );
    expect(ran.code).toBe(0);
    const started = readFileSync(pids, "utf8").trim().split(" ").map(Number);
    expect(started).toHaveLength(3);
    expect(started.every(isRunning)).toBe(true);
    await h.close();
    await waitFor(() => !started.some(isRunning), 10_000, "every process the host started to end");
  });

  // As claude 2.1.328 leaves them (recorded: shitchell/claude-hooks' SessionEnd hook starts its
  // summariser with `nohup … &` and exits; the summary was written after claude had exited).
  it("keepLeftovers: what a command left running in its group once it exited outlives the host; a keep command still running is ended", async () => {
    const h = host({ ...options, shutdownGraceS: 0.3 });
    const dir = tempDir();
    const keep = (script: string) =>
      runToEnd((handlers) =>
        spawnProcess(
          {
            file: "/bin/sh",
            args: ["-c", script],
            cwd: dir,
            env: process.env,
            stdin: null,
            keepLeftovers: true,
          },
          handlers,
          h,
        ),
      );
    const left = join(dir, "left");
    expect((await keep(`nohup sleep 60 >/dev/null 2>&1 & echo $! > ${q(left)}`)).code).toBe(0);
    const still = join(dir, "still");
    const running = keep(`echo $$ > ${q(still)}; sleep 60`);
    await waitFor(() => readFileSync(still, { encoding: "utf8", flag: "a+" }).trim() !== "", 10_000, "pid");
    const leftover = Number(readFileSync(left, "utf8"));
    await h.close();
    await running;
    await waitFor(
      () => !isRunning(Number(readFileSync(still, "utf8"))),
      10_000,
      "the running command to end",
    );
    try {
      expect(isRunning(leftover)).toBe(true);
    } finally {
      process.kill(leftover, "SIGKILL");
    }
  });

  it("inheritEnv: process.env as it is at the start, then the request's variables, on the host and on Node's spawn", async () => {
    const h = host(options);
    const envOf = (on: ProcessHost | undefined) =>
      new Promise<string>((resolve) => {
        let out = "";
        spawnProcess(
          {
            file: "/bin/sh",
            args: ["-c", 'echo "$CODEBOT_T_BASE $CODEBOT_T_KEPT $CODEBOT_T_SET"'],
            cwd: tempDir(),
            env: { CODEBOT_T_KEPT: "over", CODEBOT_T_SET: "set", CODEBOT_T_BASE: undefined },
            inheritEnv: true,
            stdin: null,
          },
          {
            onStdout: (c) => {
              out += c.toString();
            },
            onStderr: () => {},
            onError: (failure) => resolve(failure.message),
            onExit: () => {},
            onClose: () => resolve(out),
          },
          on,
        );
      });
    await envOf(h);
    // Set after the host started: read at each start, not when the host was made.
    process.env.CODEBOT_T_BASE = "base";
    process.env.CODEBOT_T_KEPT = "base";
    try {
      expect(await envOf(h)).toBe("base over set\n");
      expect(await envOf(undefined)).toBe("base over set\n");
    } finally {
      delete process.env.CODEBOT_T_BASE;
      delete process.env.CODEBOT_T_KEPT;
    }
  });
});

describe("no process host", () => {
  it("runs on Node's spawn when the host cannot start", async () => {
    const h = host({ native: false, python: "/nonexistent/python3" });
    const ran = await sh('echo "$PPID"; cat', h);
    expect(ran.stdout).toBe(`${process.pid}\npayload\n`);
    expect(h.usable).toBe(false);
  });
});

describe("process host under the command executor", () => {
  it("a host killed mid-call fails that call with a clear message and kills its group; the next call works", async () => {
    const executor = createCommandExecutor();
    const shared = processHost();
    expect(shared).toBeDefined();
    await executor.run({ type: "command", command: "true" }, ctx());
    const first = shared?.pid as number;
    const dir = tempDir();
    const pidFile = join(dir, "pid");
    const running = executor.run({ type: "command", command: `echo $$ > ${q(pidFile)}; sleep 60` }, ctx());
    await waitFor(() => readFileSync(pidFile, { encoding: "utf8", flag: "a+" }).trim() !== "", 10_000, "pid");
    process.kill(first, "SIGKILL");
    const outcome = await running;
    expect(outcome.error).toBe(
      "the process host was killed by SIGKILL while the command ran; the command was stopped",
    );
    await waitFor(() => !isRunning(Number(readFileSync(pidFile, "utf8"))), 10_000, "the hook to die");
    const next = await executor.run({ type: "command", command: "echo $PPID" }, ctx());
    expect(next.error).toBeUndefined();
    expect(Number(next.stdout)).toBe(shared?.pid);
    expect(shared?.pid).not.toBe(first);
  });
});
