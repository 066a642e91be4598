/**
 * The hooks engine's cost, measured in one run:
 *  (a) what the hook middleware adds to a tool call: no hooks, 100 hooks whose matcher does not
 *      match, 100 hooks whose `if` regex is searched over 1 MiB of arguments;
 *  (b) a catastrophic-backtracking `if` pattern over 1 MiB (RE2 keeps it linear);
 *  (c) one trivial command hook's round trip vs a bare `sh -c 'exit 0'` spawn from Node; and the
 *      same hook with calls 5 ms apart (compared with the floor of (f));
 *  (d) 1,000 PostToolUse hooks fired by 1,000 fast tool calls: the calls' time vs no hooks, the
 *      peak number of hook processes, and that all of them completed before close() returned;
 *  (e) one blocking PreToolUse http hook to a loopback server: what it adds per call over 200
 *      calls, and how many TCP connections those 200 calls opened;
 *  (f) the floor a hook start is held to: Python's posix_spawn of `sh -c 'exit 0'` (pipes and a
 *      payload, as for a hook), next to what one trivial PreToolUse hook adds per call to a whole
 *      `codebot -p` session of 200 `bash true` calls (the built CLI; `npm run build` first);
 *  (g) what a persistent hook adds per call (µs), next to the same answering process driven straight
 *      from Node (its floor: a pipe round trip), and one `bash true` tool call end to end.
 * The tool calls are driven through the runner's middleware with a hand-made kernel context (the
 * same contract the kernel uses). Last line: one JSON object with the numbers.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tool, ToolCall, ToolMiddleware, ToolResult } from "../packages/agentcore/src/index.js";
import { PathPolicy } from "../packages/codebot/src/paths/path-policy.js";
import { bashTool } from "../packages/codebot/src/tools/bash-tool.js";
import {
  createHookRunner,
  createHttpExecutor,
  type Executors,
  type HookRunner,
  loadHooks,
  parseMatcher,
} from "../packages/hooks/src/index.js";
import { BUILT, bashTrueCalls, runWithModel } from "./cli-runs.js";
import { ANSWERER_PY, pipeRoundTrip } from "./pipe-round-trip.js";
import { posixSpawnFloorMs } from "./posix-spawn-floor.js";
import { benchToolContext } from "./tool-context.js";

const dir = mkdtempSync(join(tmpdir(), "codebot-hooks-bench-"));
const session = { sessionId: "bench", cwd: dir, transcriptPath: join(dir, "transcript.jsonl") };

function runnerWith(hooks: Record<string, unknown[]>, executors?: Executors): HookRunner {
  const loaded = loadHooks([{ source: "user", path: "bench.json", settings: { hooks } }]);
  const errors = loaded.problems.filter((p) => p.severity === "error");
  if (errors.length) throw new Error(`bench: bad hooks ${JSON.stringify(errors)}`);
  return createHookRunner({ hooks: loaded, session, ...(executors ? { executors } : {}) });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;
const nowUs = () => Number(process.hrtime.bigint()) / 1000;

/** A kernel-like caller: a context with the tool's validator and a `next` that executes the tool. */
function caller(tool: Tool, middleware: ToolMiddleware | undefined): (call: ToolCall) => Promise<ToolResult> {
  const ctx = benchToolContext(tool, "bench");
  const next = (call: ToolCall) => tool.execute(call.args, ctx);
  return middleware ? (call) => middleware(call, next, ctx) : next;
}

const instant: Tool = {
  name: "bash",
  description: "returns at once",
  inputSchema: undefined as never,
  execute: async () => ({ content: "ok", isError: false }),
};

