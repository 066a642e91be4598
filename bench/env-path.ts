/**
 * What an approved project `env` PATH folder costs a session: its programs are checked again
 * before each `bash` call and each hook (917bfc2a, approved-files.ts), so a program the model
 * rewrote does not run unasked. A realistic big project: `PATH=./node_modules/.bin:$PATH` in its
 * `.claude/settings.json`, approved (`codebot hooks trust --yes`), the folder holding FOLDER_ENTRIES
 * links to packages' executable scripts, as npm makes them. The built `codebot -p` runs 50
 * `bash true` calls and a no-call prompt in that project and in the same project without the
 * `env` PATH (the baseline), rounds interleaved, medians: the added ms per call is the 50-call
 * run's extra time over the no-call run's extra time (start-up's approval hashing apart), over
 * 50. With BENCH_BASELINE_BIN=<another checkout>/packages/codebot/bin/codebot.js (built: the
 * commit before the check was made cheaper, say), that build's runs with the env PATH are
 * interleaved with ours and its added ms per call printed beside ours. Then in process, the check
 * itself (what runs before each call): µs per check, with the folder and without it. `npm run
 * build` first. The last line is one JSON object.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply } from "../packages/agentcore/src/testing/index.js";
import {
  type ApprovedRun,
  approvedRun,
  changedRun,
} from "../packages/codebot/src/settings/approved-files.js";
import { envLoadedFiles } from "../packages/codebot/src/settings/env-grant.js";
import {
  bashTrueCalls,
  CALLS,
  cliScratch,
  median,
  type Run,
  round1,
  round2,
  round3,
  runCli,
  runEverythingMode,
  runWithModel,
} from "./cli-runs.js";

const ROUNDS = Number(process.env.BENCH_ENV_PATH_ROUNDS ?? 11);
const FOLDER_ENTRIES = Number(process.env.BENCH_ENV_PATH_ENTRIES ?? 1500);
const BASELINE = process.env.BENCH_BASELINE_BIN ? path.resolve(process.env.BENCH_BASELINE_BIN) : undefined;

/** A project with `node_modules/.bin` of `entries` links to packages' executable scripts, as npm lays them out. */
function bigProject(dir: string, entries: number): void {
  const bin = path.join(dir, "node_modules/.bin");
  fs.mkdirSync(bin, { recursive: true });
  for (let i = 0; i < entries; i++) {
    const name = `tool-${String(i).padStart(4, "0")}`;
    const script = path.join(dir, "node_modules", name, "bin/cli.js");
    fs.mkdirSync(path.dirname(script), { recursive: true });
    fs.writeFileSync(script, `#!/usr/bin/env node\nconsole.log("${name}");\n`, { mode: 0o755 });
    fs.symlinkSync(`../${name}/bin/cli.js`, path.join(bin, name));
  }
}

/** The check run before each call, in process: µs per check for the PATH value's approved files. */
function checkCost(value: string, projectDir: string): number {
  const run: ApprovedRun = approvedRun("PATH", envLoadedFiles("PATH", value, projectDir), () =>
    envLoadedFiles("PATH", value, projectDir),
  );
  const times: number[] = [];
  for (let i = 0; i < 400; i++) {
    const t0 = performance.now();
    if (changedRun([run]) !== undefined) throw new Error("bench: the approved folder changed");
    times.push((performance.now() - t0) * 1000);
  }
  // The first hundred warm the code up.
  return median(times.slice(100));
}

