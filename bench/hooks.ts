/**
 * The hooks engine's cost, measured in one run:
 *  (a) what the hook middleware adds to a tool call: no hooks, 100 hooks whose matcher does not
 *      match, 100 hooks whose `if` regex is searched over 1 MiB of arguments;
 *  (b) a catastrophic-backtracking `if` pattern over 1 MiB (RE2 keeps it linear);
 *  (c) one trivial command hook's round trip vs a bare `sh -c 'exit 0'` spawn from Node;
 *  (d) 1,000 PostToolUse hooks fired by 1,000 fast tool calls: the calls' time vs no hooks, the
 *      peak number of hook processes, and that all of them completed before close() returned.
 * The tool calls are driven through the runner's middleware with a hand-made kernel context (the
 * same contract the kernel uses). Last line: one JSON object with the numbers.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  Tool,
  ToolCall,
  ToolContext,
  ToolMiddleware,
  ToolResult,
} from "../packages/agentcore/src/index.js";
import { createHookRunner, type HookRunner, loadHooks, parseMatcher } from "../packages/hooks/src/index.js";

const dir = mkdtempSync(join(tmpdir(), "codebot-hooks-bench-"));
const session = { sessionId: "bench", cwd: dir, transcriptPath: join(dir, "transcript.jsonl") };

function runnerWith(hooks: Record<string, unknown[]>, maxConcurrentAsync?: number): HookRunner {
  const loaded = loadHooks([{ source: "user", path: "bench.json", settings: { hooks } }]);
  const errors = loaded.problems.filter((p) => p.severity === "error");
  if (errors.length) throw new Error(`bench: bad hooks ${JSON.stringify(errors)}`);
  return createHookRunner({ hooks: loaded, session, ...(maxConcurrentAsync ? { maxConcurrentAsync } : {}) });
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
  const ctx: ToolContext = {
    signal: new AbortController().signal,
    agentName: "main",
    tool,
    validateArgs: (args) => ({ ok: true, args: args as Record<string, unknown> }),
    onUpdate() {},
    permission: {},
    eventsDelivered: async () => {},
  };
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
const hookMs: number[] = [];
const spawnMs: number[] = [];
for (let i = -5; i < 60; i++) {
  let started = performance.now();
  const decision = await trivial.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "ls" } });
  if (decision.trace[0]?.outcome !== "allowed") throw new Error("bench: trivial hook did not run");
  if (i >= 0) hookMs.push(performance.now() - started);
  started = performance.now();
  await bareSpawn();
  if (i >= 0) spawnMs.push(performance.now() - started);
}
const spawnRatio = median(hookMs) / median(spawnMs);

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
  JSON.stringify({
    overhead_us_none: r2(overheadNone),
    overhead_us_100_nonmatching: r2(overheadNonMatching),
    overhead_us_100_regex_1mib: r1(overheadRegex),
    redos_ms: r2(redosMs),
    spawn_ratio: r2(spawnRatio),
    post_1000_ratio: r2(postRatio),
    post_1000_completed: completed,
    post_peak_procs: peak,
  }),
);
