/**
 * The tool search's cost and saving with many MCP tools: the built `codebot -p` against the
 * loopback model server, with a stdio MCP server of 200 tools (written inline below), under
 * ENABLE_TOOL_SEARCH=false (every schema in every request: the baseline), =true (deferred behind
 * tool_search), =auto (the 200 definitions pass 10% of the context window: deferred) and =auto:50
 * (they do not: up front). Per mode: a one-request session's wall time (start-up, the MCP server's
 * included), the time from one request to the next in a session of TURNS `bash true` turns (the
 * answer read, the call run, the next request built and sent), the bytes of a request body and
 * the tools it names; ratios against the baseline of the same rounds. Then, in process, what `auto` costs a prompt's tool
 * list (tool-search-offer.ts): the first list of a fresh set of 200 tools (which converts and
 * measures every schema) against a later one (measured before: nothing left to do). Rounds of
 * the modes are interleaved and medians reported, so a busy machine skews all of them alike.
 * `npm run build` first. The last line is one JSON object.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RecordedRequest, TurnReply } from "../packages/agentcore/src/testing/index.js";
import { reply, startLoopbackModelServer, toolCall } from "../packages/agentcore/src/testing/index.js";
import { mcpTool } from "../packages/codebot/src/mcp/mcp-tool.js";
import type { ServerConnection } from "../packages/codebot/src/mcp/server-connection.js";
import { withToolSearch } from "../packages/codebot/src/session/tool-search-offer.js";
import { CLI, cliScratch, median, type Run, round1, round3, runCli } from "./cli-runs.js";

const ROUNDS = 5;
const TOOLS = 200;
const TURNS = 10;
const MODES = ["false", "true", "auto", "auto:50"] as const;
type Mode = (typeof MODES)[number];

/** One tool as an MCP server would list it: about 430 characters of definition. */
const toolInfo = (i: number) => ({
  name: `lookup_${i}`,
  description: `Looks up records of kind ${i} in the bench store by their fields and returns them as text, one a line.`,
  inputSchema: {
    type: "object" as const,
    properties: {
      query: { type: "string", description: "What to look for, in words" },
      limit: { type: "integer", description: "The most records to return", minimum: 1, maximum: 100 },
      fields: { type: "array", items: { type: "string" }, description: "Which fields to return" },
    },
    required: ["query"],
  },
});

/** A stdio MCP server (newline-delimited JSON-RPC) listing TOOLS tools; `node -e` runs it. */
const serverSource = `
const tools = ${JSON.stringify(Array.from({ length: TOOLS }, (_, i) => toolInfo(i)))};
const send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
const results = {
  initialize: (p) => ({ protocolVersion: p.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bench", version: "1" } }),
  "tools/list": () => ({ tools }),
  "tools/call": () => ({ content: [{ type: "text", text: "ok" }] }),
  ping: () => ({}),
};
let buf = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => {
  buf += d;
  for (let i = buf.indexOf("\\n"); i >= 0; i = buf.indexOf("\\n")) {
    const line = buf.slice(0, i);
    buf = buf.slice(i + 1);
    if (!line.trim()) continue;
    const m = JSON.parse(line);
    if (m.id === undefined) continue;
    const result = results[m.method];
    send(result ? { jsonrpc: "2.0", id: m.id, result: result(m.params ?? {}) } : { jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "no such method" } });
  }
});
`;

interface Session {
  run: Run;
  requests: RecordedRequest[];
  /** ms between consecutive requests. */
  gaps: number[];
}

async function session(turns: number, mode: Mode, env: NodeJS.ProcessEnv, args: string[], cwd: string) {
  // When each request arrived: a request's time is the gap to the next one (the answer, the
  // `bash true` call, and the next request built and sent).
  const arrivals: number[] = [];
  const arrive = (turn: TurnReply) => () => {
    arrivals.push(performance.now());
    return turn;
  };
  const script = [
    ...Array.from({ length: turns }, (_, i) =>
      arrive(reply.toolCalls(toolCall("bash", { command: "true" }, `t${i}`))),
    ),
    arrive(reply.text("done")),
  ];
  const server = await startLoopbackModelServer(script);
  try {
    const run = await runCli(
      args,
      {
        ...env,
        ENABLE_TOOL_SEARCH: mode,
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        ANTHROPIC_API_KEY: "bench",
      },
      cwd,
      [CLI],
    );
    const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] as number));
    return { run, requests: [...server.requests], gaps } satisfies Session;
  } finally {
    await server.close();
  }
}