/** Median µs per call of `calls` sequential calls, over interleaved rounds of each configuration. */
async function perCall<K extends string>(
  configs: Record<K, (call: ToolCall) => Promise<ToolResult>>,
  args: Record<string, unknown>,
  calls: number,
  rounds: number,
): Promise<Record<K, number>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(configs).map((k) => [k, []]));
  for (let round = -1; round < rounds; round++) {
    for (const [name, run] of Object.entries(configs) as [K, (call: ToolCall) => Promise<ToolResult>][]) {
      const started = nowUs();
      for (let i = 0; i < calls; i++) await run({ id: `c${i}`, name: "bash", args });
      if (round >= 0) samples[name]?.push((nowUs() - started) / calls);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as Record<K, number>;
}

// (a) middleware overhead.
const nonMatching = runnerWith({
  PreToolUse: Array.from({ length: 100 }, (_, i) => ({
    type: "command",
    command: "exit 2",
    matcher: `tool_${i}`,
  })),
});
const noHooks = runnerWith({});
const small = await perCall(
  {
    bare: caller(instant, undefined),
    none: caller(instant, noHooks.middleware()),
    nonMatching: caller(instant, nonMatching.middleware()),
  },
  { command: "ls -la" },
  5_000,
  9,
);
const overheadNone = small.none - small.bare;
const overheadNonMatching = small.nonMatching - small.bare;

// 100 realistic guard patterns (alternation, classes, no literal prefix to skip ahead with), none
// of which occurs in the arguments: each one is searched over the whole 1 MiB, nothing is spawned.
const regexHooks = runnerWith({
  PreToolUse: Array.from({ length: 100 }, (_, i) => ({
    type: "command",
    command: "exit 2",
    matcher: "bash",
    if: `/(rm|mv|chmod)\\s+-[a-z]*[rf][a-z]*\\s+\\/secret${i}/i`,
  })),
});
const mib = { command: "x".repeat(1024 * 1024) };
const big = await perCall(
  { bare: caller(instant, undefined), regex: caller(instant, regexHooks.middleware()) },
  mib,
  1,
  3,
);
const overheadRegex = big.regex - big.bare;

// (b) ReDoS pattern over 1 MiB of "a" then "!".
const redos = parseMatcher("/(a+)+$/");
const evil = `${"a".repeat(1024 * 1024)}!`;
const redosSamples: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  if (redos.test(evil)) throw new Error("bench: (a+)+$ must not match");
  redosSamples.push(performance.now() - started);
}
const redosMs = median(redosSamples);

