/**
 * A long session through the `codebot` command as a user runs it (the built bin in a child
 * process) against the loopback model server: 1,000 model steps, each one `bash true` call, in
 * one `-p` prompt. The server notes when each request arrives, so the cost of a call (model step
 * + tool + history) is measured at the start and at the end of the session: `growth` is the last
 * 100 calls' time per call over the first 100's (1.0 = flat). Peak RSS from GNU time; the heap in
 * use at exit from a preloaded script (bench/heap-at-exit.cjs). Then a compaction run: a small
 * context window (settings), requests whose reported input grows with the prompt, and a session
 * that crosses the window three times must finish with three compaction boundaries in its
 * transcript. The last line is one JSON object.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type RecordedRequest,
  type ReplyTurn,
  reply,
  type ScriptStep,
  startLoopbackModelServer,
} from "../packages/agentcore/src/testing/index.js";
import { cliScratch, type Run, runCli, TIME } from "./cli-runs.js";

// BENCH_CLI: another build of the bin (e.g. main's checkout) to compare with.
const CLI = path.resolve(process.env.BENCH_CLI ?? "packages/codebot/bin/codebot.js");
const BUILT = path.resolve(path.dirname(CLI), "../dist/bundle/cli.cjs");
const HEAP_REPORT = path.resolve("bench/heap-at-exit.cjs");
const CALLS = Number(process.env.BENCH_LONG_CALLS ?? 1000);
const COMPACTION_WINDOW = 10_000;
/** The process the bench started (GNU time, when used) and the codebot process of the run in progress. */
let startedPid: number | undefined;
let codebotPid: number | undefined;

/** One run of the CLI under test, with the heap in use at its exit (bench/heap-at-exit.cjs). */
type LongRun = Run & { heapMb?: number };