/** The in-process cost of a prompt's tool list under `auto`: a fresh set's first list, then later ones (µs). */
function autoListCost(): { first: number; later: number } {
  const connection = { name: "bench" } as ServerConnection;
  const firsts: number[] = [];
  const laters: number[] = [];
  for (let round = 0; round < 20; round++) {
    const tools = Array.from({ length: TOOLS }, (_, i) => mcpTool(connection, toolInfo(i)));
    const list = withToolSearch(() => tools, {
      offered: () => true,
      env: { ENABLE_TOOL_SEARCH: "auto" },
      spec: () => "anthropic/claude-sonnet-4-5",
      contextWindow: () => 200_000,
    });
    let t0 = performance.now();
    list();
    firsts.push((performance.now() - t0) * 1000);
    for (let i = 0; i < 20; i++) {
      t0 = performance.now();
      list();
      laters.push((performance.now() - t0) * 1000);
    }
  }
  // The first round warms the code up: left out.
  return { first: median(firsts.slice(1)), later: median(laters.slice(20)) };
}

async function main(): Promise<void> {
  const { root, project, env } = cliScratch("tool-search");
  const mcpConfig = path.join(root, "mcp.json");
  fs.writeFileSync(
    mcpConfig,
    JSON.stringify({ mcpServers: { bench: { command: process.execPath, args: ["-e", serverSource] } } }),
  );
  const args = ["-p", "go", "--mcp-config", mcpConfig, "--permission-mode", "bypassPermissions"];

  const one = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  const perRequest = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  const bytes = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  const toolsSent = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  // One warm-up round (file caches), then the measured ones; the modes' order turns each round.
  for (let round = 0; round <= ROUNDS; round++) {
    for (let k = 0; k < MODES.length; k++) {
      const mode = MODES[(round + k) % MODES.length] as Mode;
      const short = await session(0, mode, env, args, project);
      const long = await session(TURNS, mode, env, args, project);
      if (long.requests.length !== TURNS + 1)
        throw new Error(`bench: ${mode}: ${long.requests.length} requests`);
      if (round === 0) continue;
      one.get(mode)?.push(short.run.ms);
      perRequest.get(mode)?.push(...long.gaps);
      for (const request of long.requests) {
        bytes.get(mode)?.push(request.text.length);
        toolsSent.get(mode)?.push((request.body?.tools ?? []).length);
      }
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
  const auto = autoListCost();

  const of = (map: Map<Mode, number[]>, mode: Mode) => median(map.get(mode) ?? []);
  const key = (mode: Mode) => mode.replace(":", "");
  const result: Record<string, number> = {};
  for (const mode of MODES) {
    result[`${key(mode)}_one_request_ms`] = round1(of(one, mode));
    result[`${key(mode)}_per_request_ms`] = round1(of(perRequest, mode));
    result[`${key(mode)}_request_kb`] = round1(of(bytes, mode) / 1024);
    result[`${key(mode)}_tools_sent`] = of(toolsSent, mode);
    if (mode === "false") continue;
    result[`${key(mode)}_request_bytes_ratio`] = round3(of(bytes, mode) / of(bytes, "false"));
    result[`${key(mode)}_per_request_ms_ratio`] = round3(of(perRequest, mode) / of(perRequest, "false"));
    result[`${key(mode)}_one_request_ms_ratio`] = round3(of(one, mode) / of(one, "false"));
  }
  result.auto_first_list_us = round1(auto.first);
  result.auto_later_list_us = round1(auto.later);
  result.auto_later_list_ratio = round3(auto.later / auto.first);

  const lines = [
    `tool search bench: built binary, ${TOOLS} MCP tools, median of ${ROUNDS} interleaved rounds (1 warm-up); Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
    ...MODES.map(
      (mode) =>
        `  ENABLE_TOOL_SEARCH=${mode.padEnd(8)} one request ${result[`${key(mode)}_one_request_ms`]} ms, request to request ${result[`${key(mode)}_per_request_ms`]} ms, a request ${result[`${key(mode)}_request_kb`]} KiB naming ${result[`${key(mode)}_tools_sent`]} tools` +
        (mode === "false"
          ? " (baseline)"
          : ` (x${result[`${key(mode)}_request_bytes_ratio`]} bytes, x${result[`${key(mode)}_per_request_ms_ratio`]} per request)`),
    ),
    `  auto, a prompt's tool list in process: the first of a fresh set ${result.auto_first_list_us} µs, a later one ${result.auto_later_list_us} µs`,
  ];
  console.log(lines.join("\n"));
  console.log(JSON.stringify(result));
}

await main();
