/**
 * What `write` and `edit` cost with one PostToolUse hook and `/rewind`'s checkpoints on, against a
 * baseline build (BENCH_BASELINE=<another checkout>, built: main before the hook-changed-file
 * check compared with what the tool wrote and the checkpoint store took the bytes the tool read).
 * Files of FILE_KB KiB (default 64), source-like lines. Two measures, rounds interleaved, which
 * build runs first alternating, medians:
 *  - in process: one `write` over a file and one `edit` of another, each the first change of its
 *    file in a new prompt (so the store copies it), through the hook-changed-file layer with a
 *    stand-in for the hook runner (the hook's process costs both builds the same; the CLI line
 *    has it): µs per call, ours and the baseline's modules (the baseline's loaded from its
 *    checkout), and their ratio;
 *  - the CLI: the built `codebot -p` runs CALLS writes and CALLS edits (one file each) with one
 *    PostToolUse command hook (`exit 0`, matcher Write|Edit), session persistence on (checkpoints
 *    kept): ms and CPU ms per run, ours and the baseline's bin, and their ratio.
 * Usage: `npm run build` here and in the baseline checkout, then
 * `BENCH_BASELINE=<checkout> npx tsx bench/write-edit.ts`. The last line is one JSON object.
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
const CALLS = Number(process.env.CALLS ?? 25);
/** CLI=0: the in-process measure only. */
const CLI = process.env.CLI !== "0";

/** `FILE_KB` KiB of source-like lines, with one `marker` line an edit changes. */
function source(marker: string): string {
  const line = "export function handler(request: Request): Response { return respond(request); }\n";
  const lines = Math.ceil((FILE_KB * 1024) / line.length);
  return `// ${marker}\n${line.repeat(lines)}`;
}

/** The parts one build's modules make: the file tools, the hook-changed-file layers, the store. */
interface Build {
  write: Tool;
  edit: Tool;
  layers: ToolMiddleware[];
  store: { startPrompt(uuid: string): void };
}

/** A build's modules from its checkout (`root`), whichever shape its hook-changed-file check has. */
async function build(root: string, project: string, folder: string): Promise<Build> {
  const src = path.join(root, "packages/codebot/src");
  const { PathPolicy } = await import(path.join(src, "paths/path-policy.ts"));
  const { writeTool } = await import(path.join(src, "tools/write-tool.ts"));
  const { editTool } = await import(path.join(src, "tools/edit-tool.ts"));
  const { CheckpointStore } = await import(path.join(src, "session/rewind/checkpoint-store.ts"));
  const { hookChangedFileNotice } = await import(path.join(src, "session/assembly/hook-changed-file.ts"));
  const store = new CheckpointStore(() => folder);
  // The hook runner's place: the hook itself is a process, the same for both builds.
  const hookRunner: ToolMiddleware = (call, next) => next(call);
  const env: Record<string, unknown> = {
    paths: new PathPolicy(project, false),
    env: {},
    fileCheckpoints: store,
    onFileWritten() {},
  };
  let layers: ToolMiddleware[];
  if (hookChangedFileNotice.length === 2) {
    // Before: two layers around the hooks, the inner one reading the file back.
    const { outer, inner } = hookChangedFileNotice(project, () => true);
    layers = [outer, hookRunner, inner];
  } else {
    // A PostToolUse hook that matches every write and edit, whichever the build asks: whether the
    // event has hooks (before h-hcf2), or which hooks match the call (runner.matchingHooks).
    const matching = { waited: [{ spec: { type: "command" } }], background: [] };
    const everyCall = Object.assign(() => true, { matchingHooks: () => matching });
    const { middleware, wrote } = hookChangedFileNotice(everyCall);
    layers = [middleware, hookRunner];
    env.onCallWroteFile = wrote;
  }
  return { write: writeTool(env), edit: editTool(env), layers, store };
}

/** µs a call (wall, median; CPU, mean): `call(i)` N times after 50 unmeasured, each in a new prompt. */
async function perCall(b: Build, call: (i: number) => Promise<void>): Promise<Cost> {
  const walls: number[] = [];
  let cpu = 0;
  for (let i = 0; i < N + 50; i++) {
    b.store.startPrompt(`p${i}`);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await call(i);
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu0);
    if (i < 50) continue;
    walls.push(wall * 1000);
    cpu += used.user + used.system;
  }
  return { wall: median(walls), cpu: cpu / N };
}

interface Cost {
  wall: number;
  cpu: number;
}

/** A write over a file and an edit of another, each the first change of its file in a new prompt. */
async function inProcess(b: Build, project: string): Promise<{ write: Cost; edit: Cost }> {
  fs.writeFileSync(path.join(project, "written.ts"), source("v0"));
  fs.writeFileSync(path.join(project, "edited.ts"), source("A"));
  const versions = [source("v1"), source("v0")];
  const run = async (tool: Tool, id: string, args: Record<string, unknown>) => {
    const result = await runPipeline(
      { id, name: tool.name, args },
      tool,
      b.layers,
      benchToolContext(tool, id),
    );
    if (result.isError) throw new Error(`bench: ${result.content}`);
  };
  const write = await perCall(b, (i) =>
    run(b.write, `w${i}`, { file_path: "written.ts", content: versions[i % 2] as string }),
  );
  const edit = await perCall(b, (i) => {
    const [from, to] = i % 2 === 0 ? ["A", "B"] : ["B", "A"];
    return run(b.edit, `e${i}`, {
      file_path: "edited.ts",
      old_string: `// ${from}\n`,
      new_string: `// ${to}\n`,
    });
  });
  return { write, edit };
}

