/**
 * Warm starts: the shell of a command hook or a bash tool call is started one call ahead. When a
 * command of a given request (program, arguments, working directory, environment) starts, the
 * process host also starts a *standby* for the same request: the same program with the same
 * arguments, blocked reading its stdin before it runs anything of the command. The next call of
 * that request hands its input to the standby instead of starting a process, so it does not wait
 * for `exec` and the shell's start-up (≈ 1 ms for `sh`, 1.5–2 ms for `bash` here). Started with
 * the call rather than after it, the standby is ready even for calls that follow each other at
 * once (a model's batch of tool calls). A caller may instead start the next standby itself once a
 * call ended (`prepare`, as the bash tool does, in the directory its next command starts in).
 *
 * The program must do nothing before its input arrives but start and read it: callers put the
 * command behind a read of stdin (command-executor.ts, the bash tool's shell-process.ts), and do
 * so on the cold path too, so both paths run the same shell text. A standby is used only if it is
 * still what a cold start would give now: process.env unchanged since it was asked for, and the
 * request's working directory the same directory (same inode) as then. Otherwise it is killed and
 * the call starts cold. It may be used before the host reported it started: the host handles
 * frames in order, so the input reaches it right after its start. Standbys never keep Node alive;
 * the host ends them with the session like any command it started.
 *
 * No standby is started while `BASH_ENV` is set (see readsStartupFile). `CODEBOT_WARM_START=off`
 * turns warm starts off (every call starts cold).
 */
import fs from "node:fs";
import type { HostedProcess, ProcessHost } from "./process-host.js";
import { processHost, spawnProcess, startInstead } from "./spawn-process.js";
import type { SpawnedProcess, SpawnHandlers, SpawnRequest } from "./spawn-request.js";

/** A request for a warm start: its stdin is the input given at each call (then closed). */
export type WarmRequest = Omit<SpawnRequest, "stdin" | "keepStdinOpen" | "directStdio">;

/** Most standbys kept at once (one per request); the least recently used is ended first. */
const LIMIT = 8;
/** A request whose standby died before use this often gets no more standbys (e.g. a syntax error). */
const MAX_EARLY_DEATHS = 2;

export interface StartOptions {
  /** Start a standby for this request's next call (default true): for requests that recur. */
  standby?: boolean;
}

export class WarmStarts {
  private readonly standbys = new Map<string, Standby>();
  private readonly earlyDeaths = new Map<string, number>();
  /** The request each slot last prepared a standby for (see prepare). */
  private readonly slots = new WeakMap<object, string>();
  /** Tests: every call goes through a standby, started at the call if none is ready. */
  alwaysStandby = false;

  constructor(private readonly host: ProcessHost) {}

  /**
   * Starts the command with `input` on its stdin, through the standby of its request if there is
   * one that fits; then starts the standby for the next call, which starts while this one runs.
   */
  start(
    request: WarmRequest,
    input: string,
    handlers: SpawnHandlers,
    options: StartOptions = {},
  ): SpawnedProcess {
    const key = keyOf(request);
    const usable = this.wanted(key) && !readsStartupFile(request);
    const keep = options.standby !== false && usable;
    let standby = this.take(key, request);
    if (!standby && this.alwaysStandby && usable) {
      standby = this.launch(key, request);
      this.standbys.delete(key);
    }
    const started = standby
      ? standby.activate(request, input, handlers)
      : spawnProcess({ ...request, stdin: input }, handlers, this.host);
    if (keep && !this.standbys.has(key)) this.launch(key, request);
    return started;
  }

  /**
   * Starts a standby for `request` now, unless one is there (what each call does, unless told
   * not to). With `slot` (any object; say, one tool), the standby started for that slot before is
   * ended first if it was not used and is for another request: one waits per slot.
   */
  prepare(request: WarmRequest, slot?: object): void {
    const key = keyOf(request);
    if (slot) {
      const before = this.slots.get(slot);
      this.slots.set(slot, key);
      const stale = before !== undefined && before !== key ? this.standbys.get(before) : undefined;
      if (stale && before !== undefined) {
        this.standbys.delete(before);
        stale.discard();
      }
    }
    if (this.standbys.has(key) || !this.wanted(key) || readsStartupFile(request)) return;
    this.launch(key, request);
  }