// (c) one trivial command hook vs a bare spawn, interleaved.
const trivial = runnerWith({ PreToolUse: [{ type: "command", command: "exit 0" }] });
function bareSpawn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", "exit 0"], { stdio: ["pipe", "pipe", "pipe"] });
    child.on("error", reject);
    child.on("close", () => resolve());
    child.stdin.end();
  });
}
/** ms one firing of the trivial hook takes. */
async function trivialHookMs(): Promise<number> {
  const started = performance.now();
  const decision = await trivial.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "ls" } });
  if (decision.trace[0]?.outcome !== "allowed") throw new Error("bench: trivial hook did not run");
  return performance.now() - started;
}
const hookMs: number[] = [];
const spawnMs: number[] = [];
for (let i = -5; i < 60; i++) {
  const hook = await trivialHookMs();
  const started = performance.now();
  await bareSpawn();
  if (i >= 0) hookMs.push(hook);
  if (i >= 0) spawnMs.push(performance.now() - started);
}
const spawnRatio = median(hookMs) / median(spawnMs);
// The same hook when calls come 5 ms apart, as when a model thinks between tool calls: its
// standby shell is ready and the machine otherwise idle. Compared with the posix_spawn floor (f).
const spacedMs: number[] = [];
for (let i = -5; i < 60; i++) {
  const hook = await trivialHookMs();
  if (i >= 0) spacedMs.push(hook);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
const spacedHookMs = median(spacedMs);

// (d) 1,000 PostToolUse hooks fired by 1,000 fast tool calls (each does one real stat()).
const statTool: Tool = {
  name: "bash",
  description: "one stat()",
  inputSchema: undefined as never,
  execute: async () => {
    await stat(dir);
    return { content: "ok", isError: false };
  },
};
const log = join(dir, "post.log");
const CALLS = 1_000;
async function thousandCalls(middleware: ToolMiddleware | undefined): Promise<number> {
  const run = caller(statTool, middleware);
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await run({ id: `c${i}`, name: "bash", args: { n: i } });
  return performance.now() - started;
}
// Rounds alternate: calls without hooks, then calls with a PostToolUse hook each, then close().
// The hooks of a round must not spill into the next baseline, so close() ends every hooked round.
// One runner serves every round, as one runner serves a whole session.
const ROUNDS_D = 5;
const baseline: number[] = [];
const hooked: number[] = [];
const completedPerRound: number[] = [];
const peaks: number[] = [];
const closeMs: number[] = [];
const startedDuringCalls: number[] = [];
// Warm-up of both paths (JIT): the hooked one with a matcher that never matches, so nothing spawns.
const warm = runnerWith({ PostToolUse: [{ type: "command", command: "true", matcher: "nothing" }] });
for (let i = 0; i < 5; i++) {
  await thousandCalls(undefined);
  await thousandCalls(warm.middleware());
}
await warm.close();
const posting = runnerWith({
  PostToolUse: [{ type: "command", command: `echo s >> ${log}; echo e >> ${log}` }],
});
const postingMw = posting.middleware();
for (let round = -1; round < ROUNDS_D; round++) {
  const base = await thousandCalls(undefined);
  rmSync(log, { force: true });
  const withHooks = await thousandCalls(postingMw);
  startedDuringCalls.push(existsSync(log) ? readFileSync(log, "utf8").split("s\n").length - 1 : 0);
  const closeStarted = performance.now();
  await posting.close();
  closeMs.push(performance.now() - closeStarted);
  let running = 0;
  let peak = 0;
  let completed = 0;
  for (const line of readFileSync(log, "utf8").split("\n")) {
    if (line === "s") peak = Math.max(peak, ++running);
    if (line === "e") {
      running--;
      completed++;
    }
  }
  // Round -1 warms the path that really spawns; it is checked but not timed.
  completedPerRound.push(completed);
  peaks.push(peak);
  if (round < 0) continue;
  baseline.push(base);
  hooked.push(withHooks);
}
const completed = Math.min(...completedPerRound);
const peak = Math.max(...peaks);
// Each round's hooked run against the baseline run just before it, so slow drift of a busy machine cancels.
const roundRatios = hooked.map((h, i) => h / (baseline[i] as number));
const postRatio = median(roundRatios);

// (e) one blocking http hook to a loopback server vs no hook, 200 calls each, interleaved rounds.
let httpConnections = 0;
const policy = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.end("{}"));
});
policy.on("connection", () => httpConnections++);
await new Promise<void>((resolve) => policy.listen(0, "127.0.0.1", resolve));
const policyPort = (policy.address() as AddressInfo).port;
const HTTP_CALLS = 200;
const httpRunner = runnerWith(
  { PreToolUse: [{ type: "http", url: `http://127.0.0.1:${policyPort}/pre`, blocking: true }] },
  { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${policyPort}`] }) },
);
const httpRounds: number[] = [];
const connectionsPerRound: number[] = [];
const withoutHttp = caller(instant, noHooks.middleware());
const withHttp = caller(instant, httpRunner.middleware());
/** ms for HTTP_CALLS sequential calls. */
async function httpCalls(run: (call: ToolCall) => Promise<ToolResult>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < HTTP_CALLS; i++) await run({ id: `h${i}`, name: "bash", args: { command: "ls" } });
  return performance.now() - started;
}
for (let round = -1; round < 5; round++) {
  const base = await httpCalls(withoutHttp);
  const before = httpConnections;
  const hookedMs = await httpCalls(withHttp);
  connectionsPerRound.push(httpConnections - before);
  if (round >= 0) httpRounds.push((hookedMs - base) / HTTP_CALLS);
}
await httpRunner.close();
policy.close();
const httpAddedMs = median(httpRounds);
const httpConnectionsPer200 = Math.max(...connectionsPerRound.slice(1));

// (f) the posix_spawn floor and a trivial hook's cost in whole -p sessions, alternating.
if (!existsSync(BUILT)) throw new Error(`bench: ${BUILT} is missing; run npm run build`);
const sessionDir = join(dir, "session");
const sessionHome = join(dir, "home");
mkdirSync(sessionDir, { recursive: true });
mkdirSync(sessionHome, { recursive: true });
const sessionEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: sessionHome,
  CODEBOT_HOME: sessionHome,
  LANG: "C.UTF-8",
  // One call after another, as this measure has always been: `bash true` only reads, so the calls
  // of a batch would otherwise run ten at once (docs/runtime.md, "Calls that run together").
  CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: "1",
};
const trivialHookFile = join(dir, "trivial-hook.json");
writeFileSync(
  trivialHookFile,
  JSON.stringify({ hooks: { PreToolUse: [{ type: "command", command: "exit 0" }] } }),
);
const sessionArgs = ["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", sessionDir];
const SESSION_CALLS = 200;
const floors: number[] = [];
const addedPerCall: number[] = [];
/** The same sessions with warm starts off (each shell started at its call), for comparison. */
const coldEnv = { ...sessionEnv, CODEBOT_WARM_START: "off" };
const addedPerCallCold: number[] = [];
const plainSession = (env = sessionEnv) =>
  runWithModel(bashTrueCalls(SESSION_CALLS), sessionArgs, env, sessionDir);
const hookedSession = (env = sessionEnv) =>
  runWithModel(
    bashTrueCalls(SESSION_CALLS),
    [...sessionArgs, "--settings", trivialHookFile],
    env,
    sessionDir,
  );
const addedInSessions = async (env: NodeJS.ProcessEnv, first: boolean) => {
  const plain = first ? await plainSession(env) : undefined;
  const withHook = await hookedSession(env);
  const plainRun = plain ?? (await plainSession(env));
  return (withHook.ms - plainRun.ms) / SESSION_CALLS;
};
for (let round = -1; round < 9; round++) {
  // Which session goes first alternates, so an order effect (caches, drifting load) cancels out.
  const first = round % 2 === 0;
  const added = await addedInSessions(sessionEnv, first);
  const addedCold = await addedInSessions(coldEnv, !first);
  const floor = await posixSpawnFloorMs(60);
  if (round < 0) continue;
  floors.push(floor);
  addedPerCall.push(added);
  addedPerCallCold.push(addedCold);
}
const floorMedian = median(floors);
const hookedAdded = median(addedPerCall);
const hookedAddedCold = median(addedPerCallCold);

// (g) a persistent hook (answers each line at once) vs no hook, and one bash `true` call.
const answerer = join(dir, "answer.py");
writeFileSync(answerer, ANSWERER_PY);
const persistentRunner = runnerWith({
  PreToolUse: [{ type: "command", command: `python3 ${answerer}`, persistent: true, blocking: true }],
});
const rawPipe = pipeRoundTrip(answerer);
const persistentPerCall = await perCall(
  {
    none: caller(instant, noHooks.middleware()),
    persistent: caller(instant, persistentRunner.middleware()),
    // The floor, in the same rounds: the answerer driven straight from Node.
    pipe: async () => {
      await rawPipe.call();
      return { content: "ok", isError: false };
    },
  },
  { command: "ls" },
  500,
  5,
);
await persistentRunner.close();
await rawPipe.close();
const persistentAddedUs = persistentPerCall.persistent - persistentPerCall.none;
const pipeFloorUs = persistentPerCall.pipe;
const bash = bashTool({ paths: new PathPolicy(dir), env: {} });
const bashCtx = benchToolContext(bash as Tool, "bench");
/** One `bash true` call after another; `cold`: with warm starts off (each shell started at its call). */
const bashCalls = async (cold: boolean, into: number[]) => {
  if (cold) process.env.CODEBOT_WARM_START = "off";
  try {
    for (let i = -10; i < 100; i++) {
      const started = performance.now();
      const result = await bash.execute({ command: "true" }, bashCtx);
      if (result.isError) throw new Error(`bench: bash true failed: ${result.content}`);
      if (i >= 0) into.push(performance.now() - started);
    }
  } finally {
    delete process.env.CODEBOT_WARM_START;
  }
};
const bashMs: number[] = [];
const bashColdMs: number[] = [];
for (let round = 0; round < 3; round++) {
  await bashCalls(false, bashMs);
  await bashCalls(true, bashColdMs);
}
const bashCallMs = median(bashMs);
const bashCallColdMs = median(bashColdMs);

rmSync(dir, { recursive: true, force: true });

console.log("hooks bench (one run)");
console.log("(a) middleware overhead per tool call, median of interleaved rounds:");
console.log(`    no hooks:                                     ${r2(overheadNone)} µs`);
console.log(`    100 hooks, matcher does not match:            ${r2(overheadNonMatching)} µs`);
console.log(
  `    100 hooks, if regex searched over 1 MiB args: ${r1(overheadRegex)} µs (none matches: full scans, no spawn)`,
);
console.log(`(b) if /(a+)+$/ over 1 MiB of "a" + "!":          ${r2(redosMs)} ms (target < 50)`);
console.log(
  `(c) trivial command hook ${r2(median(hookMs))} ms vs bare sh -c spawn ${r2(median(spawnMs))} ms: ratio ${r2(spawnRatio)} (target ≤ 1.3)`,
);
console.log(
  `(d) 1,000 calls (one stat() each), ${ROUNDS_D} rounds: without hooks ${baseline.map(r1).join(", ")} ms; with a PostToolUse hook each ${hooked.map(r1).join(", ")} ms`,
);
console.log(
  `    hook processes started while the calls ran, per round (first: untimed warm-up): ${startedDuringCalls.join(", ")}`,
);
console.log(`    per-round ratios ${roundRatios.map(r2).join(", ")}; median ${r2(postRatio)} (target ≤ 1.1)`);
console.log(
  `    close() then waited ${closeMs.map(r1).join(", ")} ms; hooks completed before close() returned: ${completedPerRound.join(", ")} of ${CALLS}; peak ${peak} hook processes (cap 8)`,
);
console.log(
  `(e) one blocking http hook (loopback) adds ${r2(httpAddedMs)} ms per call (rounds ${httpRounds.map(r2).join(", ")}; target ≤ 1.0); connections per ${HTTP_CALLS} calls: ${connectionsPerRound.join(", ")} (first: warm-up; target ≤ 2)`,
);
console.log(
  `(f) posix_spawn floor (python, sh -c 'exit 0' with pipes) ${r2(floorMedian)} ms; one trivial PreToolUse hook adds ${r2(hookedAdded)} ms per call to a ${SESSION_CALLS}-call -p session (rounds ${addedPerCall.map(r2).join(", ")}): ratio ${r2(hookedAdded / floorMedian)} (target ≤ 1.2)`,
);
console.log(
  `    with warm starts off (CODEBOT_WARM_START=off), same rounds: ${r2(hookedAddedCold)} ms per call (rounds ${addedPerCallCold.map(r2).join(", ")}): ratio ${r2(hookedAddedCold / floorMedian)}`,
);
console.log(
  `    one trivial hook through the runner, calls 5 ms apart (its shell ready): ${r2(spacedHookMs)} ms: ratio ${r2(spacedHookMs / floorMedian)} to the floor`,
);
console.log(
  `(g) a persistent hook adds ${r1(persistentAddedUs)} µs per call (target < 300); the same answerer driven straight from Node, no hooks engine: ${r1(pipeFloorUs)} µs a round trip; one bash true tool call ${r2(bashCallMs)} ms (${r2(bashCallColdMs)} ms with warm starts off)`,
);
console.log(
  JSON.stringify({
    overhead_us_none: r2(overheadNone),
    overhead_us_100_nonmatching: r2(overheadNonMatching),
    overhead_us_100_regex_1mib: r1(overheadRegex),
    redos_ms: r2(redosMs),
    spawn_ratio: r2(spawnRatio),
    post_1000_ratio: r2(postRatio),
    post_1000_completed: completed,
    post_peak_procs: peak,
    http_hook_added_ms: r2(httpAddedMs),
    http_connections_per_200_calls: httpConnectionsPer200,
    posix_spawn_floor_ms: r2(floorMedian),
    hooked_call_added_ms: r2(hookedAdded),
    hooked_call_added_cold_ms: r2(hookedAddedCold),
    spaced_hook_ms: r2(spacedHookMs),
    persistent_hook_added_us: r1(persistentAddedUs),
    pipe_round_trip_us: r1(pipeFloorUs),
    bash_call_ms: r2(bashCallMs),
    bash_call_cold_ms: r2(bashCallColdMs),
  }),
);
