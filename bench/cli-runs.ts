/**
 * Running the built `codebot` for the benches (bench/cli.ts, bench/hooks.ts): one run's wall time,
 * CPU time and peak RSS, and the scripted session of 50 `bash true` calls against the loopback
 * model server.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply, startLoopbackModelServer, toolCall } from "../packages/agentcore/src/testing/index.js";

export const CLI = path.resolve("packages/codebot/bin/codebot.js");
export const BUILT = path.resolve("packages/codebot/dist/bundle/cli.cjs");
export const CALLS = 50;
export const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

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
