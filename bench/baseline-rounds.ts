/**
 * The one entry point of the benches that set this checkout against a built baseline checkout
 * (bench/write-edit.ts, bench/unmatched-hook.ts): runBaselineBench takes what a bench measures (its
 * in-process tool calls timed with perToolCall) and does the rest — the env knobs, the checks that both are built, a scratch folder, the rounds
 * (interleaved, which build runs first alternating) of an in-process measure and a `codebot -p`
 * run with one settings file of hooks, and the report: a line a measure, then one JSON object.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Tool, ToolMiddleware } from "../packages/agentcore/src/index.js";
import { runPipeline } from "../packages/agentcore/src/tool-pipeline.js";
import { BUILT, median, type Run, round1, round3, runEverythingMode, runWithModel } from "./cli-runs.js";
import { benchToolContext } from "./tool-context.js";

const BASE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const FILE_KB = Number(process.env.FILE_KB ?? 64);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const N = Number(process.env.N ?? 300);
/** CLI=0: the in-process measure only. */
const CLI = process.env.CLI !== "0";
/** Calls run before the N measured ones of perToolCall. */
const WARM_UP = 50;

/** `FILE_KB` KiB of source-like lines. */
export function sourceLines(): string {
  const line = "export function handler(request: Request): Response { return respond(request); }\n";
  return line.repeat(Math.ceil((FILE_KB * 1024) / line.length));
}

/** What the model plays in a `codebot -p` run. */
export type Script = Parameters<typeof runWithModel>[0];

/** µs a call: wall (median) and CPU (mean). */
export interface Cost {
  wall: number;
  cpu: number;
}

/** One in-process measure of a build: the cost of each kind of call, and counts a call (`stats_per_write`). */
export interface Measured {
  costs: Record<string, Cost>;
  counts?: Record<string, number>;
}

/** What a bench measures; runBaselineBench does the rest. */
export interface BaselineBench<B> {
  /** The bench's name (its scratch folder, its report's first word). */
  name: string;
  /** What the report's first line says after `<FILE_KB> KiB`. */
  what: string;
  /** What BENCH_BASELINE should be a checkout of. */
  baseline: string;
  /** The hooks of the settings file both builds run with. */
  hooks: unknown;
  /** How many tool calls the CLI run's script makes. */
  calls: number;
  /** One build's parts from its checkout, working in `project` (its own scratch folder). */
  build(checkout: string, project: string): Promise<B>;
  /** One round's in-process measure of a build, in the project it was built for. */
  inProcess(build: B, project: string): Promise<Measured>;
  /** Puts the CLI project's files back as the script expects them before each run. */
  resetFiles(project: string): void;
  script(): Script;
}

/** One tool call: the tool, the call's id and its arguments. */
export interface BenchCall {
  tool: Tool;
  id: string;
  args: Record<string, unknown>;
}

/**
 * µs a tool call through `layers` as the kernel runs it (wall, median; CPU, mean), over N calls
 * after WARM_UP unmeasured: `callAt(i, measuring)` runs untimed and gives the call to time. An
 * error result stops the bench.
 */
export async function perToolCall(
  layers: ToolMiddleware[],
  callAt: (i: number, measuring: boolean) => BenchCall,
): Promise<Cost> {
  const walls: number[] = [];
  let cpu = 0;
  for (let i = 0; i < N + WARM_UP; i++) {
    const { tool, id, args } = callAt(i, i >= WARM_UP);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await runPipeline({ id, name: tool.name, args }, tool, layers, benchToolContext(tool, id));
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu0);
    if (result.isError) throw new Error(`bench: ${result.content}`);
    if (i < WARM_UP) continue;
    walls.push(wall * 1000);
    cpu += used.user + used.system;
  }
  return { wall: median(walls), cpu: cpu / N };
}

/** Where a bench's builds run: the baseline's checkout, a scratch `root` and its folders. */
interface Frame {
  base: string;
  root: string;
  /** `root/<name>`, made. */
  dir(name: string): string;
  /** The project the CLI runs in. */
  project: string;
  /** The settings file that holds the bench's hooks. */
  hookFile: string;
}

/**
 * Checks BENCH_BASELINE is set (`baseline` names what it should be) and both checkouts are built,
 * and makes the scratch folder `codebot-bench-<name>-…` with a settings file of `hooks`.
 */
function baselineFrame(name: string, baseline: string, hooks: unknown): Frame {
  if (!BASE) throw new Error(`bench: set BENCH_BASELINE to a built checkout of the baseline (${baseline})`);
  if (!fs.existsSync(BUILT) || !fs.existsSync(path.join(BASE, "packages/codebot/dist/bundle/cli.cjs")))
    throw new Error("bench: build both checkouts first (npm run build)");
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `codebot-bench-${name}-`)));
  const dir = (folder: string) => {
    const made = path.join(root, folder);
    fs.mkdirSync(made, { recursive: true });
    return made;
  };
  const hookFile = path.join(root, "hook.json");
  fs.writeFileSync(hookFile, JSON.stringify({ hooks }));
  return { base: BASE, root, dir, project: dir("project"), hookFile };
}

/** What the rounds measured, ours and the baseline's, warm-up left out. */
interface Rounds {
  inOurs: Measured[];
  inBase: Measured[];
  cliOurs: Run[];
  cliBase: Run[];
}

/**
 * One warm-up round (file caches, the code cache), then ROUNDS measured ones, each running the
 * in-process measure for both builds and, unless CLI=0, `codebot -p` (ours, then the baseline's
 * bin, in the round's order) with the frame's hooks and the bench's script after resetFiles.
 * Removes the frame's folder at the end.
 */
