/**
 * Running the built `codebot` for the benches (bench/cli.ts, bench/hooks.ts): one run's wall time,
 * CPU time and peak RSS, and the scripted session of 50 `bash true` calls against the loopback
 * model server; the scratch folder a CLI bench runs in; how the benches round what they report.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply, startLoopbackModelServer, toolCall } from "../packages/agentcore/src/testing/index.js";

export const CLI = path.resolve("packages/codebot/bin/codebot.js");
export const BUILT = path.resolve("packages/codebot/dist/bundle/cli.cjs");
export const CALLS = 50;
export const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/**
 * Where a CLI bench runs: a scratch `root` (`codebot-bench-<name>-…`) with its project and home
 * folders, and the CLI's env.
 */
export interface CliScratch {
  root: string;
  project: string;
  home: string;
  /** PATH, the home as HOME and CODEBOT_HOME, a UTF-8 locale. */
  env: { PATH: string | undefined; HOME: string; CODEBOT_HOME: string; LANG: string };
}

/** Checks the CLI is built and makes the bench's scratch folder. */
export function cliScratch(name: string): CliScratch {
  if (!fs.existsSync(BUILT)) throw new Error(`bench: ${BUILT} is missing; run npm run build`);
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `codebot-bench-${name}-`)));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  fs.mkdirSync(project);
  fs.mkdirSync(home);
  return {
    root,
    project,
    home,
    env: { PATH: process.env.PATH, HOME: home, CODEBOT_HOME: home, LANG: "C.UTF-8" },
  };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The permission mode that runs every call unasked, by the name the build at `bin` knows it:
 * `bypassPermissions`, or `auto` in builds from before auto became the classifier mode (the
 * baselines the benches compare with, e.g. 8439d9e, know only ask, auto and plan).
 */
export function runEverythingMode(bin = CLI): string {
  const help = execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
  return help.includes("bypassPermissions") ? "bypassPermissions" : "auto";
}

export interface Run {
  ms: number;
  /** Peak RSS of the codebot process, MiB (from GNU time), when available. */
  rssMb?: number;
  /**
   * CPU time, user + system, ms (from GNU time), when available: codebot's and that of every
   * process it waited for (its process host, the commands and hooks it ran).
   */
  cpuMs?: number;
  /** What the run printed on stderr (bench:long reads its heap line from it). */
  stderr: string;
}

/**
 * Runs the CLI once (or, given `nodeArgs`, plain node); wall time from spawn to exit. `onSpawn`
 * gets the started process's pid (GNU time's, when it wraps the run).
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  nodeArgs = [CLI],
  onSpawn?: (pid: number | undefined) => void,
): Promise<Run> {
  const [cmd, argv] = TIME
    ? [TIME, ["-f", "@@rss %M %U %S", process.execPath, ...nodeArgs, ...args]]
    : [process.execPath, [...nodeArgs, ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { env, cwd, stdio: ["ignore", "ignore", "pipe"] });
    onSpawn?.(child.pid);
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      const time = /@@rss (\d+) ([\d.]+) ([\d.]+)/.exec(stderr);
      // GNU time exits with the command's own code.
      if (code !== 0) reject(new Error(`codebot ${args.join(" ")} exited ${code}: ${stderr.trim()}`));
      else
        resolve({
          ms,
          stderr,
          ...(time
            ? { rssMb: Number(time[1]) / 1024, cpuMs: (Number(time[2]) + Number(time[3])) * 1000 }
            : {}),
        });
    });
  });
}

/** The model's script: `calls` (default 50) `bash true` calls in one turn, then a final answer. */
export const bashTrueCalls = (calls = CALLS) => [
  reply.toolCalls(...Array.from({ length: calls }, (_, i) => toolCall("bash", { command: "true" }, `c${i}`))),
  reply.text("done"),
];

/** Runs `codebot <args>` (or another build's bin) against a fresh loopback model server with `script`. */
export async function runWithModel(
  script: Parameters<typeof startLoopbackModelServer>[0],
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  bin = CLI,
): Promise<Run> {
  const server = await startLoopbackModelServer(script);
  try {
    const withModel = { ...env, ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "bench" };
    return await runCli(args, withModel, cwd, [bin]);
  } finally {
    await server.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
