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
import path from "node:path";
import type { Tool, ToolMiddleware } from "../packages/agentcore/src/index.js";
import { reply, toolCall } from "../packages/agentcore/src/testing/index.js";
import { perToolCall, runBaselineBench, type Script, sourceLines } from "./baseline-rounds.js";

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

/** A write's cost, and the written file's stats and reads a measured write (the tool's own included). */
async function inProcess(b: Build, project: string) {
  const file = path.join(project, "written.ts");
  fs.writeFileSync(file, source(0));
  watched.stats = 0;
  watched.reads = 0;
  let measured = 0;
  const write = await perToolCall(b.layers, (i, measuring) => {
    if (measuring) {
      watched.file = file;
      measured++;
    }
    return { tool: b.write, id: `w${i}`, args: { file_path: "written.ts", content: source(i + 1) } };
  });
  watched.file = undefined;
  const counts = { stats_per_write: watched.stats / measured, reads_per_write: watched.reads / measured };
  return { costs: { write }, counts };
}

/** The model's script: CALLS writes over files of as many bytes, in one turn. */
function session(): Script {
  const calls = [];
  for (let i = 0; i < CALLS; i++)
    calls.push(toolCall("write", { file_path: `w${i}.ts`, content: source(1) }, `w${i}`));
  return [reply.toolCalls(...calls), reply.text("done")];
}

await runBaselineBench({
  name: "unmatched-hook",
  what: 'writes, one PostToolUse hook with "matcher": "Bash"',
  baseline: "lead",
  hooks: HOOKS,
  calls: CALLS,
  build,
  inProcess,
  resetFiles: (project) => {
    for (let i = 0; i < CALLS; i++) fs.writeFileSync(path.join(project, `w${i}.ts`), source(0));
  },
  script: session,
});
