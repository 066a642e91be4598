/**
 * Runs the BUILT `codebot` as a user runs it (packages/codebot/bin/codebot.js, which loads the
 * bundle in dist/bundle/) in a real child process. The build (tsc, then the bundle) is refreshed
 * first when a source is newer than the bundle (`npm test` builds before running, so then nothing
 * is rebuilt); a lock keeps parallel test files from building at once.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, expect } from "vitest";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
export const cliPath = path.join(repoRoot, "packages/codebot/bin/codebot.js");
/** The build output whose age decides whether to rebuild. */
const bundlePath = path.join(repoRoot, "packages/codebot/dist/bundle/cli.cjs");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time of the whole process, ms. */
  ms: number;
}

export interface CliOptions {
  cwd?: string;
  /** The whole environment of the child (see cliEnv). */
  env: NodeJS.ProcessEnv;
  /** Written to stdin, which is then closed; stdin is empty otherwise. */
  input?: string;
  /** Stdin is left open for the test to write to (`child.stdin`) and end; `input` is not used. */
  openStdin?: boolean;
  /** Stdin on /dev/null instead of a pipe (a program started with its stdin ignored). */
  devNullStdin?: boolean;
  timeoutMs?: number;
  /** Another copy of the bin to run (default: the repository's). */
  bin?: string;
}

const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
});

/**
 * A scratch package holding a copy of the built bin and of `files` from dist/bundle/ (paths
 * relative to it), with a package.json of version 9.9.9: the CLI as installed with parts of its
 * build missing or changed. Returns the package's folder; its bin is `bin/codebot.js` in it.
 */
export function builtCliCopy(files: readonly string[]): string {
  const pkg = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-cli-copy-"));
  fs.mkdirSync(path.join(pkg, "bin"));
  fs.copyFileSync(cliPath, path.join(pkg, "bin/codebot.js"));
  fs.copyFileSync(path.join(path.dirname(cliPath), "package.json"), path.join(pkg, "bin/package.json"));
  for (const file of files) {
    const to = path.join(pkg, "dist/bundle", file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, "packages/codebot/dist/bundle", file), to);
  }
  fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ type: "module", version: "9.9.9" }));
  return pkg;
}

/** Call at the top of every CLI test file. */
export function useBuiltCli(): void {
  beforeAll(() => ensureBuilt(), 180_000);
}

/**
 * A clean environment: PATH and HOME from the test process, a CODEBOT_HOME, no API keys unless
 * given, and the managed settings under `<home>/etc` (managedRoot) instead of the machine's `/etc`.
 */
export function cliEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CODEBOT_HOME: home,
    CODEBOT_MANAGED_SETTINGS_ROOT: managedRoot(home),
    LANG: "C.UTF-8",
    ...extra,
  };
}

/** Where cliEnv puts the managed settings: `codebot/` and `claude-code/` folders go in it. */
export function managedRoot(home: string): string {
  return path.join(home, "etc");
}

/** Starts the CLI; `done` resolves when it has exited. */
export function startCli(args: readonly string[], options: CliOptions) {
  const started = performance.now();
  const child = spawn(process.execPath, [options.bin ?? cliPath, ...args], {
    cwd: options.cwd ?? os.tmpdir(),
    env: options.env,
    stdio: [options.devNullStdin ? "ignore" : "pipe", "pipe", "pipe"],
  });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => {
    stdout += String(d);
  });
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  child.stdin?.on("error", () => {});
  if (!options.openStdin) child.stdin?.end(options.input ?? "");
  const timeout = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
  const done = new Promise<CliResult>((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(timeout);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
  return { child, done, stdout: () => stdout, stderr: () => stderr };
}

export function runCli(args: readonly string[], options: CliOptions): Promise<CliResult> {
  return startCli(args, options).done;
}

/** Errors reach the user as lines, never as a stack trace. */
export function expectNoStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at /m);
}

/** The JSON lines of a stream-json output. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function isStale(): boolean {
  if (!fs.existsSync(bundlePath)) return true;
  const built = fs.statSync(bundlePath).mtimeMs;
  return ["agentcore", "hooks", "codebot"].some(
    (p) => newestMtime(path.join(repoRoot, "packages", p, "src")) > built,
  );
}

async function ensureBuilt(): Promise<void> {
  if (!isStale()) return;
  const lock = path.join(os.tmpdir(), "codebot-cli-test-build.lock");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // Another test file is building; a lock older than three minutes is left over from a crash.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (isStale()) {
      // What `npm run build` runs.
      const steps = [
        [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-b", "packages/codebot"],
        [path.join(repoRoot, "packages/codebot/scripts/bundle.mjs")],
        // The bundle step empties dist/bundle, the process host's copy with it.
        [path.join(repoRoot, "packages/hooks/scripts/build-process-host.mjs")],
      ];
      for (const args of steps) execFileSync(process.execPath, args, { cwd: repoRoot, stdio: "inherit" });
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** One line of stream-json input, as claude 2.1.328 reads it. */
export function userLine(content: unknown, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ type: "user", message: { role: "user", content }, ...extra })}\n`;
}
