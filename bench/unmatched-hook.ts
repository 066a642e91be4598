/**
 * What a `write` costs when the session's only PostToolUse hook is for another tool
 * (`"matcher": "Bash"`), against a baseline build (BENCH_BASELINE=<another checkout>, built: lead
 * before h-hcf2, whose hook-changed-file check statted, and at the same size read, every written
 * file whenever any PostToolUse hook existed). Files of FILE_KB KiB (default 64), each write
 * replacing a file with as many bytes (the case where the old check also read the file). Two
 * measures, rounds interleaved, which build runs first alternating, medians:
 *  - in process: N writes through each build's own hook runner (the Bash hook loaded as the
 *    session loads it) and its hook-changed-file layer, wired as its create-runtime wires them:
 *    µs per call (wall and CPU), and how many times the process statted and read the file;
 *  - the CLI: the built `codebot -p` runs CALLS writes (default 50) in one turn with that hook:
 *    ms and CPU ms per run, and the ratio paired by round.
 * Usage: `npm run build` here and in the baseline checkout, then
 * `BENCH_BASELINE=<checkout> npm run bench:unmatched-hook`. The last line is one JSON object.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Tool, ToolMiddleware } from "../packages/agentcore/src/index.js";
import { reply, toolCall } from "../packages/agentcore/src/testing/index.js";
import { runPipeline } from "../packages/agentcore/src/tool-pipeline.js";
import { BUILT, median, type Run, runEverythingMode, runWithModel } from "./cli-runs.js";
import { benchToolContext } from "./tool-context.js";

const BASE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const FILE_KB = Number(process.env.FILE_KB ?? 64);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const N = Number(process.env.N ?? 300);
const CALLS = Number(process.env.CALLS ?? 50);
/** CLI=0: the in-process measure only. */
const CLI = process.env.CLI !== "0";

const HOOKS = { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] };

/** `FILE_KB` KiB of source-like lines under a one-character `version` line: every version is as long. */
function source(version: number): string {
  const line = "export function handler(request: Request): Response { return respond(request); }\n";
  return `// ${version % 10}\n${line.repeat(Math.ceil((FILE_KB * 1024) / line.length))}`;
}

/** One build's write tool behind its hook-changed-file layer and its hook runner. */
interface Build {
  write: Tool;
  layers: ToolMiddleware[];
}

/** A build's modules from its checkout (`root`), wired as its create-runtime wires them. */
async function build(root: string, project: string): Promise<Build> {
  const src = path.join(root, "packages/codebot/src");
  const { PathPolicy } = await import(path.join(src, "paths/path-policy.ts"));
  const { writeTool } = await import(path.join(src, "tools/write-tool.ts"));
  const { hookChangedFileNotice } = await import(path.join(src, "session/assembly/hook-changed-file.ts"));
  const { createHookRunner, loadHooks } = await import(path.join(root, "packages/hooks/src/index.ts"));
  const runner = createHookRunner({
    hooks: loadHooks([{ source: "user", path: "bench.json", settings: { hooks: HOOKS } }]),
    session: { sessionId: "bench", cwd: project, transcriptPath: path.join(project, "t.jsonl") },
  });
  // Before h-hcf2 the check asked whether the event had hooks at all; since, which hooks match the call.
  const changed = runner.matchingHooks
    ? hookChangedFileNotice(runner)
    : hookChangedFileNotice(() => runner.hasHooks("PostToolUse"));
  const env = { paths: new PathPolicy(project, false), env: {}, onCallWroteFile: changed.wrote };
  return { write: writeTool(env), layers: [changed.middleware, runner.middleware()] };
}

interface InProcess {
  wall: number;
  cpu: number;
  /** Stats and reads of the written file a call, in this process (the tool's own included). */
  stats: number;
  reads: number;
}

/** Counts the process's `statSync` and `readFileSync` calls on one file while it is set. */
const watched: { file?: string; stats: number; reads: number } = { stats: 0, reads: 0 };
for (const [name, key] of [
  ["statSync", "stats"],
  ["readFileSync", "reads"],
] as const) {
  const original = fs[name] as (...args: unknown[]) => unknown;
  (fs as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
    if (watched.file !== undefined && args[0] === watched.file) watched[key]++;
    return original.apply(fs, args);
  };
}

/** µs a write (wall, median; CPU, mean) over N writes after 50 unmeasured, and the file's stats and reads. */
async function inProcess(b: Build, project: string): Promise<InProcess> {
  const file = path.join(project, "written.ts");
  fs.writeFileSync(file, source(0));
  const walls: number[] = [];
  let cpu = 0;
  watched.stats = 0;
  watched.reads = 0;
  for (let i = 0; i < N + 50; i++) {
    const call = {
      id: `w${i}`,
      name: b.write.name,
      args: { file_path: "written.ts", content: source(i + 1) },
    };
    if (i === 50) watched.file = file;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await runPipeline(call, b.write, b.layers, benchToolContext(b.write, call.id));
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu0);
    if (result.isError) throw new Error(`bench: ${result.content}`);
    if (i < 50) continue;
    walls.push(wall * 1000);
    cpu += used.user + used.system;
  }
  watched.file = undefined;
  return { wall: median(walls), cpu: cpu / N, stats: watched.stats / N, reads: watched.reads / N };
}

