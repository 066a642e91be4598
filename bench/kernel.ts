/**
 * The kernel's own cost per tool call. A scripted model asks for many calls of a no-op tool in one
 * turn; the loop runs them one after another through 0, then 10 pass-through middlewares. The tool
 * stamps the time of its first and last call, so the per-call figure is the loop's work between two
 * executions (lookup, validation, middleware chain, events, result bookkeeping) and excludes the AI
 * SDK's streaming of the model turn, which is reported separately as the end-to-end figure.
 * Rounds of the two configurations are interleaved and medians reported, so a busy machine skews
 * both alike. The last line is one JSON object.
 */
import { z } from "zod";
import { agentLoop, type Tool, type ToolMiddleware } from "../packages/agentcore/src/index.js";
import { reply, scriptedModel, toolCall } from "../packages/agentcore/src/testing/index.js";

const CALLS_PER_TURN = 2000;
const WARMUP_ROUNDS = 5;
const ROUNDS = 15;

let firstCallAt = 0n;
let lastCallAt = 0n;
const noop: Tool<{ n: number }> = {
  name: "noop",
  description: "does nothing",
  inputSchema: z.object({ n: z.number() }),
  execute: async ({ n }) => {
    const now = process.hrtime.bigint();
    if (n === 0) firstCallAt = now;
    lastCallAt = now;
    return { content: "ok", isError: false };
  },
};
const passThrough: ToolMiddleware = (call, next) => next(call);
const turn = reply.toolCalls(
  ...Array.from({ length: CALLS_PER_TURN }, (_, n) => toolCall("noop", { n }, `c${n}`)),
);

/** One run: µs per call inside the tool phase, and µs per call for the whole run (model streaming included). */
async function round(middleware: ToolMiddleware[]): Promise<{ kernel: number; endToEnd: number }> {
  const model = scriptedModel([turn, reply.text("done")]);
  const started = process.hrtime.bigint();
  const stream = agentLoop({
    model,
    systemPrompt: "",
    messages: [{ role: "user", content: "go" }],
    tools: [noop],
    middleware,
  });
  const result = await stream.result();
  const endToEnd = Number(process.hrtime.bigint() - started) / 1000 / CALLS_PER_TURN;
  if (result.reason !== "stop") throw new Error(`bench: run ended with ${result.reason}`);
  return { kernel: Number(lastCallAt - firstCallAt) / 1000 / (CALLS_PER_TURN - 1), endToEnd };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const configs = { none: [] as ToolMiddleware[], ten: Array.from({ length: 10 }, () => passThrough) };
for (let i = 0; i < WARMUP_ROUNDS; i += 1) {
  await round(configs.none);
  await round(configs.ten);
}
const samples = {
  none: [] as Array<{ kernel: number; endToEnd: number }>,
  ten: [] as Array<{ kernel: number; endToEnd: number }>,
};
for (let i = 0; i < ROUNDS; i += 1) {
  samples.none.push(await round(configs.none));
  samples.ten.push(await round(configs.ten));
}
const us0 = median(samples.none.map((s) => s.kernel));
const us10 = median(samples.ten.map((s) => s.kernel));
const e2e0 = median(samples.none.map((s) => s.endToEnd));
const e2e10 = median(samples.ten.map((s) => s.endToEnd));
const r2 = (x: number) => Math.round(x * 100) / 100;
console.log(
  `kernel bench: ${CALLS_PER_TURN} sequential no-op tool calls per turn, median of ${ROUNDS} rounds (${WARMUP_ROUNDS} warm-up)`,
);
console.log(`  loop cost per call,  0 middlewares: ${r2(us0)} µs`);
console.log(`  loop cost per call, 10 middlewares: ${r2(us10)} µs (ratio ${r2(us10 / us0)}x)`);
console.log(`  added by 10 pass-through middlewares: ${r2(us10 - us0)} µs per call (target < 5 µs)`);
console.log(
  `  end to end incl. AI SDK streaming and prompt validation: ${r2(e2e0)} µs / ${r2(e2e10)} µs per call`,
);
console.log(
  JSON.stringify({ us_per_call_0mw: r2(us0), us_per_call_10mw: r2(us10), added_us_10mw: r2(us10 - us0) }),
);