  /** The pid of the standby ready for `request`, if any (tests, benchmarks). */
  standbyPid(request: WarmRequest): number | undefined {
    const standby = this.standbys.get(keyOf(request));
    return standby?.alive ? standby.pid : undefined;
  }

  /** Ends every standby. */
  clear(): void {
    for (const standby of this.standbys.values()) standby.discard();
    this.standbys.clear();
  }

  private wanted(key: string): boolean {
    return this.host.usable && (this.earlyDeaths.get(key) ?? 0) < MAX_EARLY_DEATHS;
  }

  /** The ready standby of `key`, taken out of the pool; one that no longer fits is ended. */
  private take(key: string, request: WarmRequest): Standby | undefined {
    const standby = this.standbys.get(key);
    if (!standby) return undefined;
    this.standbys.delete(key);
    if (standby.fits(request)) return standby;
    standby.discard();
    return undefined;
  }

  private launch(key: string, request: WarmRequest): Standby | undefined {
    if (this.standbys.size >= LIMIT) {
      // Maps keep insertion order, and a used standby is deleted: the first is the oldest.
      const [oldestKey, oldest] = this.standbys.entries().next().value as [string, Standby];
      this.standbys.delete(oldestKey);
      oldest.discard();
    }
    const standby = new Standby(this.host, request, () => {
      if (this.standbys.get(key) === standby) this.standbys.delete(key);
      this.earlyDeaths.set(key, (this.earlyDeaths.get(key) ?? 0) + 1);
    });
    if (!standby.alive) return undefined;
    this.standbys.set(key, standby);
    return standby;
  }
}

/** One process started ahead, blocked reading its stdin until `activate`. */
class Standby {
  private readonly process: HostedProcess;
  pid: number | undefined;
  alive = true;
  private discarded = false;
  private target: SpawnHandlers | undefined;
  /** What arrived before `activate` (a shell's start-up warning), handed over at activation. */
  private early: ((h: SpawnHandlers) => void)[] = [];
  private readonly env: Map<string, string | undefined>;
  /** The working directory's device and inode when the standby was asked for. */
  private readonly directory: string | undefined;
  /** The call's own request and input, once activated (its `withoutHost` may carry the input). */
  private call: { request: WarmRequest; input: string } | undefined;
  /** The call run on Node's spawn instead, if the host gave up before starting this one. */
  private onNode: SpawnedProcess | undefined;
  /** A kill the call asked for before any process ran it. */
  private killedBeforeStart: NodeJS.Signals | undefined;

  constructor(
    host: ProcessHost,
    request: WarmRequest,
    private readonly onEarlyDeath: () => void,
  ) {
    this.env = new Map(Object.entries(process.env));
    this.directory = directoryId(request.cwd);
    const relay = (event: (h: SpawnHandlers) => void, ends = false) => {
      if (this.target) return event(this.target);
      if (ends) this.died();
      else this.early.push(event);
    };
    this.process = host.submit(
      { ...request, stdin: "", keepStdinOpen: true },
      {
        onSpawn: (pid) => {
          this.pid = pid;
          // Discarded before this: the host call has just sent it the SIGKILL asked for.
          if (this.discarded) this.process.release();
          else relay((h) => h.onSpawn?.(pid));
        },
        onStdout: (chunk) => relay((h) => h.onStdout(chunk)),
        onStderr: (chunk) => relay((h) => h.onStderr(chunk)),
        onError: (failure) => relay((h) => h.onError(failure), true),
        onExit: (code, signal) => relay((h) => h.onExit(code, signal), true),
        onClose: () => relay((h) => h.onClose()),
      },
      // The host never came up: no standby; a call already handed to it runs on Node's spawn.
      () => this.hostGaveUp(),
      { idle: true },
    );
  }