/** The model's script: CALLS writes over files, CALLS edits of others, in one turn. */
function session(): Parameters<typeof runWithModel>[0] {
  const calls = [];
  for (let i = 0; i < CALLS; i++) {
    calls.push(toolCall("write", { file_path: `w${i}.ts`, content: source("written") }, `w${i}`));
    calls.push(
      toolCall("edit", { file_path: `e${i}.ts`, old_string: "// A\n", new_string: "// B\n" }, `e${i}`),
    );
  }
  return [reply.toolCalls(...calls), reply.text("done")];
}

function resetFiles(project: string): void {
  for (let i = 0; i < CALLS; i++) {
    fs.writeFileSync(path.join(project, `w${i}.ts`), source("v0"));
    fs.writeFileSync(path.join(project, `e${i}.ts`), source("A"));
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function main(): Promise<void> {
  if (!BASE) throw new Error("bench: set BENCH_BASELINE to a built checkout of the baseline (main)");
  const baseBin = path.join(BASE, "packages/codebot/bin/codebot.js");
  if (!fs.existsSync(BUILT) || !fs.existsSync(path.join(BASE, "packages/codebot/dist/bundle/cli.cjs")))
    throw new Error("bench: build both checkouts first (npm run build)");
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-bench-write-edit-")));
  const dir = (name: string) => {
    const made = path.join(root, name);
    fs.mkdirSync(made, { recursive: true });
    return made;
  };
  const ours = await build(path.resolve("."), dir("ours"), path.join(root, "ours-store"));
  const theirs = await build(BASE, dir("base"), path.join(root, "base-store"));

  const project = dir("project");
  const home = dir("home");
  const hookFile = path.join(root, "hook.json");
  fs.writeFileSync(
    hookFile,
    JSON.stringify({
      hooks: { PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "exit 0" }] }] },
    }),
  );
  const env = { PATH: process.env.PATH, HOME: home, CODEBOT_HOME: home, LANG: "C.UTF-8" };
  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", hookFile];
  const basePArgs = CLI
    ? ["-p", "go", "--permission-mode", runEverythingMode(baseBin), "--settings", hookFile]
    : pArgs;

  const inOurs: { write: Cost; edit: Cost }[] = [];
  const inBase: { write: Cost; edit: Cost }[] = [];
  const cliOurs: Run[] = [];
  const cliBase: Run[] = [];
  // One warm-up round (file caches, the code cache), then the measured ones.
  for (let round = 0; round <= ROUNDS; round++) {
    const order = round % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
    for (const mine of order) {
      const measured = await inProcess(mine ? ours : theirs, path.join(root, mine ? "ours" : "base"));
      if (round > 0) (mine ? inOurs : inBase).push(measured);
      if (!CLI) continue;
      resetFiles(project);
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

  const us = (list: { write: Cost; edit: Cost }[], key: "write" | "edit", of: keyof Cost) =>
    median(list.map((m) => m[key][of]));
  const ms = (list: Run[]) => median(list.map((r) => r.ms));
  const cpu = (list: Run[]) => median(list.map((r) => r.cpuMs ?? Number.NaN));
  const inProcessLines = (["write", "edit"] as const).map((key) => ({
    [`${key}_us`]: round1(us(inOurs, key, "wall")),
    [`baseline_${key}_us`]: round1(us(inBase, key, "wall")),
    [`${key}_ratio`]: round3(us(inOurs, key, "wall") / us(inBase, key, "wall")),
    [`${key}_cpu_us`]: round1(us(inOurs, key, "cpu")),
    [`baseline_${key}_cpu_us`]: round1(us(inBase, key, "cpu")),
    [`${key}_cpu_ratio`]: round3(us(inOurs, key, "cpu") / us(inBase, key, "cpu")),
  }));
  const result: Record<string, number> = {
    file_kb: FILE_KB,
    rounds: ROUNDS,
    ...inProcessLines[0],
    ...inProcessLines[1],
    ...(CLI
      ? {
          cli_calls: 2 * CALLS,
          cli_ms: round1(ms(cliOurs)),
          baseline_cli_ms: round1(ms(cliBase)),
          cli_ratio: round3(ms(cliOurs) / ms(cliBase)),
          cli_cpu_ms: round1(cpu(cliOurs)),
          baseline_cli_cpu_ms: round1(cpu(cliBase)),
          cli_cpu_ratio: round3(cpu(cliOurs) / cpu(cliBase)),
          // Each round's run against the baseline's of the same round: drifting load cancels.
          cli_ratio_paired: round3(median(cliOurs.map((r, i) => r.ms / (cliBase[i] as Run).ms))),
        }
      : {}),
  };
  const line = (key: "write" | "edit") =>
    `  in process, ${key}  ${result[`${key}_us`]} µs (CPU ${result[`${key}_cpu_us`]}), baseline ${result[`baseline_${key}_us`]} µs (CPU ${result[`baseline_${key}_cpu_us`]}): x${result[`${key}_ratio`]}, CPU x${result[`${key}_cpu_ratio`]}`;
  console.log(
    [
      `write/edit bench: ${FILE_KB} KiB files, one PostToolUse hook, checkpoints on; median of ${ROUNDS} interleaved rounds (1 warm-up); baseline ${BASE}; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      line("write"),
      line("edit"),
      ...(CLI
        ? [
            `  -p, ${result.cli_calls} calls       ${result.cli_ms} ms (CPU ${result.cli_cpu_ms}), baseline ${result.baseline_cli_ms} ms (CPU ${result.baseline_cli_cpu_ms}): x${result.cli_ratio} (paired x${result.cli_ratio_paired}), CPU x${result.cli_cpu_ratio}`,
          ]
        : []),
    ].join("\n"),
  );
  console.log(JSON.stringify(result));
}

await main();
