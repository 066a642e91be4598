/**
 * Persistent command hooks (`"persistent": true`): the command starts once per session, at the
 * first event that runs it, and answers every later event without a new process. Each event is
 * one line on its stdin, the payload with an `id` added (`{"id":7,"event":"PreToolUse",…}`); the
 * answer is one line on its stdout with the same `id`, read as a command hook's stdout would be.
 * `exit_code` in the answer gives exit-code semantics (2 blocks), `stderr` what a command would
 * have printed there (the reason of an exit-code block); both are taken out of the stdout.
 *
 * A call that times out fails, and the process is stopped (its state is unknown) and started
 * again at the next event. A process that dies fails the calls waiting on it; the next event
 * starts it again, once: if that one also dies before answering anything, the hook stays failed
 * for the rest of the session. A process whose hook is refused at an event (its consent withdrawn,
 * its script edited) or that left the settings is stopped: it would run on, unapproved.
 */
import { CappedBuffer } from "./capped-buffer.js";
import type { CommandSpec, RunContext, RunOutcome } from "./executor.js";
import { timedOutMessage } from "./run-deadline.js";
import { spawnProcess } from "./spawn/spawn-process.js";
import type { SpawnedProcess } from "./spawn/spawn-request.js";

/**
 * The longest answer line read. A longer one is skipped to its end; if it begins with the `id` of
 * a waiting call (`{"id":7,…`, as the payload does) that call fails at once, else it was a stray
 * print and changes nothing.
 */
const MAX_LINE = 1024 * 1024;
/** How much of an over-long line is looked at for its `id`. */
const ID_HEAD = 64;
/** stderr kept for messages about a process that died. */
const STDERR_TAIL = 4 * 1024;

interface Waiting {
  resolve(outcome: RunOutcome): void;
}

export interface PersistentHooksOptions {
  /** Time between SIGTERM and SIGKILL when a process is stopped. */
  killGraceMs: number;
}

export class PersistentHooks {
  private readonly processes = new Map<string, PersistentProcess>();

  constructor(private readonly options: PersistentHooksOptions) {}

  run(spec: CommandSpec, ctx: RunContext): Promise<RunOutcome> {
    if (ctx.signal.aborted)
      return Promise.resolve({ stdout: "", stderr: "", exitCode: null, error: "aborted before start" });
    // One process per command, directory and entry environment; the per-event variables differ
    // between events and are not part of it (the event is in each line).
    const { HOOK_EVENT: _e, HOOK_TOOL_NAME: _t, ...env } = ctx.env;
    const key = JSON.stringify([spec.command, ctx.cwd, env]);
    let proc = this.processes.get(key);
    if (!proc) {
      proc = new PersistentProcess(spec.command, ctx.cwd, { ...process.env, ...ctx.env }, this.options);
      this.processes.set(key, proc);
    }
    return proc.call(ctx);
  }

  /** Ends the processes of `command` (its hook is no longer approved), as close() does. */
  release(command: string): Promise<void> {
    return this.stopWhere((proc) => proc.command === command, "its hook is no longer approved");
  }

  /** Ends the processes of commands other than these (their hooks left the settings). */
  retain(commands: ReadonlySet<string>): Promise<void> {
    return this.stopWhere((proc) => !commands.has(proc.command), "its hook is no longer in the settings");
  }

  private async stopWhere(test: (proc: PersistentProcess) => boolean, why: string): Promise<void> {
    const stopped: PersistentProcess[] = [];
    for (const [key, proc] of this.processes)
      if (test(proc)) {
        this.processes.delete(key);
        stopped.push(proc);
      }
    await Promise.all(stopped.map((p) => p.stop(why)));
  }

  /** Ends every process: stdin closed, then TERM, then KILL after the grace. */
  async close(): Promise<void> {
    const all = [...this.processes.values()];
    this.processes.clear();
    await Promise.all(all.map((p) => p.stop("the session ended")));
  }
}

class PersistentProcess {
  private child: SpawnedProcess | undefined;
  private exited: Promise<void> | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private line: Buffer[] = [];
  private lineSize = 0;
  /** Inside a line longer than MAX_LINE: its bytes are dropped up to its newline. */
  private skipping = false;
  private stderr = new CappedBuffer(STDERR_TAIL);
  /** Deaths since the last answer; at 2 the hook is given up for the session. */
  private deaths = 0;
  private givenUp: string | undefined;

  constructor(
    readonly command: string,
    private readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: PersistentHooksOptions,
  ) {}

