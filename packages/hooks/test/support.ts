/** Shared test scaffolding: temp projects, settings layers, a runner over them, polling. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionSlot, Tool, ToolCall, ToolContext, ToolResult } from "@codebot/agentcore";
import { afterEach } from "vitest";
import { z } from "zod";
import {
  createHookRunner,
  type HookRunner,
  type HookRunnerOptions,
  loadHooks,
  type SettingsLayer,
  type SettingsSource,
  type SpawnFailure,
  type SpawnHandlers,
  type TraceRecord,
} from "../src/index.js";

const dirs: string[] = [];
const runners: HookRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "codebot-hooks-"));
  dirs.push(dir);
  return dir;
}

export function layer(
  settings: unknown,
  source: SettingsSource = "user",
  path = `/settings/${source}.json`,
): SettingsLayer {
  return { source, path, settings };
}

/** A command hook entry of a settings file (Claude Code's shape). */
export const cmd = (command: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command,
  ...extra,
});

/** A Claude Code hook group: `hooks` run when `matcher` matches (no matcher: every firing). */
export const group = (matcher: string | undefined, ...hooks: unknown[]) => ({
  ...(matcher !== undefined ? { matcher } : {}),
  hooks,
});

export interface TestRunner {
  runner: HookRunner;
  /** The project directory (cwd of hooks); write payload files here. */
  dir: string;
  traces: TraceRecord[];
  errors: string[];
}

/** A runner over one user settings layer `{hooks}`, in a temp project dir. */
export function runnerFor(
  hooks: Record<string, unknown[]>,
  options: Partial<HookRunnerOptions> & { dir?: string } = {},
): TestRunner {
  const dir = options.dir ?? tempDir();
  const loaded = loadHooks([layer({ hooks })]);
  const errors = loaded.problems.filter((p) => p.severity === "error");
  if (errors.length) throw new Error(`test settings have errors: ${JSON.stringify(errors)}`);
  const traces: TraceRecord[] = [];
  const hookErrors: string[] = [];
  const runner = createHookRunner({
    hooks: loaded,
    session: { sessionId: "sess-1", cwd: dir, transcriptPath: join(dir, "transcript.jsonl") },
    onTrace: (r) => traces.push(r),
    onHookError: (m) => hookErrors.push(m),
    ...options,
  });
  runners.push(runner);
  return { runner, dir, traces, errors: hookErrors };
}

/** Polls until `cond` holds; fails after `timeoutMs`. */
export async function waitFor(cond: () => boolean, timeoutMs = 15_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** True when the process exists and is not a zombie waiting for a reaper. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** A tiny `bash`-like tool with a schema, and a middleware driver that records what execution saw. */
export const bashTool: Tool<{ command: string; timeout?: number }> = {
  name: "bash",
  description: "run a command",
  inputSchema: z.object({ command: z.string(), timeout: z.number().optional() }),
  execute: async (args) => ({ content: `ran: ${args.command}`, isError: false }),
};

export const writeTool: Tool<{ file_path: string; content: string }> = {
  name: "write",
  description: "write a file",
  inputSchema: z.object({ file_path: z.string(), content: z.string() }),
  execute: async (args) => ({ content: `wrote ${args.file_path}`, isError: false }),
};

export interface CallOutcome {
  result: ToolResult;
  /** The calls that reached execution (empty when vetoed). */
  executed: ToolCall[];
}

/** Drives the runner's middleware like the kernel does: a context with the tool's validator, `next` executing it. */
export async function callTool(
  runner: HookRunner,
  tool: Tool,
  args: Record<string, unknown>,
  /** `permission`: the call's permission slot, to read what the middleware wrote into it. */
  options: {
    signal?: AbortSignal;
    id?: string;
    agentName?: string;
    permission?: PermissionSlot;
    /** The kernel's `eventsDelivered` (default: everything delivered already). */
    eventsDelivered?: () => Promise<void>;
  } = {},
): Promise<CallOutcome> {
  const executed: ToolCall[] = [];
  const ctx: ToolContext = {
    callId: options.id ?? "call-1",
    signal: options.signal ?? new AbortController().signal,
    agentName: options.agentName ?? "main",
    tool,
    validateArgs(candidate) {
      const parsed = tool.inputSchema.safeParse(candidate);
      return parsed.success
        ? { ok: true, args: parsed.data as Record<string, unknown> }
        : {
            ok: false,
            error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
          };
    },
    onUpdate() {},
    permission: options.permission ?? {},
    eventsDelivered: options.eventsDelivered ?? (async () => {}),
  };
  const call: ToolCall = { id: options.id ?? "call-1", name: tool.name, args };
  const result = await runner.middleware()(
    call,
    async (c) => {
      executed.push(c);
      return tool.execute(c.args, ctx);
    },
    ctx,
  );
  return { result, executed };
}

/** Shell-quotes a path for use inside a hook command. */
export function q(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}

/**
 * Hooks that log `s` when they start and `e` when they end: the most that ran at once, and how
 * many started and ended.
 */
export function logOverlap(log: string): { peak: number; starts: number; ends: number } {
  let now = 0;
  let peak = 0;
  let starts = 0;
  let ends = 0;
  for (const line of log.split("\n")) {
    if (line === "s") {
      starts++;
      peak = Math.max(peak, ++now);
    } else if (line === "e") {
      ends++;
      now--;
    }
  }
  return { peak, starts, ends };
}

/** What a started command did, to its end (exit and output closed) or its failure to start. */
export interface Ran {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  failure?: SpawnFailure;
}

/** Starts a command with handlers that collect what it does (`start` passes them on), to its end. */
export function runToEnd(start: (handlers: SpawnHandlers) => void): Promise<Ran> {
  return new Promise((resolve) => {
    const ran: Ran = { stdout: "", stderr: "", code: null, signal: null };
    let exited = false;
    let closed = false;
    const done = () => exited && closed && resolve(ran);
    start({
      onStdout: (c) => {
        ran.stdout += c.toString();
      },
      onStderr: (c) => {
        ran.stderr += c.toString();
      },
      onError: (failure) => resolve({ ...ran, failure }),
      onExit: (code, signal) => {
        Object.assign(ran, { code, signal });
        exited = true;
        done();
      },
      onClose: () => {
        closed = true;
        done();
      },
    });
  });
}
