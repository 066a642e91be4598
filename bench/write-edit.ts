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

const CALLS = Number(process.env.CALLS ?? 25);

/** `FILE_KB` KiB of source-like lines, with one `marker` line an edit changes. */
function source(marker: string): string {
  return `// ${marker}\n${sourceLines()}`;
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

async function main(): Promise<void> {
  const frame = baselineFrame("write-edit", "main", {
    PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "exit 0" }] }],
  });
  const { root, dir, project } = frame;
  const ours = await build(path.resolve("."), dir("ours"), path.join(root, "ours-store"));
  const theirs = await build(frame.base, dir("base"), path.join(root, "base-store"));
  const { inOurs, inBase, cliOurs, cliBase } = await pairedRounds(frame, {
    inProcess: (mine) => inProcess(mine ? ours : theirs, path.join(root, mine ? "ours" : "base")),
    resetFiles: () => resetFiles(project),
    script: session,
  });

  const us = (list: { write: Cost; edit: Cost }[], key: "write" | "edit", of: keyof Cost) =>
    median(list.map((m) => m[key][of]));
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
          cli_ms: round1(cliMs(cliOurs)),
          baseline_cli_ms: round1(cliMs(cliBase)),
          cli_ratio: round3(cliMs(cliOurs) / cliMs(cliBase)),
          cli_cpu_ms: round1(cliCpuMs(cliOurs)),
          baseline_cli_cpu_ms: round1(cliCpuMs(cliBase)),
          cli_cpu_ratio: round3(cliCpuMs(cliOurs) / cliCpuMs(cliBase)),
          // Each round's run against the baseline's of the same round: drifting load cancels.
          cli_ratio_paired: round3(pairedRatio(cliOurs, cliBase, (r) => r.ms)),
        }
      : {}),
  };
  const line = (key: "write" | "edit") =>
    `  in process, ${key}  ${result[`${key}_us`]} µs (CPU ${result[`${key}_cpu_us`]}), baseline ${result[`baseline_${key}_us`]} µs (CPU ${result[`baseline_${key}_cpu_us`]}): x${result[`${key}_ratio`]}, CPU x${result[`${key}_cpu_ratio`]}`;
  console.log(
    [
      `write/edit bench: ${FILE_KB} KiB files, one PostToolUse hook, checkpoints on; median of ${ROUNDS} interleaved rounds (1 warm-up); baseline ${frame.base}; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
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