async function pairedRounds<B>(frame: Frame, bench: BaselineBench<B>): Promise<Rounds> {
  const projects = { ours: frame.dir("ours"), base: frame.dir("base") };
  const builds = {
    ours: await bench.build(path.resolve("."), projects.ours),
    base: await bench.build(frame.base, projects.base),
  };
  const baseBin = path.join(frame.base, "packages/codebot/bin/codebot.js");
  const home = frame.dir("home");
  const env = { PATH: process.env.PATH, HOME: home, CODEBOT_HOME: home, LANG: "C.UTF-8" };
  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", frame.hookFile];
  const basePArgs = CLI
    ? ["-p", "go", "--permission-mode", runEverythingMode(baseBin), "--settings", frame.hookFile]
    : pArgs;
  const rounds: Rounds = { inOurs: [], inBase: [], cliOurs: [], cliBase: [] };
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
      for (const mine of order) {
        const side = mine ? "ours" : "base";
        const measured = await bench.inProcess(builds[side], projects[side]);
        if (round > 0) (mine ? rounds.inOurs : rounds.inBase).push(measured);
        if (!CLI) continue;
        bench.resetFiles(frame.project);
        const run = await runWithModel(
          bench.script(),
          mine ? pArgs : basePArgs,
          env,
          frame.project,
          mine ? undefined : baseBin,
        );
        if (round > 0) (mine ? rounds.cliOurs : rounds.cliBase).push(run);
      }
    }
  } finally {
    fs.rmSync(frame.root, { recursive: true, force: true });
  }
  return rounds;
}

/** The report's numbers: each cost ours, the baseline's and their ratio; each count; the CLI runs'. */
function results(bench: BaselineBench<unknown>, rounds: Rounds): Record<string, number> {
  const { inOurs, inBase, cliOurs, cliBase } = rounds;
  const result: Record<string, number> = { file_kb: FILE_KB, rounds: ROUNDS };
  for (const key of Object.keys(inOurs[0]?.costs ?? {})) {
    const us = (list: Measured[], of: keyof Cost) => median(list.map((m) => (m.costs[key] as Cost)[of]));
    Object.assign(result, {
      [`${key}_us`]: round1(us(inOurs, "wall")),
      [`baseline_${key}_us`]: round1(us(inBase, "wall")),
      [`${key}_ratio`]: round3(us(inOurs, "wall") / us(inBase, "wall")),
      [`${key}_cpu_us`]: round1(us(inOurs, "cpu")),
      [`baseline_${key}_cpu_us`]: round1(us(inBase, "cpu")),
      [`${key}_cpu_ratio`]: round3(us(inOurs, "cpu") / us(inBase, "cpu")),
    });
  }
  for (const key of Object.keys(inOurs[0]?.counts ?? {})) {
    const count = (list: Measured[]) => median(list.map((m) => m.counts?.[key] ?? Number.NaN));
    Object.assign(result, { [key]: count(inOurs), [`baseline_${key}`]: count(inBase) });
  }
  if (!CLI) return result;
  const ms = (list: Run[]) => median(list.map((r) => r.ms));
  const cpuMs = (list: Run[]) => median(list.map((r) => r.cpuMs ?? Number.NaN));
  // Each round's run against the baseline's of the same round: drifting load cancels.
  const paired = (of: (run: Run) => number) => median(cliOurs.map((r, i) => of(r) / of(cliBase[i] as Run)));
  return Object.assign(result, {
    cli_calls: bench.calls,
    cli_ms: round1(ms(cliOurs)),
    baseline_cli_ms: round1(ms(cliBase)),
    cli_ratio: round3(ms(cliOurs) / ms(cliBase)),
    cli_cpu_ms: round1(cpuMs(cliOurs)),
    baseline_cli_cpu_ms: round1(cpuMs(cliBase)),
    cli_cpu_ratio: round3(cpuMs(cliOurs) / cpuMs(cliBase)),
    cli_ratio_paired: round3(paired((r) => r.ms)),
    cli_cpu_ratio_paired: round3(paired((r) => r.cpuMs ?? Number.NaN)),
  });
}

/** Runs the bench and prints its report: a line a measure, then the numbers as one JSON object. */
export async function runBaselineBench<B>(bench: BaselineBench<B>): Promise<void> {
  const frame = baselineFrame(bench.name, bench.baseline, bench.hooks);
  const rounds = await pairedRounds(frame, bench);
  const r = results(bench as BaselineBench<unknown>, rounds);
  const costLine = (key: string) =>
    `  in process, ${key}  ${r[`${key}_us`]} µs (CPU ${r[`${key}_cpu_us`]}), baseline ${r[`baseline_${key}_us`]} µs (CPU ${r[`baseline_${key}_cpu_us`]}): x${r[`${key}_ratio`]}, CPU x${r[`${key}_cpu_ratio`]}`;
  const countLine = (key: string) => `  ${key}: ${r[key]}, baseline ${r[`baseline_${key}`]}`;
  console.log(
    [
      `${bench.name} bench: ${FILE_KB} KiB ${bench.what}; median of ${ROUNDS} interleaved rounds (1 warm-up); baseline ${frame.base}; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      ...Object.keys(rounds.inOurs[0]?.costs ?? {}).map(costLine),
      ...Object.keys(rounds.inOurs[0]?.counts ?? {}).map(countLine),
      ...(CLI
        ? [
            `  -p, ${bench.calls} calls  ${r.cli_ms} ms (CPU ${r.cli_cpu_ms}), baseline ${r.baseline_cli_ms} ms (CPU ${r.baseline_cli_cpu_ms}): x${r.cli_ratio} (paired x${r.cli_ratio_paired}), CPU x${r.cli_cpu_ratio} (paired x${r.cli_cpu_ratio_paired})`,
          ]
        : []),
    ].join("\n"),
  );
  console.log(JSON.stringify(r));
}
