/**
 * One hooked call's cost in process, next to its floor, in one run (bench:hooks (e)–(g) measure
 * the same through whole sessions and middleware, which a busy machine makes noisy):
 *  - floor: Python's posix_spawn of `sh -c 'exit 0'` with pipes and a payload (as bench:hooks (f));
 *  - host: the same command started through the process host (spawnProcess), Node to Node;
 *    host_python: the same through the Python host (the fallback where no compiled host was built);
 *  - hook: what one trivial PreToolUse command hook adds to `runner.preToolUse`;
 *  - persistent_us: one PreToolUse call answered by a persistent hook (Python, answers at once);
 *  - http / bare_http: one PreToolUse call with a blocking http hook to a loopback server, and a
 *    bare POST on a kept-alive connection to the same server;
 *  - groups / native: one PreToolUse call with three `sleep 0.1` hooks, each in a Claude Code group
 *    of its own (they run together, as claude runs them), and the same three as native entries
 *    (one after another): 20 calls.
 * Medians of per-call times, ROUNDS rounds (default 3) of N calls (default 200); one JSON line each.
 * Usage: `npx tsx bench/hook-path.ts` (WHAT=floor,host,host_python,hook,persistent,http to pick).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createHookRunner,
  createHttpExecutor,
  type Executors,
  type HookRunner,
  loadHooks,
  ProcessHost,
  spawnProcess,
} from "../packages/hooks/src/index.js";
import { ANSWERER_PY } from "./pipe-round-trip.js";
import { posixSpawnFloorMs } from "./posix-spawn-floor.js";

const dir = mkdtempSync(join(tmpdir(), "codebot-hook-path-"));
const session = { sessionId: "bench", cwd: dir, transcriptPath: join(dir, "transcript.jsonl") };
const N = Number(process.env.N ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const what = new Set((process.env.WHAT ?? "floor,host,host_python,hook,persistent,http,groups").split(","));
const PAYLOAD = '{"event":"PreToolUse"}\n';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function runnerWith(hooks: Record<string, unknown[]>, executors?: Executors): HookRunner {
  const loaded = loadHooks([{ source: "user", path: "bench.json", settings: { hooks } }]);
  return createHookRunner({ hooks: loaded, session, ...(executors ? { executors } : {}) });
}

/** Median ms per call of `n` sequential calls, after 10 unmeasured ones. */
async function perCall(call: () => Promise<unknown>, n = N): Promise<number> {
  for (let i = 0; i < 10; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** `sh -c 'exit 0'` through a process host (the shared one by default), from the call to its exit and closed output. */
function hostOnce(host?: ProcessHost): Promise<void> {
  return new Promise((resolve, reject) => {
    let ends = 0;
    const end = () => {
      if (++ends === 2) resolve();
    };
    spawnProcess(
      { file: "/bin/sh", args: ["-c", "exit 0"], cwd: dir, env: process.env, stdin: PAYLOAD },
      {
        onStdout() {},
        onStderr() {},
        onError: (failure) => reject(new Error(failure.message)),
        onExit: end,
        onClose: end,
      },
      host,
    );
  });
}
const pythonHost = new ProcessHost({ native: false });

const args = { command: "true" };
const fire = (runner: HookRunner) => () => runner.preToolUse({ tool: "bash", args, toolUseId: "t1" });
const noHooks = runnerWith({});
const answerer = join(dir, "answer.py");
writeFileSync(answerer, ANSWERER_PY);
const policy = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.end("{}"));
});
await new Promise<void>((resolve) => policy.listen(0, "127.0.0.1", resolve));
const port = (policy.address() as AddressInfo).port;
const keepAlive = new Agent({ keepAlive: true });
const barePost = () =>
  new Promise<void>((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, method: "POST", path: "/pre", agent: keepAlive },
      (res) => {
        res.resume();
        res.on("end", resolve);
      },
    );
    req.end("{}");
  });

for (let round = 0; round < ROUNDS; round++) {
  const out: Record<string, number> = {};
  if (what.has("floor")) out.floor_ms = await posixSpawnFloorMs(N);
  if (what.has("host")) out.host_ms = await perCall(() => hostOnce());
  if (what.has("host_python")) out.host_python_ms = await perCall(() => hostOnce(pythonHost));
  if (what.has("hook")) {
    const hooked = runnerWith({ PreToolUse: [{ type: "command", command: "exit 0" }] });
    out.hook_added_ms = (await perCall(fire(hooked))) - (await perCall(fire(noHooks)));
    await hooked.close();
  }
  if (what.has("persistent")) {
    const persistent = runnerWith({
      PreToolUse: [{ type: "command", command: `python3 ${answerer}`, persistent: true, blocking: true }],
    });
    out.persistent_us = 1000 * ((await perCall(fire(persistent), 500)) - (await perCall(fire(noHooks), 500)));
    await persistent.close();
  }
  if (what.has("http")) {
    const http = runnerWith(
      { PreToolUse: [{ type: "http", url: `http://127.0.0.1:${port}/pre`, blocking: true }] },
      { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${port}`] }) },
    );
    out.http_added_ms = (await perCall(fire(http))) - (await perCall(fire(noHooks)));
    out.bare_http_ms = await perCall(barePost);
    await http.close();
  }
  if (what.has("groups")) {
    // Each command differs (a comment): Claude Code runs a repeated command once per firing.
    const grouped = runnerWith({
      PreToolUse: ["a", "b", "c"].map((name) => ({
        matcher: "",
        hooks: [{ type: "command", command: `sleep 0.1 # ${name}` }],
      })),
    });
    const native = runnerWith({
      PreToolUse: ["a", "b", "c"].map(() => ({ type: "command", command: "sleep 0.1", blocking: true })),
    });
    out.groups_ms = await perCall(fire(grouped), 20);
    out.native_ms = await perCall(fire(native), 20);
    await grouped.close();
    await native.close();
  }
  console.log(
    JSON.stringify(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v * 1000) / 1000]))),
  );
}
await pythonHost.close();
keepAlive.destroy();
policy.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
