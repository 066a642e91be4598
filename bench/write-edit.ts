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
import path from "node:path";
import type { Tool, ToolMiddleware } from "../packages/agentcore/src/index.js";
import { reply, toolCall } from "../packages/agentcore/src/testing/index.js";
import { perToolCall, runBaselineBench, type Script, sourceLines } from "./baseline-rounds.js";

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

/** A write over a file and an edit of another, each the first change of its file in a new prompt. */
async function inProcess(b: Build, project: string) {
  fs.writeFileSync(path.join(project, "written.ts"), source("v0"));
  fs.writeFileSync(path.join(project, "edited.ts"), source("A"));
  const versions = [source("v1"), source("v0")];
  const write = await perToolCall(b.layers, (i) => {
    b.store.startPrompt(`p${i}`);
    return { tool: b.write, id: `w${i}`, args: { file_path: "written.ts", content: versions[i % 2] } };
  });
  const edit = await perToolCall(b.layers, (i) => {
    b.store.startPrompt(`p${i}`);
    const [from, to] = i % 2 === 0 ? ["A", "B"] : ["B", "A"];
    return {
      tool: b.edit,
      id: `e${i}`,
      args: { file_path: "edited.ts", old_string: `// ${from}\n`, new_string: `// ${to}\n` },
    };
  });
  return { costs: { write, edit } };
}

/** The model's script: CALLS writes over files, CALLS edits of others, in one turn. */
function session(): Script {
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

await runBaselineBench({
  name: "write-edit",
  what: "files, one PostToolUse hook, checkpoints on",
  baseline: "main",
  hooks: { PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "exit 0" }] }] },
  calls: 2 * CALLS,
  build: (checkout, project) => build(checkout, project, `${project}-store`),
  inProcess,
  resetFiles,
  script: session,
});
