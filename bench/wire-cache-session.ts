/**
 * One long in-process session for bench/wire-cache.ts, in a process of its own so that its CPU
 * time is the agent's alone (the loopback model server runs in the bench's process). An Agent on
 * `anthropic/claude-opus-5-5` against BENCH_WIRE_URL, one prompt of BENCH_WIRE_CALLS tool calls
 * (the server's script) after an ≈ 8 KB prompt, its model built one of three ways (BENCH_WIRE_VARIANT):
 * - `now`: this checkout's wire cache (wire-cache/wire-cached-model.ts);
 * - `before`: the wire cache module of another checkout (BENCH_WIRE_BASELINE: the commit before
 *   sessions 31 and 32 taught it to keep the first message and the stretches between system
 *   messages), the rest of the agent this checkout's;
 * - `off`: no wire cache, the provider alone (each request serialises the whole conversation).
 * BENCH_WIRE_SCENARIO: `search` (tool search on: a search tool, 50 deferred tools listed in a
 * system message after the first message, one loaded by the first call), `search-gone` (the same,
 * and at the middle call a deferred tool goes: claude's note that it is gone, a second system
 * message in mid-conversation) or `plain` (no deferred tools: no system message in mid-conversation).
 * Prints one JSON line: the prompt's wall and CPU time, and CPU time at each request's start.
 */
import path from "node:path";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { z } from "zod";
import { httpFetch } from "../packages/agentcore/src/http-fetch.js";
import { Agent, type Tool } from "../packages/agentcore/src/index.js";
import { providerModels } from "../packages/agentcore/src/models.js";
import { wireCachedModel } from "../packages/agentcore/src/wire-cache/wire-cached-model.js";

type WireCachedModel = typeof wireCachedModel;

const variant = process.env.BENCH_WIRE_VARIANT ?? "now";
const scenario = process.env.BENCH_WIRE_SCENARIO ?? "search";
const calls = Number(process.env.BENCH_WIRE_CALLS ?? 1000);
const url = process.env.BENCH_WIRE_URL;
const DEFERRED = 50;

/**
 * The prompt: a request with a project file pasted in, ≈ 8 KB, as a first message often is (the
 * part of the conversation session 31 keeps apart when the tool search's listing follows it).
 */
const PROMPT = `Tidy this module and run the tests after each change:\n\n${"export function step(state: State, event: Event): State {\n  return reduce(state, event);\n}\n".repeat(100)}`;

/** What a file read's or a command's short answer weighs: about 200 characters. */
const resultText = (i: number) =>
  `call ${i}: ${"src/session/assembly/session-tools.ts 4.1K 2026-12-07 ".repeat(4)}`.slice(0, 200);

const echo: Tool<{ text: string }> = {
  name: "echo",
  description: "Returns the text it is given.",
  inputSchema: z.object({ text: z.string() }),
  async execute(args) {
    return { content: resultText(Number(args.text.slice(1))), isError: false };
  },
};

const search: Tool<{ q: string }> = {
  name: "tool_search",
  description: "Finds deferred tools by name or description.",
  inputSchema: z.object({ q: z.string() }),
  listDeferredTools: (names) => `Deferred tools:\n${names.join("\n")}`,
  async execute() {
    return { content: "Found mcp__srv__lookup_0", isError: false, loadsTools: ["mcp__srv__lookup_0"] };
  },
};

const deferred = (i: number): Tool => ({
  ...(echo as Tool),
  name: `mcp__srv__lookup_${i}`,
  description: `Looks up records of kind ${i} in the store and returns them as text, one a line.`,
  deferLoading: "until-loaded",
});

async function model(): Promise<LanguageModelV3> {
  if (url === undefined) throw new Error("wire-cache-session: BENCH_WIRE_URL is not set");
  const create = await providerModels("anthropic/claude-opus-5-5", {
    ANTHROPIC_API_KEY: "bench",
    ANTHROPIC_BASE_URL: url,
  });
  if (variant === "off") return create(httpFetch);
  if (variant === "now") return wireCachedModel(create);
  const base = process.env.BENCH_WIRE_BASELINE;
  if (variant !== "before" || base === undefined)
    throw new Error(`wire-cache-session: variant ${variant} (before needs BENCH_WIRE_BASELINE)`);
  const module = path.resolve(base, "packages/agentcore/src/wire-cache/wire-cached-model.ts");
  const older = (await import(module)) as { wireCachedModel: WireCachedModel };
  return older.wireCachedModel(create);
}

async function main(): Promise<void> {
  const inner = await model();
  const wallStamps: number[] = [];
  const cpuStamps: number[] = [];
  let requests = 0;
  let tools: Tool[] =
    scenario === "plain"
      ? [echo as Tool]
      : [echo as Tool, search as Tool, ...Array.from({ length: DEFERRED }, (_, i) => deferred(i))];
  const counted: LanguageModelV3 = {
    ...inner,
    supportedUrls: inner.supportedUrls,
    doGenerate: (options) => inner.doGenerate(options),
    doStream: (options) => {
      const cpu = process.cpuUsage();
      wallStamps.push(performance.now());
      cpuStamps.push((cpu.user + cpu.system) / 1000);
      requests += 1;
      // A server's tool goes mid-session (list_changed without it): claude's note joins the history.
      if (scenario === "search-gone" && requests === Math.floor(calls / 2))
        tools = tools.filter((tool) => tool.name !== `mcp__srv__lookup_${DEFERRED - 1}`);
      return inner.doStream(options);
    },
  };
  const agent = new Agent({ model: counted, systemPrompt: "You are a bench.", tools: () => tools });
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const { reason } = await agent.prompt(PROMPT);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuAtStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(JSON.stringify({ variant, scenario, reason, requests, wallMs, cpuMs, wallStamps, cpuStamps }));
}

await main();
