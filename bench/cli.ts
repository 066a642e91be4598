/**
 * The `codebot` command as a user runs it: the installed bin (packages/codebot/bin/codebot.js,
 * which runs the bundle `npm run build` makes in dist/bundle/, with its code cache) in a child
 * process, next to a bare `node -e 0` for scale. Start-up of
 * `--version` and of `hooks test`; a one-turn `-p` run and a run of 50 `bash true` calls against
 * the loopback model server (wall time and the process's peak RSS); and the same 50 calls with
 * one trivial PreToolUse command hook, whose added cost per call is compared with a bare `sh -c`
 * spawn from Node. Runs of different kinds are interleaved and medians reported, so a busy
 * machine skews all of them alike. The last line is one JSON object.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply, startLoopbackModelServer, toolCall } from "../packages/agentcore/src/testing/index.js";

const CLI = path.resolve("packages/codebot/bin/codebot.js");
const BUILT = path.resolve("packages/codebot/dist/bundle/cli.cjs");
const ROUNDS = 9;
const CALLS = 50;
const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Run {
  ms: number;
  /** Peak RSS of the codebot process, MiB (from GNU time), when available. */
  rssMb?: number;
}

/** Runs the CLI once (or, given `nodeArgs`, plain node); wall time from spawn to exit. */
function runCli(args: string[], env: NodeJS.ProcessEnv, cwd: string, nodeArgs = [CLI]): Promise<Run> {
  const [cmd, argv] = TIME
    ? [TIME, ["-f", "@@rss %M", process.execPath, ...nodeArgs, ...args]]
    : [process.execPath, [...nodeArgs, ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { env, cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      const rss = /@@rss (\d+)/.exec(stderr);
      // GNU time exits with the command's own code.
      if (code !== 0) reject(new Error(`codebot ${args.join(" ")} exited ${code}: ${stderr.trim()}`));
      else resolve({ ms, ...(rss ? { rssMb: Number(rss[1]) / 1024 } : {}) });
    });
  });
}

/** One `sh -c` spawn the way a command hook is spawned (own process group, payload on stdin). */
function bareSpawn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", "exit 0"], { stdio: ["pipe", "pipe", "pipe"], detached: true });
    child.on("error", reject);
    child.stdin.on("error", () => {});
    child.stdin.end('{"event":"PreToolUse"}\n');
    child.stdout.resume();
    child.stderr.resume();
    child.on("close", () => resolve());
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  if (!fs.existsSync(BUILT)) throw new Error(`bench: ${BUILT} is missing; run npm run build`);
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-bench-cli-")));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  fs.mkdirSync(project);
  fs.mkdirSync(home);
  const hookFile = path.join(root, "hook.json");
  fs.writeFileSync(
    hookFile,
    JSON.stringify({ hooks: { PreToolUse: [{ type: "command", command: "exit 0" }] } }),
  );
  const baseEnv = { PATH: process.env.PATH, HOME: home, CODEBOT_HOME: home, LANG: "C.UTF-8" };

  const nodeStart: number[] = [];
  const version: number[] = [];
  const hooksTest: number[] = [];
  const oneTurn: Run[] = [];
  const calls: Run[] = [];
  const hooked: Run[] = [];
  const bare: number[] = [];

  const withServer = async (script: Parameters<typeof startLoopbackModelServer>[0], args: string[]) => {
    const server = await startLoopbackModelServer(script);
    try {
      const env = { ...baseEnv, ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "bench" };
      return await runCli(args, env, project);
    } finally {
      await server.close();
    }
  };
  const fiftyCalls = () => [
    reply.toolCalls(
      ...Array.from({ length: CALLS }, (_, i) => toolCall("bash", { command: "true" }, `c${i}`)),
    ),
    reply.text("done"),
  ];
  const pArgs = ["-p", "go", "--permission-mode", "auto"];

  // One warm-up round (file caches), then the measured ones.
  for (let round = 0; round <= ROUNDS; round++) {
    const keep = round > 0;
    const n = await runCli([], baseEnv, project, ["-e", "0"]);
    const v = await runCli(["--version"], baseEnv, project);
    const h = await runCli(
      ["hooks", "test", "PreToolUse", "--tool", "bash", "--args", '{"command":"ls"}'],
      baseEnv,
      project,
    );
    const one = await withServer([reply.text("hello")], ["-p", "hi"]);
    const c = await withServer(fiftyCalls(), pArgs);
    const hk = await withServer(fiftyCalls(), [...pArgs, "--settings", hookFile]);
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await bareSpawn();
    const b = (performance.now() - t0) / CALLS;
    if (!keep) continue;
    nodeStart.push(n.ms);
    version.push(v.ms);
    hooksTest.push(h.ms);
    oneTurn.push(one);
    calls.push(c);
    hooked.push(hk);
    bare.push(b);
  }
  fs.rmSync(root, { recursive: true, force: true });

  const ms = (runs: Run[]) => median(runs.map((r) => r.ms));
  const rss = (runs: Run[]) => Math.max(...runs.map((r) => r.rssMb ?? 0));
  const result = {
    version_ms: round1(median(version)),
    hooks_test_ms: round1(median(hooksTest)),
    one_turn_ms: round1(ms(oneTurn)),
    calls50_ms: round1(ms(calls)),
    added_ms_per_hooked_call: round1((ms(hooked) - ms(calls)) / CALLS),
    bare_spawn_ms: round1(median(bare)),
    peak_rss_mb: round1(Math.max(rss(oneTurn), rss(calls), rss(hooked))),
  };
  const target = (ok: boolean) => (ok ? "ok" : "MISSED");
  const lines = [
    `cli bench: built binary, median of ${ROUNDS} interleaved rounds (1 warm-up); Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
    `  codebot --version                          ${result.version_ms} ms   (target < 150: ${target(result.version_ms < 150)}; bare node -e 0: ${round1(median(nodeStart))} ms)`,
    `  codebot hooks test PreToolUse --tool bash  ${result.hooks_test_ms} ms   (target < 250: ${target(result.hooks_test_ms < 250)})`,
    `  -p, one turn, no tools                     ${result.one_turn_ms} ms   (target < 200: ${target(result.one_turn_ms < 200)}), peak RSS ${round1(rss(oneTurn))} MiB`,
    `  -p, ${CALLS} bash true calls                    ${result.calls50_ms} ms   (target < 600: ${target(result.calls50_ms < 600)}), peak RSS ${round1(rss(calls))} MiB`,
    `  -p, ${CALLS} calls + 1 PreToolUse hook          ${round1(ms(hooked))} ms, peak RSS ${round1(rss(hooked))} MiB`,
    `  added per hooked call                      ${result.added_ms_per_hooked_call} ms vs bare sh -c spawn ${result.bare_spawn_ms} ms (ratio ${round1(result.added_ms_per_hooked_call / result.bare_spawn_ms)}x, target <= 1.3x: ${target(result.added_ms_per_hooked_call <= 1.3 * result.bare_spawn_ms)})`,
    `  peak RSS of any run                        ${result.peak_rss_mb} MiB (target < 100: ${target(result.peak_rss_mb < 100)})${TIME ? "" : " (no /usr/bin/time: not measured)"}`,
  ];
  console.log(lines.join("\n"));
  console.log(JSON.stringify(result));
}

await main();