async function runLong(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<LongRun> {
  const run = await runCli(args, env, cwd, [CLI], (pid) => {
    startedPid = pid;
    codebotPid = TIME ? undefined : pid;
  });
  const heap = /@@heap (\d+)/.exec(run.stderr);
  return { ...run, ...(heap ? { heapMb: Number(heap[1]) / 1024 / 1024 } : {}) };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** CPU time of this process (the loopback model server reading each request) at each call's arrival. */
const serverCpuStamps: number[] = [];

/**
 * `calls` steps of one `bash true` each, then a final answer; a compaction's summary request
 * (recognised by its wording) is answered with a summary. `stamps` gets each call step's arrival
 * time; `usage` makes the reported input tokens a function of the request.
 */
function callScript(
  calls: number,
  stamps: number[],
  cpuStamps: number[],
  usage?: (request: RecordedRequest) => number,
): ScriptStep<RecordedRequest>[] {
  let done = 0;
  const step = (request: RecordedRequest): ReplyTurn => {
    let turn: ReplyTurn;
    // Read from the raw body: parsing a whole conversation per request is the server's work, not the agent's.
    if (request.text.includes("Summarise the conversation so far")) {
      turn = reply.text(`Summary: the user asked for ${calls} bash calls; ${done} have run.`);
    } else {
      if (codebotPid === undefined && startedPid !== undefined) codebotPid = childOf(startedPid);
      stamps.push(performance.now());
      cpuStamps.push(cpuMs(codebotPid));
      serverCpuStamps.push(process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000);
      turn = done === calls ? reply.text("done") : reply.toolCall("bash", { command: "true" }, `c${done}`);
      done += 1;
    }
    return usage ? { ...turn, usage: { inputTokens: usage(request), outputTokens: 10 } } : turn;
  };
  // Room for the summary requests too.
  return Array.from({ length: calls + 50 }, () => step);
}

async function main(): Promise<void> {
  // The build under test may be another checkout's (BENCH_CLI): its bundle is checked too.
  if (!fs.existsSync(BUILT)) throw new Error(`bench: ${BUILT} is missing; run npm run build`);
  const scratch = cliScratch("long");
  const { root, project } = scratch;
  const baseEnv = {
    ...scratch.env,
    // BENCH_NODE_OPTIONS: more node/V8 options for the codebot process (e.g. GC flags to compare).
    NODE_OPTIONS: [`--require ${HEAP_REPORT}`, process.env.BENCH_NODE_OPTIONS].filter(Boolean).join(" "),
  };
  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions"];

  // The long run: request i arrives when call i-1 has finished.
  const stamps: number[] = [];
  const cpuStamps: number[] = [];
  const server = await startLoopbackModelServer(callScript(CALLS, stamps, cpuStamps), {
    keepRequests: false,
  });
  let run: LongRun;
  try {
    const env = { ...baseEnv, ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "bench" };
    run = await runLong(pArgs, env, project);
  } finally {
    await server.close();
  }
  const window = Math.min(100, Math.floor(CALLS / 4));
  const perCall = (from: number) => ((stamps[from + window] as number) - (stamps[from] as number)) / window;
  const first = perCall(0);
  const last = perCall(CALLS - window);
  // CPU time of the codebot process per call: what the process itself spends, whatever the load.
  const cpuPerCall = (from: number) =>
    ((cpuStamps[from + window] as number) - (cpuStamps[from] as number)) / window;
  const cpuFirst = cpuPerCall(0);
  const cpuLast = cpuPerCall(CALLS - window);
  // The loopback model server's own CPU per call (it reads each whole request; it parses one only when the script asks): wall
  // time the agent does not spend, and that a real provider spends on its own machines.
  const serverPerCall = (from: number) =>
    ((serverCpuStamps[from + window] as number) - (serverCpuStamps[from] as number)) / window;
  const serverFirst = serverPerCall(0);
  const serverLast = serverPerCall(CALLS - window);

  // The compaction run: each request reports 1000 tokens + 100 per message, so the 85% threshold
  // of the window is passed at 75 messages; compaction leaves ≈ 8, and 120 calls cross it 3 times.
  const compactionCalls = 120;
  const compactionStamps: number[] = [];
  const compactServer = await startLoopbackModelServer(
    callScript(
      compactionCalls,
      compactionStamps,
      [],
      (request) => 1000 + 100 * (request.body?.messages?.length ?? 0),
    ),
    { keepRequests: false },
  );
  const settingsFile = path.join(root, "small-window.json");
  const compactHome = path.join(root, "compact-home");
  fs.mkdirSync(compactHome);
  let boundaries = 0;
  let compactionMs = 0;
  try {
    fs.writeFileSync(
      settingsFile,
      JSON.stringify({ models: { "anthropic/claude-sonnet-4-5": { contextWindow: COMPACTION_WINDOW } } }),
    );
    const env = {
      ...baseEnv,
      HOME: compactHome,
      CODEBOT_HOME: compactHome,
      ANTHROPIC_BASE_URL: compactServer.anthropicBaseUrl,
      ANTHROPIC_API_KEY: "bench",
    };
    const compactRun = await runLong([...pArgs, "--settings", settingsFile], env, project);
    compactionMs = compactRun.ms;
    boundaries = countBoundaries(path.join(compactHome, "projects"));
  } finally {
    await compactServer.close();
  }
  fs.rmSync(root, { recursive: true, force: true });

  const result = {
    calls: CALLS,
    ms_per_call_first_100: round2(first),
    ms_per_call_last_100: round2(last),
    growth: round2(last / first),
    peak_rss_mb: round1(run.rssMb ?? 0),
    heap_used_mb_end: round1(run.heapMb ?? 0),
    cpu_ms_per_call_first_100: round2(cpuFirst),
    cpu_ms_per_call_last_100: round2(cpuLast),
    cpu_growth: round2(cpuLast / cpuFirst),
    server_cpu_ms_per_call_first_100: round2(serverFirst),
    server_cpu_ms_per_call_last_100: round2(serverLast),
    compaction_calls: compactionCalls,
    compaction_boundaries: boundaries,
    compaction_run_ms: Math.round(compactionMs),
  };
  const target = (ok: boolean) => (ok ? "ok" : "MISSED");
  console.log(
    [
      `long bench: built binary, ${CALLS} bash true calls, one per model step, one -p prompt; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      `  whole run                  ${Math.round(run.ms)} ms`,
      `  per call, first ${window}       ${result.ms_per_call_first_100} ms`,
      `  per call, last ${window}        ${result.ms_per_call_last_100} ms`,
      `  growth                     ${result.growth}x (target <= 1.2: ${target(result.growth <= 1.2)})`,
      `  codebot CPU per call       first ${window}: ${result.cpu_ms_per_call_first_100} ms, last ${window}: ${result.cpu_ms_per_call_last_100} ms, growth ${result.cpu_growth}x (the wall-time figures follow the machine's load)`,
      `  peak RSS                   ${result.peak_rss_mb} MiB (target <= 110: ${target(result.peak_rss_mb <= 110)})${TIME ? "" : " (no /usr/bin/time: not measured)"}`,
      `  heap used at exit          ${result.heap_used_mb_end} MiB`,
      `  compaction run             ${compactionCalls} calls, window ${COMPACTION_WINDOW} tokens: ${boundaries} compaction boundaries (target 3: ${target(boundaries === 3)}), ${result.compaction_run_ms} ms`,
    ].join("\n"),
  );
  console.log(JSON.stringify(result));
}

/** The first child of a process (GNU time's child is codebot). */
function childOf(pid: number): number | undefined {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
    return children[0] ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** User + system CPU time a process has used, in ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Linux's USER_HZ: /proc times are in 1/100 s. */
const CLOCK_TICKS = 100;

/** Compaction boundary lines in every transcript under `dir`. */
function countBoundaries(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".jsonl")) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const line of text.split("\n")) if (line.includes('"subtype":"compact_boundary"')) count += 1;
  }
  return count;
}

await main();