  /**
   * Still what a cold start of `request` would give: same process.env, and the same directory at
   * `request.cwd` as when it was asked for. (The host entered that path after; had the directory
   * been replaced since, the path would now name another inode: the one the standby holds as
   * its working directory cannot be given to a new directory.)
   */
  fits(request: WarmRequest): boolean {
    return (
      this.alive &&
      sameEnv(this.env) &&
      this.directory !== undefined &&
      directoryId(request.cwd) === this.directory
    );
  }

  /** Gives the standby the call's input (then end of input) and handlers. */
  activate(request: WarmRequest, input: string, handlers: SpawnHandlers): SpawnedProcess {
    this.target = handlers;
    this.call = { request, input };
    const early = this.early;
    this.early = [];
    for (const event of early) event(handlers);
    this.process.hold();
    this.process.endWith(input);
    const current = () => this.onNode ?? this.process;
    return {
      get pid() {
        return current().pid;
      },
      killGroup: (signal) => {
        if (!this.onNode && this.process.pid === undefined) this.killedBeforeStart ??= signal;
        current().killGroup(signal);
      },
      write: (data) => current().write(data),
      endInput: () => current().endInput(),
      release: () => current().release(),
    };
  }

  private hostGaveUp(): void {
    this.alive = false;
    if (!this.target || !this.call) return;
    this.onNode = startInstead(
      { ...this.call.request, stdin: this.call.input },
      this.target,
      this.killedBeforeStart,
    );
  }

  /** Ends it. Before the host reported its start, the kill waits for the pid, so it is released then. */
  discard(): void {
    this.alive = false;
    this.discarded = true;
    this.process.killGroup("SIGKILL");
    if (this.pid !== undefined) this.process.release();
  }

  private died(): void {
    if (!this.alive) return;
    this.alive = false;
    this.process.release();
    this.onEarlyDeath();
  }
}

/**
 * A non-interactive bash runs the file `BASH_ENV` names as it starts: a standby would run it
 * before its call (and a discarded one for nothing), and with the file as it was then.
 */
function readsStartupFile(request: WarmRequest): boolean {
  const fromRequest = request.env.BASH_ENV;
  return (fromRequest ?? (request.inheritEnv ? process.env.BASH_ENV : undefined) ?? "") !== "";
}

function keyOf(request: WarmRequest): string {
  return JSON.stringify([
    request.file,
    request.args,
    request.cwd,
    request.env,
    request.inheritEnv === true,
    request.mergeOutput === true,
    request.outputCap ?? -1,
  ]);
}

function sameEnv(snapshot: Map<string, string | undefined>): boolean {
  const keys = Object.keys(process.env);
  if (keys.length !== snapshot.size) return false;
  for (const key of keys) if (process.env[key] !== snapshot.get(key)) return false;
  return true;
}

/** A directory's device and inode, or undefined if it is not there. */
function directoryId(dir: string): string | undefined {
  try {
    const stat = fs.statSync(dir);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

const shared = new WeakMap<ProcessHost, WarmStarts>();

/** The warm starts of `host` (default: this codebot process's host); none when turned off. */
export function warmStarts(host: ProcessHost | undefined = processHost()): WarmStarts | undefined {
  if (!host || process.env.CODEBOT_WARM_START === "off") return undefined;
  let warm = shared.get(host);
  if (!warm) {
    warm = new WarmStarts(host);
    shared.set(host, warm);
  }
  return warm;
}

/** Starts a command through a standby when one is ready (see above), else as `spawnProcess` would. */
export function startWarm(
  request: WarmRequest,
  input: string,
  handlers: SpawnHandlers,
  options: StartOptions = {},
  host: ProcessHost | undefined = processHost(),
): SpawnedProcess {
  const warm = host?.usable ? warmStarts(host) : undefined;
  if (!warm) return spawnProcess({ ...request, stdin: input }, handlers, host);
  return warm.start(request, input, handlers, options);
}
