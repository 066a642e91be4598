/**
 * The frame of the benches that set this checkout against a built baseline checkout
 * (bench/write-edit.ts, bench/unmatched-hook.ts): the env knobs, the checks that both are built,
 * a scratch folder, and the rounds, interleaved with which build runs first alternating, of an
 * in-process measure and a `codebot -p` run with one settings file of hooks.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUILT, median, type Run, runEverythingMode, runWithModel } from "./cli-runs.js";

export const BASE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
export const FILE_KB = Number(process.env.FILE_KB ?? 64);
export const ROUNDS = Number(process.env.ROUNDS ?? 7);
export const N = Number(process.env.N ?? 300);
/** CLI=0: the in-process measure only. */
export const CLI = process.env.CLI !== "0";

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** `FILE_KB` KiB of source-like lines. */
export function sourceLines(): string {
  const line = "export function handler(request: Request): Response { return respond(request); }\n";
  return line.repeat(Math.ceil((FILE_KB * 1024) / line.length));
}

/** Where a bench's builds run: the baseline's checkout, a scratch `root` and its folders. */
export interface Frame {
  base: string;
  root: string;
  /** `root/<name>`, made. */
  dir(name: string): string;
  /** The project the CLI runs in. */
  project: string;
  /** The settings file that holds the bench's hooks. */
  hookFile: string;
}

/**
 * Checks BENCH_BASELINE is set (`baseline` names what it should be) and both checkouts are built,
 * and makes the scratch folder `codebot-bench-<name>-…` with a settings file of `hooks`.
 */
export function baselineFrame(name: string, baseline: string, hooks: unknown): Frame {
  if (!BASE) throw new Error(`bench: set BENCH_BASELINE to a built checkout of the baseline (${baseline})`);
  if (!fs.existsSync(BUILT) || !fs.existsSync(path.join(BASE, "packages/codebot/dist/bundle/cli.cjs")))
    throw new Error("bench: build both checkouts first (npm run build)");
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `codebot-bench-${name}-`)));
  const dir = (folder: string) => {
    const made = path.join(root, folder);
    fs.mkdirSync(made, { recursive: true });
    return made;
  };
  const hookFile = path.join(root, "hook.json");
  fs.writeFileSync(hookFile, JSON.stringify({ hooks }));
  return { base: BASE, root, dir, project: dir("project"), hookFile };
}

/** What the rounds measured, ours and the baseline's, warm-up left out. */
export interface Rounds<M> {
  inOurs: M[];
  inBase: M[];
  cliOurs: Run[];
  cliBase: Run[];
}

/**
 * One warm-up round (file caches, the code cache), then ROUNDS measured ones, each running
 * `inProcess` for both builds and, unless CLI=0, `codebot -p` (ours, then the baseline's bin, in
 * the round's order) with the frame's hooks and `script` after `resetFiles`. Removes the frame's
 * folder at the end.
 */
export async function pairedRounds<M>(
  frame: Frame,
  steps: {
    inProcess(mine: boolean): Promise<M>;
    resetFiles(): void;
    script(): Parameters<typeof runWithModel>[0];
  },
): Promise<Rounds<M>> {
  const baseBin = path.join(frame.base, "packages/codebot/bin/codebot.js");
  const home = frame.dir("home");
  const env = { PATH: process.env.PATH, HOME: home, CODEBOT_HOME: home, LANG: "C.UTF-8" };
  const pArgs = ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", frame.hookFile];
  const basePArgs = CLI
    ? ["-p", "go", "--permission-mode", runEverythingMode(baseBin), "--settings", frame.hookFile]
    : pArgs;
  const rounds: Rounds<M> = { inOurs: [], inBase: [], cliOurs: [], cliBase: [] };
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
      for (const mine of order) {
        const measured = await steps.inProcess(mine);
        if (round > 0) (mine ? rounds.inOurs : rounds.inBase).push(measured);
        if (!CLI) continue;
        steps.resetFiles();
        const run = await runWithModel(
          steps.script(),
          mine ? pArgs : basePArgs,
          env,
          frame.project,
          mine ? undefined : baseBin,
        );
        if (round > 0) (mine ? rounds.cliOurs : rounds.cliBase).push(run);
      }
    }
  } finally {
    fs.rmSync(frame.root, { recursive: true, force: true });
  }
  return rounds;
}

/** Median wall ms of CLI runs. */
export const cliMs = (list: Run[]) => median(list.map((r) => r.ms));
/** Median CPU ms of CLI runs (NaN without GNU time). */
export const cliCpuMs = (list: Run[]) => median(list.map((r) => r.cpuMs ?? Number.NaN));
/** The median of each round's run against the baseline's of the same round: drifting load cancels. */
export const pairedRatio = (ours: Run[], base: Run[], of: (run: Run) => number) =>
  median(ours.map((r, i) => of(r) / of(base[i] as Run)));
