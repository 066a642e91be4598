/**
 * The hooks engine's per-call cost against another checkout's, interleaved in one process so the
 * machine's load hits both alike: `BENCH_BASELINE=<checkout> tsx bench/engine-ab.ts`. Measures what
 * the hook middleware adds to a tool call with no hooks, with 100 hooks whose matcher does not
 * match, and with 100 hooks whose `if` regex is searched over 10 KiB of arguments and does not
 * match (no process starts in any of them). Last line: one JSON object with the numbers.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

type Call = { id: string; name: string; args: Record<string, unknown> };
type Result = { content: string; isError: boolean };
type Middleware = (call: Call, next: (c: Call) => Promise<Result>, ctx: unknown) => Promise<Result>;
interface Engine {
  loadHooks(layers: unknown[]): unknown;
  createHookRunner(options: unknown): { middleware(): Middleware; close(): Promise<void> };
}

const baselineDir = process.env.BENCH_BASELINE;
if (!baselineDir) throw new Error("bench: set BENCH_BASELINE to another checkout of this repository");
const load = async (root: string) =>
  (await import(pathToFileURL(join(resolve(root), "packages/hooks/src/index.ts")).href)) as Engine;
const engines = { this: await load("."), baseline: await load(baselineDir) };

const dir = mkdtempSync(join(tmpdir(), "codebot-engine-ab-"));
const session = { sessionId: "bench", cwd: dir, transcriptPath: join(dir, "transcript.jsonl") };
const tool = {
  name: "bash",
  description: "",
  inputSchema: undefined,
  execute: async () => ({ content: "ok", isError: false }),
};
const ctx = {
  callId: "bench",
  signal: new AbortController().signal,
  agentName: "main",
  tool,
  validateArgs: (args: unknown) => ({ ok: true, args }),
  onUpdate() {},
  permission: {},
  eventsDelivered: async () => {},
};

const configs: Record<string, unknown[]> = {
  none: [],
  "100 matcher misses": Array.from({ length: 100 }, (_, i) => ({
    type: "command",
    command: "exit 2",
    matcher: `tool_${i}`,
  })),
  "100 if misses, 10 KiB args": Array.from({ length: 100 }, (_, i) => ({
    type: "command",
    command: "exit 2",
    matcher: "bash",
    if: `/never-${i}\\s+there/`,
  })),
};
const args: Record<string, Record<string, unknown>> = {
  none: { command: "ls -la" },
  "100 matcher misses": { command: "ls -la" },
  "100 if misses, 10 KiB args": { command: `echo ${"a\t".repeat(5 * 1024)}` },
};

const nowUs = () => Number(process.hrtime.bigint()) / 1000;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;
const CALLS = 2_000;
const ROUNDS = 9;

const out: Record<string, number> = {};
console.log(
  `engine A/B: this checkout vs ${baselineDir}, median µs per call of ${ROUNDS} interleaved rounds`,
);
for (const [name, hooks] of Object.entries(configs)) {
  const callers = Object.fromEntries(
    Object.entries(engines).map(([which, engine]) => {
      const loaded = engine.loadHooks([
        { source: "user", path: "bench.json", settings: { hooks: { PreToolUse: hooks } } },
      ]);
      const mw = engine.createHookRunner({ hooks: loaded, session }).middleware();
      const next = () => tool.execute();
      return [which, (call: Call) => mw(call, next, ctx)];
    }),
  );
  const samples: Record<string, number[]> = { this: [], baseline: [] };
  for (let round = -1; round < ROUNDS; round++) {
    // Alternate which engine goes first, so neither always runs right after the other's garbage.
    const order = Object.entries(callers);
    if (round % 2 === 0) order.reverse();
    for (const [which, run] of order) {
      const started = nowUs();
      for (let i = 0; i < CALLS; i++) await run({ id: `c${i}`, name: "bash", args: args[name] ?? {} });
      if (round >= 0) samples[which]?.push((nowUs() - started) / CALLS);
    }
  }
  const mine = median(samples.this ?? []);
  const base = median(samples.baseline ?? []);
  const key = name.replace(/[^a-z0-9]+/gi, "_").toLowerCase();
  out[`${key}_us`] = Math.round(mine * 100) / 100;
  out[`${key}_baseline_us`] = Math.round(base * 100) / 100;
  console.log(
    `  ${name.padEnd(28)} ${mine.toFixed(2)} µs vs baseline ${base.toFixed(2)} µs (ratio ${(mine / base).toFixed(2)})`,
  );
}
console.log(JSON.stringify(out));