/** The model's script: CALLS writes over files of as many bytes, in one turn. */
function session(): Parameters<typeof runWithModel>[0] {
  const calls = [];
  for (let i = 0; i < CALLS; i++)
    calls.push(toolCall("write", { file_path: `w${i}.ts`, content: source(1) }, `w${i}`));
  return [reply.toolCalls(...calls), reply.text("done")];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function main(): Promise<void> {
  if (!BASE) throw new Error("bench: set BENCH_BASELINE to a built checkout of the baseline (lead)");
  const baseBin = path.join(BASE, "packages/codebot/bin/codebot.js");
  if (!fs.existsSync(BUILT) || !fs.existsSync(path.join(BASE, "packages/codebot/dist/bundle/cli.cjs")))
    throw new Error("bench: build both checkouts first (npm run build)");
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-bench-unmatched-")));
  const dir = (name: string) => {
    const made = path.join(root, name);
    fs.mkdirSync(made, { recursive: true });
    return made;
  };
  const ours = await build(path.resolve("."), dir("ours"));
  const theirs = await build(BASE, dir("base"));
  const project = dir("project");
  const home = dir("home");
  const hookFile = path.join(root, "hook.json");
  fs.writeFileSync(hookFile, JSON.stringify({ hooks: HOOKS }));
  const env = { PATH: process.env.PATH, HOME: home, CODEBOT_HOME: home, LANG: "C.UTF-8" };
  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", hookFile];
  const basePArgs = ["-p", "go", "--permission-mode", runEverythingMode(baseBin), "--settings", hookFile];

  const inOurs: InProcess[] = [];
  const inBase: InProcess[] = [];
  const cliOurs: Run[] = [];
  const cliBase: Run[] = [];
  // One warm-up round (file caches, the code cache), then the measured ones.
  for (let round = 0; round <= ROUNDS; round++) {
    const order = round % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
    for (const mine of order) {
      const measured = await inProcess(mine ? ours : theirs, path.join(root, mine ? "ours" : "base"));
      if (round > 0) (mine ? inOurs : inBase).push(measured);
      if (!CLI) continue;
      for (let i = 0; i < CALLS; i++) fs.writeFileSync(path.join(project, `w${i}.ts`), source(0));
      const run = await runWithModel(
        session(),
        mine ? pArgs : basePArgs,
        env,
        project,
        mine ? undefined : baseBin,
      );
      if (round > 0) (mine ? cliOurs : cliBase).push(run);
    }
  }
  fs.rmSync(root, { recursive: true, force: true });

  const of = (list: InProcess[], key: keyof InProcess) => median(list.map((m) => m[key]));
  const ms = (list: Run[]) => median(list.map((r) => r.ms));
  const cpu = (list: Run[]) => median(list.map((r) => r.cpuMs ?? Number.NaN));
  const result: Record<string, number> = {
    file_kb: FILE_KB,
    rounds: ROUNDS,
    write_us: round1(of(inOurs, "wall")),
    baseline_write_us: round1(of(inBase, "wall")),
    write_ratio: round3(of(inOurs, "wall") / of(inBase, "wall")),
    write_cpu_us: round1(of(inOurs, "cpu")),
    baseline_write_cpu_us: round1(of(inBase, "cpu")),
    write_cpu_ratio: round3(of(inOurs, "cpu") / of(inBase, "cpu")),
    stats_per_write: of(inOurs, "stats"),
    baseline_stats_per_write: of(inBase, "stats"),
    reads_per_write: of(inOurs, "reads"),
    baseline_reads_per_write: of(inBase, "reads"),
    ...(CLI
      ? {
          cli_calls: CALLS,
          cli_ms: round1(ms(cliOurs)),
          baseline_cli_ms: round1(ms(cliBase)),
          cli_cpu_ms: round1(cpu(cliOurs)),
          baseline_cli_cpu_ms: round1(cpu(cliBase)),
          // Each round's run against the baseline's of the same round: drifting load cancels.
          cli_ratio_paired: round3(median(cliOurs.map((r, i) => r.ms / (cliBase[i] as Run).ms))),
          cli_cpu_ratio_paired: round3(
            median(
              cliOurs.map((r, i) => (r.cpuMs ?? Number.NaN) / ((cliBase[i] as Run).cpuMs ?? Number.NaN)),
            ),
          ),
        }
      : {}),
  };
  console.log(
    [
      `unmatched-hook bench: ${FILE_KB} KiB writes, one PostToolUse hook with "matcher": "Bash"; median of ${ROUNDS} interleaved rounds (1 warm-up); baseline ${BASE}; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      `  in process, write  ${result.write_us} µs (CPU ${result.write_cpu_us}), baseline ${result.baseline_write_us} µs (CPU ${result.baseline_write_cpu_us}): x${result.write_ratio}, CPU x${result.write_cpu_ratio}`,
      `  the written file, a write: ${result.stats_per_write} stats and ${result.reads_per_write} reads, baseline ${result.baseline_stats_per_write} and ${result.baseline_reads_per_write}`,
      ...(CLI
        ? [
            `  -p, ${CALLS} writes      ${result.cli_ms} ms (CPU ${result.cli_cpu_ms}), baseline ${result.baseline_cli_ms} ms (CPU ${result.baseline_cli_cpu_ms}): paired x${result.cli_ratio_paired}, CPU x${result.cli_cpu_ratio_paired}`,
          ]
        : []),
    ].join("\n"),
  );
  console.log(JSON.stringify(result));
}

await main();
