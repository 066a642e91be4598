/**
 * A long session as a daily user has it, through the built `codebot` (one `-p` prompt): 450 model
 * steps of real tools on real files (write, read, edit, bash in turn), a PreToolUse and a
 * PostToolUse command hook on every call, and a 10,000-token window, so the conversation is
 * compacted again and again (about every 37 calls). Prints the time per call around calls 50, 200
 * and 400 (the mean of the 20 calls before each, from the loopback server's arrival times) and the
 * codebot process's RSS there (from /proc), then its peak RSS (GNU time) and the compactions. The
 * last line is one JSON object. (bench/long.ts measures 1,000 bare `bash true` calls.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type RecordedRequest,
  type ReplyTurn,
  reply,
  type ScriptStep,
  startLoopbackModelServer,
} from "../packages/agentcore/src/testing/index.js";
import {
  growingUsage,
  isSummaryRequest,
  LONG_SESSION_WINDOW,
  longSessionCall,
  longSessionSettings,
} from "../packages/codebot/test/cli/support/long-session.js";
import { CLI, cliScratch, runCli, TIME } from "./cli-runs.js";

const SPAN = 20;
const CALLS = Number(process.env.BENCH_LONG_SESSION_CALLS ?? 450);
// BENCH_LONG_SESSION_MARKS: other calls to report at (comma-separated), e.g. for a longer run.
const MARKS = (process.env.BENCH_LONG_SESSION_MARKS ?? "50,200,400")
  .split(",")
  .map(Number)
  .filter((mark) => mark >= SPAN && mark <= CALLS);

interface Stamp {
  ms: number;
  rssMb: number;
}

/** The script: `CALLS` calls then an answer; reported input grows with the messages sent, so the window fills. */
function script(stamps: Stamp[], pid: () => number | undefined): ScriptStep<RecordedRequest>[] {
  let done = 0;
  const step = (request: RecordedRequest): ReplyTurn => {
    const usage = growingUsage(request);
    if (isSummaryRequest(request))
      return { ...reply.text(`Summary: ${done} of ${CALLS} calls have run.`), usage };
    stamps.push({ ms: performance.now(), rssMb: rssMb(pid()) });
    const turn = done === CALLS ? reply.text("done") : longSessionCall(done);
    done += 1;
    return { ...turn, usage };
  };
  return Array.from({ length: CALLS * 2 }, () => step);
}

/** The resident set of a process, MiB (Linux /proc; NaN elsewhere). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The codebot process: GNU time's child when it wraps the run. */
function codebotPid(started: number | undefined): number | undefined {
  if (started === undefined || !TIME) return started;
  try {
    const first = fs.readFileSync(`/proc/${started}/task/${started}/children`, "utf8").trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const scratch = cliScratch("long-session");
  const { root, project } = scratch;
  const hookLog = (name: string) => path.join(root, `${name}.log`);
  const settings = path.join(root, "settings.json");
  fs.writeFileSync(settings, JSON.stringify(longSessionSettings(hookLog)));
  const stamps: Stamp[] = [];
  let started: number | undefined;
  let pid: number | undefined;
  const server = await startLoopbackModelServer(
    script(stamps, () => {
      pid ??= codebotPid(started);
      return pid;
    }),
    { keepRequests: false },
  );
  const env = {
    ...scratch.env,
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    ANTHROPIC_API_KEY: "bench",
  };
  const args = ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", settings];
  const nodeArgs = process.env.PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROF}`, CLI] : [CLI];
  const run = await runCli(args, env, project, nodeArgs, (spawned) => {
    started = spawned;
  }).finally(() => server.close());
  const lines = (name: string) => fs.readFileSync(hookLog(name), "utf8").split("\n").filter(Boolean).length;
  const compactions = (run.stderr.match(/conversation compacted \(auto\)/g) ?? []).length;
  const hooks = { pre: lines("pre"), post: lines("post") };
  fs.rmSync(root, { recursive: true, force: true });

  const round1 = (n: number) => Math.round(n * 10) / 10;
  // The mean time per call of the SPAN calls before call `mark` (call k's request arrives as call k-1 ends).
  const perCall = (mark: number) =>
    ((stamps[mark]?.ms as number) - (stamps[mark - SPAN]?.ms as number)) / SPAN;
  const result = {
    calls: CALLS,
    ...Object.fromEntries(MARKS.map((mark) => [`ms_per_call_at_${mark}`, round1(perCall(mark))])),
    ...Object.fromEntries(
      MARKS.map((mark) => [`rss_mb_at_${mark}`, round1(stamps[mark]?.rssMb ?? Number.NaN)]),
    ),
    peak_rss_mb: round1(run.rssMb ?? Number.NaN),
    compactions,
    pre_tool_use_hooks: hooks.pre,
    post_tool_use_hooks: hooks.post,
    run_ms: Math.round(run.ms),
  };
  console.log(
    [
      `long-session bench: built binary, ${CALLS} calls (write, read, edit, bash), PreToolUse + PostToolUse command hooks, ${LONG_SESSION_WINDOW}-token window; Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      ...MARKS.map(
        (mark) =>
          `  at call ${String(mark).padEnd(4)} ${round1(perCall(mark))} ms per call (mean of the ${SPAN} before), RSS ${round1(stamps[mark]?.rssMb ?? Number.NaN)} MiB`,
      ),
      `  peak RSS ${result.peak_rss_mb} MiB${TIME ? "" : " (no /usr/bin/time: not measured)"}; whole run ${result.run_ms} ms`,
      `  ${compactions} automatic compactions; hooks run: PreToolUse ${hooks.pre}, PostToolUse ${hooks.post} (one each per call: ${CALLS})`,
    ].join("\n"),
  );
  console.log(JSON.stringify(result));
}

await main();
