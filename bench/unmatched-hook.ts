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
import {
  baselineFrame,
  CLI,
  cliCpuMs,
  cliMs,
  FILE_KB,
  N,
  pairedRatio,
  pairedRounds,
  ROUNDS,
  round1,
  round3,
  sourceLines,
} from "./baseline-rounds.js";
import { median, type runWithModel } from "./cli-runs.js";
import { benchToolContext } from "./tool-context.js";

const CALLS = Number(process.env.CALLS ?? 50);

const HOOKS = { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] };

/** `FILE_KB` KiB of source-like lines under a one-character `version` line: every version is as long. */
function source(version: number): string {
  return `// ${version % 10}\n${sourceLines()}`;
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

async function main(): Promise<void> {
  const frame = baselineFrame("unmatched", "lead", HOOKS);
  const ours = await build(path.resolve("."), frame.dir("ours"));
  const theirs = await build(frame.base, frame.dir("base"));
  const { inOurs, inBase, cliOurs, cliBase } = await pairedRounds(frame, {
    inProcess: (mine) => inProcess(mine ? ours : theirs, path.join(frame.root, mine ? "ours" : "base")),
    resetFiles: () => {
      for (let i = 0; i < CALLS; i++) fs.writeFileSync(path.join(frame.project, `w${i}.ts`), source(0));
    },
    script: session,
  });

  const of = (list: InProcess[], key: keyof InProcess) => median(list.map((m) => m[key]));
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
          cli_ms: round1(cliMs(cliOurs)),
          baseline_cli_ms: round1(cliMs(cliBase)),
          cli_cpu_ms: round1(cliCpuMs(cliOurs)),
          baseline_cli_cpu_ms: round1(cliCpuMs(cliBase)),
          cli_ratio_paired: round3(pairedRatio(cliOurs, cliBase, (r) => r.ms)),
          cli_cpu_ratio_paired: round3(pairedRatio(cliOurs, cliBase, (r) => r.cpuMs ?? Number.NaN)),
        }
      : {}),
  };
  console.log(
    [
      `unmatched-hook bench: ${FILE_KB} KiB writes, one PostToolUse hook with "matcher": "Bash"; median of ${ROUNDS} interleaved rounds (1 warm-up); baseline ${frame.base}; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
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