async function main(): Promise<void> {
  const { root, project, env } = cliScratch("env-path");
  bigProject(project, FOLDER_ENTRIES);
  const pathValue = `./node_modules/.bin:${process.env.PATH}`;
  const settingsFile = path.join(project, ".claude/settings.json");
  fs.mkdirSync(path.dirname(settingsFile));
  /** The project's settings with the `env` PATH (approved once) or without it. */
  const settings = (withPath: boolean) =>
    fs.writeFileSync(settingsFile, JSON.stringify(withPath ? { env: { PATH: pathValue } } : {}));
  settings(true);
  await runCli(["hooks", "trust", "--yes", "--cwd", project], env, project);
  // The baseline build approves the value as it words its grant (an older build's grant text differs:
  // approved only by this build, the baseline would run without the env PATH and check nothing).
  if (BASELINE) await runCli(["hooks", "trust", "--yes", "--cwd", project], env, project, [BASELINE]);

  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions"];
  const basePArgs = BASELINE ? ["-p", "go", "--permission-mode", runEverythingMode(BASELINE)] : pArgs;
  const runs = {
    with50: [] as Run[],
    with0: [] as Run[],
    without50: [] as Run[],
    without0: [] as Run[],
    baseline50: [] as Run[],
    baseline0: [] as Run[],
  };
  // One warm-up round (file caches), then the measured ones; which project runs first alternates.
  for (let round = 0; round <= ROUNDS; round++) {
    const measure = async (withPath: boolean) => {
      settings(withPath);
      const calls = await runWithModel(bashTrueCalls(), pArgs, env, project);
      const none = await runWithModel([reply.text("done")], pArgs, env, project);
      if (round === 0) return;
      (withPath ? runs.with50 : runs.without50).push(calls);
      (withPath ? runs.with0 : runs.without0).push(none);
    };
    const baseline = async () => {
      if (!BASELINE) return;
      settings(true);
      const calls = await runWithModel(bashTrueCalls(), basePArgs, env, project, BASELINE);
      const none = await runWithModel([reply.text("done")], basePArgs, env, project, BASELINE);
      if (round === 0) return;
      runs.baseline50.push(calls);
      runs.baseline0.push(none);
    };
    if (round % 2 === 1) await baseline();
    await measure(round % 2 === 0);
    await measure(round % 2 !== 0);
    if (round % 2 === 0) await baseline();
  }
  const ms = (list: Run[]) => median(list.map((run) => run.ms));
  const cpu = (list: Run[]) => median(list.map((run) => run.cpuMs ?? Number.NaN));
  const added = (calls: Run[], none: Run[], of = ms) =>
    (of(calls) - of(none) - (of(runs.without50) - of(runs.without0))) / CALLS;
  const addedPerCall = added(runs.with50, runs.with0);
  // CPU time (GNU time's, 10 ms steps, every process of the run): what the load skews least.
  const addedCpuPerCall = added(runs.with50, runs.with0, cpu);
  // Each round's own difference, so a load that drifts between rounds cancels.
  const pairedPerCall = median(
    runs.with50.map(
      (run, i) =>
        (run.ms -
          (runs.with0[i] as Run).ms -
          ((runs.without50[i] as Run).ms - (runs.without0[i] as Run).ms)) /
        CALLS,
    ),
  );
  const withCheck = checkCost(pathValue, project);
  const plainProject = path.join(root, "plain");
  fs.mkdirSync(plainProject);
  const withoutFolder = checkCost(pathValue, plainProject);
  fs.rmSync(root, { recursive: true, force: true });

  const result = {
    folder_entries: FOLDER_ENTRIES,
    rounds: ROUNDS,
    env_path_calls50_ms: round1(ms(runs.with50)),
    env_path_no_call_ms: round1(ms(runs.with0)),
    baseline_calls50_ms: round1(ms(runs.without50)),
    baseline_no_call_ms: round1(ms(runs.without0)),
    env_path_calls50_cpu_ms: round1(cpu(runs.with50)),
    baseline_calls50_cpu_ms: round1(cpu(runs.without50)),
    added_ms_per_call: round2(addedPerCall),
    added_ms_per_call_paired: round2(pairedPerCall),
    added_cpu_ms_per_call: round2(addedCpuPerCall),
    env_path_no_call_cpu_ms: round1(cpu(runs.with0)),
    baseline_no_call_cpu_ms: round1(cpu(runs.without0)),
    calls50_ratio: round3(ms(runs.with50) / ms(runs.without50)),
    ...(BASELINE
      ? {
          baseline_bin_calls50_ms: round1(ms(runs.baseline50)),
          baseline_bin_calls50_cpu_ms: round1(cpu(runs.baseline50)),
          // Its start-up (the approval's reads and digests) beside ours: env_path_no_call_*.
          baseline_bin_no_call_ms: round1(ms(runs.baseline0)),
          baseline_bin_no_call_cpu_ms: round1(cpu(runs.baseline0)),
          baseline_bin_added_ms_per_call: round2(added(runs.baseline50, runs.baseline0)),
          baseline_bin_added_cpu_ms_per_call: round2(added(runs.baseline50, runs.baseline0, cpu)),
        }
      : {}),
    check_us_with_folder: round1(withCheck),
    check_us_folder_absent: round1(withoutFolder),
  };
  console.log(
    [
      `env PATH bench: built binary, ./node_modules/.bin of ${FOLDER_ENTRIES} entries approved, median of ${ROUNDS} interleaved rounds (1 warm-up); Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      `  -p, ${CALLS} bash true calls   with the env PATH ${result.env_path_calls50_ms} ms (CPU ${result.env_path_calls50_cpu_ms}), without ${result.baseline_calls50_ms} ms (CPU ${result.baseline_calls50_cpu_ms}): x${result.calls50_ratio}`,
      `  -p, no call             with ${result.env_path_no_call_ms} ms (CPU ${result.env_path_no_call_cpu_ms}), without ${result.baseline_no_call_ms} ms (CPU ${result.baseline_no_call_cpu_ms})`,
      `  added per call          ${result.added_ms_per_call} ms (medians), ${result.added_ms_per_call_paired} ms (rounds' own differences), CPU ${result.added_cpu_ms_per_call} ms (target <= 0.2)`,
      `  the check, in process   ${result.check_us_with_folder} µs with the folder, ${result.check_us_folder_absent} µs with no such folder`,
      ...(BASELINE
        ? [
            `  baseline ${BASELINE}, with the env PATH: ${CALLS} calls ${result.baseline_bin_calls50_ms} ms (CPU ${result.baseline_bin_calls50_cpu_ms}), added per call ${result.baseline_bin_added_ms_per_call} ms, CPU ${result.baseline_bin_added_cpu_ms_per_call} ms`,
            `  baseline, with the env PATH, no call: ${result.baseline_bin_no_call_ms} ms (CPU ${result.baseline_bin_no_call_cpu_ms})`,
          ]
        : []),
    ].join("\n"),
  );
  console.log(JSON.stringify(result));
}

await main();
