/**
 * Warm starts (spawn/warm-starts.ts): once a request ran, a standby for it waits on the process
 * host, blocked reading its stdin; the next call of the same request runs in it, unless it no
 * longer is what a cold start would give (process.env changed, working directory replaced, dead).
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  ProcessHost,
  type SpawnFailure,
  type SpawnHandlers,
  type WarmRequest,
  WarmStarts,
} from "../src/index.js";
import { isRunning, q, runToEnd, tempDir, waitFor } from "./support.js";

const hosts: ProcessHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

function setUp(options: ConstructorParameters<typeof ProcessHost>[0] = {}): {
  warm: WarmStarts;
  host: ProcessHost;
} {
  const host = new ProcessHost(options);
  hosts.push(host);
  return { warm: new WarmStarts(host), host };
}

/** `sh` that waits for one line of stdin, then runs `script` (what command hooks do). */
function request(script: string, cwd = tempDir(), env: NodeJS.ProcessEnv = {}): WarmRequest {
  return { file: "/bin/sh", args: ["-c", `read -r go || exit 0; ${script}`], cwd, env, inheritEnv: true };
}

/** What a call did: its stdout and exit code, or its failure to start. */
async function run(
  warm: WarmStarts,
  req: WarmRequest,
  input = "\n",
): Promise<{ stdout: string; code: number | null; failure?: SpawnFailure }> {
  const { stdout, code, failure } = await runToEnd((handlers) => warm.start(req, input, handlers));
  return failure ? { stdout, code, failure } : { stdout, code };
}

/** How many live processes have `marker` in their command line. */
function shellsWith(marker: string): number {
  return readdirSync("/proc").filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, "utf8").includes(marker);
    } catch {
      return false;
    }
  }).length;
}

async function standbyOf(warm: WarmStarts, req: WarmRequest): Promise<number> {
  await waitFor(() => warm.standbyPid(req) !== undefined, 10_000, "a standby");
  return warm.standbyPid(req) as number;
}