  call(ctx: RunContext): Promise<RunOutcome> {
    if (this.givenUp) return Promise.resolve(failed(this.givenUp));
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<RunOutcome>((resolve) => {
      const done = (outcome: RunOutcome) => {
        if (!this.waiting.delete(id)) return;
        clearTimeout(timer);
        ctx.signal.removeEventListener("abort", onAbort);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        done({ ...failed(timedOutMessage(ctx)), timedOut: true });
        // Its state is unknown now: stop it; the next event starts it afresh.
        void this.stop("an earlier call timed out");
      }, ctx.timeoutMs);
      const onAbort = () => done(failed("aborted"));
      ctx.signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.set(id, { resolve: done });
      child.write(`${withId(ctx.payload, id)}\n`);
    });
  }

  /** Stops the process (if running); calls still waiting fail with `why`. */
  async stop(why: string): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    this.failAll(`persistent hook stopped: ${why}`);
    child.endInput();
    child.killGroup("SIGTERM");
    const kill = setTimeout(() => child.killGroup("SIGKILL"), this.options.killGraceMs);
    await Promise.race([this.exited, new Promise((r) => setTimeout(r, this.options.killGraceMs + 100))]);
    clearTimeout(kill);
    child.release();
  }

  private start(): SpawnedProcess {
    this.line = [];
    this.lineSize = 0;
    this.skipping = false;
    this.stderr = new CappedBuffer(STDERR_TAIL);
    let markExited: () => void = () => {};
    this.exited = new Promise((resolve) => {
      markExited = resolve;
    });
    const child = spawnProcess(
      {
        file: "/bin/sh",
        args: ["-c", this.command],
        cwd: this.cwd,
        env: this.env,
        stdin: "",
        keepStdinOpen: true,
        directStdio: true,
      },
      {
        onStdout: (chunk) => this.receive(chunk),
        onStderr: (chunk) => this.stderr.push(chunk),
        onError: (f) => {
          markExited();
          this.died(child, f.kind === "spawn" ? `could not start sh: ${f.message}` : f.message);
        },
        onExit: (code, signal) => {
          markExited();
          this.died(child, signal ? `killed by signal ${signal}` : `exited with code ${code}`);
        },
        onClose: () => {},
      },
    );
    this.child = child;
    return child;
  }

  private died(child: SpawnedProcess, how: string): void {
    if (this.child !== child) return; // stopped on purpose
    this.child = undefined;
    child.release();
    const stderr = this.stderr.text().trim();
    const message = `persistent hook ${how}${stderr ? `: ${stderr}` : ""}`;
    this.deaths++;
    if (this.deaths >= 2) this.givenUp = `${message} (it also died after a restart; not restarted again)`;
    this.failAll(message);
  }

  private failAll(message: string): void {
    for (const waiting of [...this.waiting.values()]) waiting.resolve(failed(message));
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    if (this.skipping) {
      const end = chunk.indexOf(10);
      if (end === -1) return;
      this.skipping = false;
      start = end + 1;
    }
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.line.push(chunk.subarray(start, nl));
      const text = Buffer.concat(this.line).toString("utf8");
      this.line = [];
      this.lineSize = 0;
      start = nl + 1;
      this.answer(text);
    }
    if (start < chunk.length) {
      this.lineSize += chunk.length - start;
      this.line.push(chunk.subarray(start));
      if (this.lineSize > MAX_LINE) this.skipLongLine();
    }
  }

  private skipLongLine(): void {
    const head = Buffer.concat(this.line, ID_HEAD).toString("utf8");
    this.line = [];
    this.lineSize = 0;
    this.skipping = true;
    const id = /^\s*\{\s*"id"\s*:\s*(\d+)\s*[,}]/.exec(head)?.[1];
    const waiting = id === undefined ? undefined : this.waiting.get(Number(id));
    waiting?.resolve(
      failed(`persistent hook answered with a line longer than ${MAX_LINE} bytes; the answer was not read`),
    );
  }

  /** One stdout line: the answer to the call with its `id`; other lines are ignored. */
  private answer(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    const { id, exit_code, stderr, ...rest } = value as Record<string, unknown>;
    if (typeof id !== "number") return;
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.deaths = 0;
    const exitCode = typeof exit_code === "number" && Number.isInteger(exit_code) ? exit_code : 0;
    waiting.resolve({
      stdout: Object.keys(rest).length ? JSON.stringify(rest) : "",
      stderr: typeof stderr === "string" ? stderr : "",
      exitCode,
    });
  }
}

/** The payload object with `"id":N` as its first field. */
function withId(payload: string, id: number): string {
  const body = payload.trim();
  if (body === "{}") return `{"id":${id}}`;
  return `{"id":${id},${body.slice(1)}`;
}

function failed(error: string): RunOutcome {
  return { stdout: "", stderr: "", exitCode: null, error };
}
