/**
 * What the wire cache's sessions 31 and 32 give a long session: the first message kept apart
 * (366147aa) and every stretch between system messages kept (9b8c189e), so that with the tool
 * search on (its listing a system message after the first message, claude's note that a deferred
 * tool is gone another one later) the messages before a system message are no longer serialised
 * again in every request. Each session (bench/wire-cache-session.ts, a child process: its CPU is
 * the agent's alone) is one in-process Agent prompt of CALLS tool calls against the loopback model
 * server, in three scenarios (`search`, `search-gone`: a deferred tool goes at the middle call,
 * `plain`: no tool search) and three builds of the model: `now` (this checkout's wire cache),
 * `before` (the wire cache module of BENCH_WIRE_BASELINE, a checkout of the commit before session
 * 31, e.g. `git worktree add --detach /tmp/wire-base 366147aa^`; the agent itself this
 * checkout's) and `off` (no wire cache). Figures: the agent's CPU per request over the last 100
 * calls, the prompt's wall time and its CPU time (the agent's alone: what a loaded machine skews
 * least), medians of ROUNDS interleaved rounds (one short warm-up round first), with ratios
 * against `before` and `off` of the same rounds. The last line is one JSON object.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { reply, startLoopbackModelServer, type TurnReply } from "../packages/agentcore/src/testing/index.js";
import { median, round2, round3 } from "./cli-runs.js";

const CALLS = Number(process.env.BENCH_WIRE_CALLS ?? 1000);
const ROUNDS = Number(process.env.BENCH_WIRE_ROUNDS ?? 3);
const BASELINE = process.env.BENCH_WIRE_BASELINE;
const SCENARIOS = ["search", "search-gone", "plain"] as const;
const VARIANTS = BASELINE ? (["now", "before", "off"] as const) : (["now", "off"] as const);
const SESSION = path.resolve("bench/wire-cache-session.ts");
const WINDOW = 100;

type Scenario = (typeof SCENARIOS)[number];
type Variant = (typeof VARIANTS)[number];

interface SessionRun {
  reason: string;
  requests: number;
  wallMs: number;
  /** The agent process's CPU time over the whole prompt. */
  cpuMs: number;
  wallStamps: number[];
  cpuStamps: number[];
}

/** The model's script: in the search scenarios a search loading a tool first, then echo calls; `calls` in all. */
function script(scenario: Scenario, calls: number): TurnReply[] {
  const turns: TurnReply[] = Array.from({ length: calls }, (_, i) =>
    reply.toolCall("echo", { text: `e${i}` }, `e${i}`),
  );
  if (scenario !== "plain") turns[0] = reply.toolCall("tool_search", { q: "lookup" }, "s0");
  return [...turns, reply.text("done")];
}

async function session(variant: Variant, scenario: Scenario, calls: number): Promise<SessionRun> {
  const server = await startLoopbackModelServer(script(scenario, calls), { keepRequests: false });
  try {
    const env = {
      ...process.env,
      BENCH_WIRE_VARIANT: variant,
      BENCH_WIRE_SCENARIO: scenario,
      BENCH_WIRE_CALLS: String(calls),
      BENCH_WIRE_URL: server.anthropicBaseUrl,
    };
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", SESSION], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => {
        stdout += String(d);
      });
      child.stderr.on("data", (d) => {
        stderr += String(d);
      });
      child.on("error", reject);
      child.on("close", (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`${variant} ${scenario} exited ${code}: ${stderr}`)),
      );
    });
    const run = JSON.parse(out.trim().split("\n").at(-1) as string) as SessionRun;
    if (run.requests !== calls + 1)
      throw new Error(`bench: ${variant} ${scenario}: ${run.requests} requests`);
    return run;
  } finally {
    await server.close();
  }
}

/** The agent's CPU ms per request over the last WINDOW requests of the calls. */
function cpuPerRequestLast(run: SessionRun): number {
  const stamps = run.cpuStamps;
  const end = stamps.length - 1;
  return ((stamps[end] as number) - (stamps[end - WINDOW] as number)) / WINDOW;
}

async function main(): Promise<void> {
  const cpu = new Map<string, number[]>();
  const wall = new Map<string, number[]>();
  const runCpu = new Map<string, number[]>();
  const key = (variant: Variant, scenario: Scenario) => `${scenario}_${variant}`;
  const pairs = VARIANTS.flatMap((variant) => SCENARIOS.map((scenario) => ({ variant, scenario })));
  // A short warm-up round (file caches, the tsx cache), then the measured ones, each in a turned order.
  for (let round = 0; round <= ROUNDS; round++) {
    for (let k = 0; k < pairs.length; k++) {
      const { variant, scenario } = pairs[(round * 2 + k) % pairs.length] as (typeof pairs)[number];
      const run = await session(variant, scenario, round === 0 ? WINDOW * 2 : CALLS);
      if (round === 0) continue;
      const at = key(variant, scenario);
      cpu.set(at, [...(cpu.get(at) ?? []), cpuPerRequestLast(run)]);
      wall.set(at, [...(wall.get(at) ?? []), run.wallMs]);
      runCpu.set(at, [...(runCpu.get(at) ?? []), run.cpuMs]);
      process.stderr.write(
        `round ${round} ${at}: cpu ${round2(cpuPerRequestLast(run))} ms/request, run ${Math.round(run.wallMs)} ms, CPU ${Math.round(run.cpuMs)} ms\n`,
      );
    }
  }
  const result: Record<string, number> = { calls: CALLS, rounds: ROUNDS };
  const lines = [
    `wire cache bench: in process, claude-opus-5-5, ${CALLS} tool calls a session, medians of ${ROUNDS} interleaved rounds; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
  ];
  for (const scenario of SCENARIOS) {
    const of = (map: Map<string, number[]>, variant: Variant) =>
      median(map.get(key(variant, scenario)) ?? []);
    const name = scenario.replace("-", "_");
    for (const variant of VARIANTS) {
      result[`${name}_${variant}_cpu_ms_per_request_last_100`] = round2(of(cpu, variant));
      result[`${name}_${variant}_run_ms`] = Math.round(of(wall, variant));
      result[`${name}_${variant}_run_cpu_ms`] = Math.round(of(runCpu, variant));
    }
    for (const base of VARIANTS.filter((variant) => variant !== "now")) {
      result[`${name}_cpu_ratio_vs_${base}`] = round3(of(cpu, "now") / of(cpu, base));
      result[`${name}_run_ratio_vs_${base}`] = round3(of(wall, "now") / of(wall, base));
      result[`${name}_run_cpu_ratio_vs_${base}`] = round3(of(runCpu, "now") / of(runCpu, base));
    }
    lines.push(
      `  ${scenario.padEnd(12)} ` +
        VARIANTS.map(
          (variant) =>
            `${variant}: ${result[`${name}_${variant}_cpu_ms_per_request_last_100`]} ms CPU a request (last ${WINDOW}), run ${result[`${name}_${variant}_run_ms`]} ms (CPU ${result[`${name}_${variant}_run_cpu_ms`]})`,
        ).join("; "),
    );
  }
  console.log(lines.join("\n"));
  console.log(JSON.stringify(result));
}

await main();