describe("warm starts", () => {
  it("after a call, a standby waits for the same request, and the next call runs in it", async () => {
    const { warm } = setUp();
    const req = request("echo $$");
    const first = await run(warm, req);
    const standby = await standbyOf(warm, req);
    expect(Number(first.stdout)).not.toBe(standby);
    const second = await run(warm, req);
    expect(Number(second.stdout)).toBe(standby);
  });

  it("the next call's standby starts once the call's process has exited, not while it runs", async () => {
    const { warm } = setUp();
    const marker = `codebot-next-${process.pid}-${Date.now()}`;
    const req = request(`sleep 0.4 # ${marker}`);
    await run(warm, req);
    await standbyOf(warm, req);
    const second = run(warm, req);
    // The call runs in the standby; for the 0.4 s it runs, it is the only shell of its request.
    await new Promise((r) => setTimeout(r, 200));
    expect(shellsWith(marker)).toBe(1);
    await second;
    await standbyOf(warm, req);
    expect(shellsWith(marker)).toBe(1);
  });

  it("works the same on the Python host", async () => {
    const { warm, host } = setUp({ native: false });
    const req = request("echo $$; cat");
    await run(warm, req, "\nfirst\n");
    const standby = await standbyOf(warm, req);
    expect(readFileSync(`/proc/${host.pid}/cmdline`, "utf8")).toMatch(/python3/);
    expect(await run(warm, req, "\nsecond\n")).toEqual({ stdout: `${standby}\nsecond\n`, code: 0 });
  });

  it("a standby runs nothing of the command before its call, and the call's input reaches it whole", async () => {
    const { warm } = setUp();
    const dir = tempDir();
    const req = request(`echo ran >> ${q(join(dir, "log"))}; cat`, dir);
    await run(warm, req, "\nfirst\n");
    await standbyOf(warm, req);
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(join(dir, "log"), "utf8")).toBe("ran\n");
    const big = `${"x".repeat(300_000)}\n`;
    const second = await run(warm, req, `\n${big}`);
    expect(second.stdout).toBe(big);
    expect(readFileSync(join(dir, "log"), "utf8")).toBe("ran\nran\n");
  });

  it("process.env changed since the standby started: the call starts cold, sees the new value, and the standby is ended", async () => {
    const { warm } = setUp();
    process.env.CODEBOT_T_WARM = "before";
    try {
      const req = request('echo "$$ $CODEBOT_T_WARM"');
      await run(warm, req);
      const standby = await standbyOf(warm, req);
      process.env.CODEBOT_T_WARM = "after";
      const ran = await run(warm, req);
      const [pid, value] = ran.stdout.trim().split(" ");
      expect(value).toBe("after");
      expect(Number(pid)).not.toBe(standby);
      await waitFor(() => !isRunning(standby), 10_000, "the stale standby to end");
    } finally {
      delete process.env.CODEBOT_T_WARM;
    }
  });

  it("its working directory removed and made again: the call starts cold in the new directory", async () => {
    const { warm } = setUp();
    const dir = join(tempDir(), "work");
    mkdirSync(dir);
    const req = request("echo $$; ls", dir);
    await run(warm, req);
    const standby = await standbyOf(warm, req);
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    appendFileSync(join(dir, "new-file"), "");
    const ran = await run(warm, req);
    const [pid, listing] = ran.stdout.trim().split("\n");
    expect(Number(pid)).not.toBe(standby);
    expect(listing).toBe("new-file");
  });

  it("a standby killed before its call: the call starts cold and works", async () => {
    const { warm } = setUp();
    const req = request("echo ok");
    await run(warm, req);
    const standby = await standbyOf(warm, req);
    process.kill(standby, "SIGKILL");
    await waitFor(() => warm.standbyPid(req) === undefined, 10_000, "the death to be seen");
    expect(await run(warm, req)).toEqual({ stdout: "ok\n", code: 0 });
  });

  it("the host killed while a standby waits: the next call starts on a new host and works", async () => {
    const { warm, host } = setUp();
    const req = request("echo $PPID");
    await run(warm, req);
    await standbyOf(warm, req);
    const old = host.pid as number;
    process.kill(old, "SIGKILL");
    await waitFor(() => warm.standbyPid(req) === undefined, 10_000, "the loss to be seen");
    const ran = await run(warm, req);
    expect(ran.code).toBe(0);
    expect(Number(ran.stdout)).toBe(host.pid);
    expect(host.pid).not.toBe(old);
  });

  it("a command whose shell dies before its input (a syntax error) gets no more standbys after two such deaths", async () => {
    const { warm } = setUp();
    const req = request("if then fi (");
    for (let i = 0; i < 3; i++) expect((await run(warm, req)).code).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(warm.standbyPid(req)).toBeUndefined();
  });

  it("keeps at most eight standbys, ending the one unused longest", async () => {
    const { warm } = setUp();
    const reqs = Array.from({ length: 9 }, (_, i) => request(`echo ${i}`));
    const pids: number[] = [];
    for (const req of reqs) {
      await run(warm, req);
      pids.push(await standbyOf(warm, req));
    }
    expect(warm.standbyPid(reqs[0] as WarmRequest)).toBeUndefined();
    await waitFor(() => !isRunning(pids[0] as number), 10_000, "the oldest standby to end");
    expect(pids.slice(1).every(isRunning)).toBe(true);
  });

  it("a standby ended before the host reported its start is still ended (no more than eight wait)", async () => {
    const { warm } = setUp();
    // The host is up, so each start goes out at once; all twenty are asked for before any pid comes back.
    const first = request("true");
    await run(warm, first);
    // Its own standby (started once it exited) is the oldest, the first of the twenty-one ended.
    await standbyOf(warm, first);
    const marker = `codebot-evict-${process.pid}-${Date.now()}`;
    for (let i = 0; i < 20; i++) warm.prepare(request(`: ${marker}-${i}`));
    await new Promise((r) => setTimeout(r, 500));
    await waitFor(() => shellsWith(marker) <= 8, 10_000, "the evicted standbys to end");
    expect(shellsWith(marker)).toBe(8);
  });

  it("with a slot, preparing for another request ends the slot's unused standby", async () => {
    const { warm } = setUp();
    const slot = {};
    const first = request("echo first");
    const second = request("echo second");
    warm.prepare(first, slot);
    const pid = await standbyOf(warm, first);
    warm.prepare(second, slot);
    await standbyOf(warm, second);
    expect(warm.standbyPid(first)).toBeUndefined();
    await waitFor(() => !isRunning(pid), 10_000, "the slot's old standby to end");
  });

  it("a call handed to a standby whose host never came up runs on Node's spawn", async () => {
    const { warm } = setUp({ native: false, python: "/nonexistent/python3" });
    warm.alwaysStandby = true;
    const ran = await run(warm, request('echo "$PPID"; cat'), "\npayload\n");
    expect(ran).toEqual({ stdout: `${process.pid}\npayload\n`, code: 0 });
  });

  it("a call handed to a standby prepared for the same request runs with its own `withoutHost` on Node's spawn", async () => {
    const { warm } = setUp({ native: false, python: "/nonexistent/python3" });
    const base = request("echo from-stdin");
    warm.prepare({ ...base, withoutHost: { args: ["-c", "echo prepared"] } });
    const ran = await run(warm, { ...base, withoutHost: { args: ["-c", "echo the-call"] } });
    expect(ran).toEqual({ stdout: "the-call\n", code: 0 });
  });

  it("a call stopped or released while its host was still coming up never runs, on either path", async () => {
    const dir = tempDir();
    const slowFailure = join(dir, "python3");
    writeFileSync(slowFailure, "#!/bin/sh\nsleep 1\nexit 1\n");
    chmodSync(slowFailure, 0o755);
    const { warm } = setUp({ native: false, python: slowFailure });
    const marker = (name: string) => request(`touch ${q(join(dir, name))}`);
    const failures: string[] = [];
    const handlers = (name: string): SpawnHandlers => ({
      onStdout() {},
      onStderr() {},
      onError: (f) => failures.push(`${name}: ${f.message}`),
      onExit() {},
      onClose() {},
    });
    warm.start(marker("cold-killed"), "\n", handlers("cold-killed"), { standby: false }).killGroup("SIGTERM");
    warm.start(marker("cold-released"), "\n", handlers("cold-released"), { standby: false }).release();
    warm.alwaysStandby = true;
    warm
      .start(marker("ahead-killed"), "\n", handlers("ahead-killed"), { standby: false })
      .killGroup("SIGTERM");
    warm.start(marker("ahead-released"), "\n", handlers("ahead-released"), { standby: false }).release();
    await waitFor(() => failures.length === 2, 15_000, "the stopped calls to fail");
    await new Promise((r) => setTimeout(r, 500));
    expect(readdirSync(dir).sort()).toEqual(["python3"]);
    const stopped = "no process host came up, and the command was stopped (SIGTERM) before it could start";
    expect(failures.sort()).toEqual([`ahead-killed: ${stopped}`, `cold-killed: ${stopped}`]);
  });

  it("a standby does not keep Node alive, and ends with the process that started it", () => {
    const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
    const script = `
      import { startWarm, warmStarts } from ${JSON.stringify(dist)};
      const req = { file: "/bin/sh", args: ["-c", "read -r go || exit 0; true"], cwd: process.cwd(), env: {}, inheritEnv: true };
      const handlers = { onStdout() {}, onStderr() {}, onError() {}, onClose() {}, onExit() {
        const wait = setInterval(() => {
          const pid = warmStarts().standbyPid(req);
          if (pid !== undefined) { console.log(pid); clearInterval(wait); }
        }, 5);
      } };
      startWarm(req, "\\n", handlers);
    `;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 20_000 });
    expect(child.status).toBe(0);
    const standby = Number(child.stdout.toString().trim());
    expect(standby).toBeGreaterThan(0);
    return waitFor(() => !isRunning(standby), 10_000, "the standby to end with its codebot");
  });
});
