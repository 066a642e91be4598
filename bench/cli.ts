/**
 * The `codebot` command as a user runs it: the installed bin (packages/codebot/bin/codebot.js,
 * which runs the bundle `npm run build` makes in dist/bundle/, with its code cache) in a child
 * process, next to a bare `node -e 0` for scale. Start-up of
 * `--version` and of `hooks test`; a one-turn `-p` run and a run of 50 `bash true` calls against
 * the loopback model server (wall time, CPU time and the process's peak RSS) — as a user gets it
 * (they only read, so ten run at once) and one after another; and the calls one after another with
 * one trivial PreToolUse command hook, whose added cost per call is compared with a bare `sh -c`
 * spawn from Node. With BENCH_BASELINE_BIN=<another checkout>/packages/codebot/bin/codebot.js
 * (built), that build's 50-call runs, with and without the hook, are interleaved with ours, so
 * "faster than before" is measured in the same minutes. Runs of different kinds are interleaved
 * and medians reported, so a busy machine skews all of them alike. The last line is one JSON object.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply } from "../packages/agentcore/src/testing/index.js";
import {
  bashTrueCalls,
  CALLS,
  cliScratch,
  median,
  type Run,
  round1,
  runCli,
  runEverythingMode,
  runWithModel,
  TIME,
} from "./cli-runs.js";

const ROUNDS = 9;
const BASELINE = process.env.BENCH_BASELINE_BIN ? path.resolve(process.env.BENCH_BASELINE_BIN) : undefined;

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

async function main(): Promise<void> {
  const { root, project, env: baseEnv } = cliScratch("cli");
  const hookFile = path.join(root, "hook.json");
  fs.writeFileSync(
    hookFile,
    JSON.stringify({ hooks: { PreToolUse: [{ type: "command", command: "exit 0" }] } }),
  );

  const nodeStart: number[] = [];
  const version: number[] = [];
  const hooksTest: number[] = [];
  const oneTurn: Run[] = [];
  const calls: Run[] = [];
  const serialCalls: Run[] = [];
  const hooked: Run[] = [];
  const bare: number[] = [];
  const baseCalls: Run[] = [];
  const baseHooked: Run[] = [];

  // The same calls one after another (`bash true` only reads: by default ten run at once, docs/runtime.md).
  const serialEnv = { ...baseEnv, CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: "1" };
  const withServer = (
    script: Parameters<typeof runWithModel>[0],
    args: string[],
    bin?: string,
    env: NodeJS.ProcessEnv = baseEnv,
  ) => runWithModel(script, args, env, project, bin);
  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions"];
  const basePArgs = BASELINE ? ["-p", "go", "--permission-mode", runEverythingMode(BASELINE)] : pArgs;

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
    // With a baseline, which build runs first alternates, so an order effect cancels out.
    const baselineFirst = BASELINE !== undefined && round % 2 === 1;
    const baseline = async () => {
      if (!BASELINE) return;
      const bc = await withServer(bashTrueCalls(), basePArgs, BASELINE);
      const bh = await withServer(bashTrueCalls(), [...basePArgs, "--settings", hookFile], BASELINE);
      if (keep) {
        baseCalls.push(bc);
        baseHooked.push(bh);
      }
    };
    if (baselineFirst) await baseline();
    const c = await withServer(bashTrueCalls(), pArgs);
    const cs = await withServer(bashTrueCalls(), pArgs, undefined, serialEnv);
    const hk = await withServer(bashTrueCalls(), [...pArgs, "--settings", hookFile], undefined, serialEnv);
    if (!baselineFirst) await baseline();
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await bareSpawn();
    const b = (performance.now() - t0) / CALLS;
    if (!keep) continue;
    nodeStart.push(n.ms);
    version.push(v.ms);
    hooksTest.push(h.ms);
    oneTurn.push(one);
    calls.push(c);
    serialCalls.push(cs);
    hooked.push(hk);
    bare.push(b);
  }
  fs.rmSync(root, { recursive: true, force: true });

  const ms = (runs: Run[]) => median(runs.map((r) => r.ms));
  const rss = (runs: Run[]) => Math.max(...runs.map((r) => r.rssMb ?? 0));
  const cpu = (runs: Run[]) => median(runs.map((r) => r.cpuMs ?? 0));
  const result = {
    version_ms: round1(median(version)),
    hooks_test_ms: round1(median(hooksTest)),
    one_turn_ms: round1(ms(oneTurn)),
    calls50_ms: round1(ms(calls)),
    calls50_cpu_ms: round1(cpu(calls)),
    calls50_serial_ms: round1(ms(serialCalls)),
    added_ms_per_hooked_call: round1((ms(hooked) - ms(serialCalls)) / CALLS),
    bare_spawn_ms: round1(median(bare)),
    peak_rss_mb: round1(Math.max(rss(oneTurn), rss(calls), rss(hooked))),
    ...(BASELINE
      ? {
          baseline_calls50_ms: round1(ms(baseCalls)),
          calls50_faster_pct: round1((1 - ms(calls) / ms(baseCalls)) * 100),
          // Each round's run against the baseline's run of the same round: drifting load cancels.
          calls50_faster_pct_paired: round1(
            (1 - median(baseCalls.map((b, i) => (calls[i] as Run).ms / b.ms))) * 100,
          ),
          calls50_serial_faster_pct_paired: round1(
            (1 - median(baseCalls.map((b, i) => (serialCalls[i] as Run).ms / b.ms))) * 100,
          ),
          baseline_added_ms_per_hooked_call: round1((ms(baseHooked) - ms(baseCalls)) / CALLS),
          // CPU of the whole process tree (codebot, its host, the 50 shells), paired like the time.
          baseline_calls50_cpu_ms: round1(cpu(baseCalls)),
          calls50_cpu_less_pct_paired: round1(
            (1 - median(baseCalls.map((b, i) => ((calls[i] as Run).cpuMs ?? 0) / (b.cpuMs ?? 1)))) * 100,
          ),
        }
      : {}),
  };
  const target = (ok: boolean) => (ok ? "ok" : "MISSED");
  const lines = [
    `cli bench: built binary, median of ${ROUNDS} interleaved rounds (1 warm-up); Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
    `  codebot --version                          ${result.version_ms} ms   (target < 150: ${target(result.version_ms < 150)}; bare node -e 0: ${round1(median(nodeStart))} ms)`,
    `  codebot hooks test PreToolUse --tool bash  ${result.hooks_test_ms} ms   (target < 250: ${target(result.hooks_test_ms < 250)})`,
    `  -p, one turn, no tools                     ${result.one_turn_ms} ms   (target < 200: ${target(result.one_turn_ms < 200)}), peak RSS ${round1(rss(oneTurn))} MiB`,
    `  -p, ${CALLS} bash true calls                    ${result.calls50_ms} ms   (target < 600: ${target(result.calls50_ms < 600)}), peak RSS ${round1(rss(calls))} MiB, CPU ${result.calls50_cpu_ms} ms`,
    `  -p, ${CALLS} calls one after another (CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY=1)  ${result.calls50_serial_ms} ms`,
    `  -p, ${CALLS} calls one after another + 1 PreToolUse hook  ${round1(ms(hooked))} ms, peak RSS ${round1(rss(hooked))} MiB`,
    `  added per hooked call                      ${result.added_ms_per_hooked_call} ms vs bare sh -c spawn ${result.bare_spawn_ms} ms (ratio ${round1(result.added_ms_per_hooked_call / result.bare_spawn_ms)}x, target <= 1.3x: ${target(result.added_ms_per_hooked_call <= 1.3 * result.bare_spawn_ms)})`,
    `  peak RSS of any run                        ${result.peak_rss_mb} MiB (target < 100: ${target(result.peak_rss_mb < 100)})${TIME ? "" : " (no /usr/bin/time: not measured)"}`,
  ];
  if (BASELINE) {
    lines.push(
      `  baseline ${BASELINE}:`,
      `    -p, ${CALLS} bash true calls                  ${result.baseline_calls50_ms} ms; this build is ${result.calls50_faster_pct}% faster (target >= 30: ${target((result.calls50_faster_pct ?? 0) >= 30)}); median of the rounds' own ratios: ${result.calls50_faster_pct_paired}% faster`,
      `    the calls one after another: ${result.calls50_serial_faster_pct_paired}% faster than the baseline (median of the rounds' own ratios)`,
      `    the same run's CPU (codebot and every process it waited for)  ${result.baseline_calls50_cpu_ms} ms; this build uses ${result.calls50_cpu_less_pct_paired}% less (median of the rounds' own ratios)`,
      `    added per hooked call                    ${result.baseline_added_ms_per_hooked_call} ms (this build: ${result.added_ms_per_hooked_call} ms)`,
    );
  }
  console.log(lines.join("\n"));
  console.log(JSON.stringify(result));
}

await main();
