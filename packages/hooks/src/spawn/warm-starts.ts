/**
 * Warm starts: the shell of a command hook or a bash tool call is started one call ahead. When a
 * command of a given request (program, arguments, working directory, environment) has run, the
 * process host starts a *standby* for the same request: the same program with the same
 * arguments, blocked reading its stdin before it runs anything of the command. The next call of
 * that request hands its input to the standby instead of starting a process, so it does not wait
 * for `exec` and the shell's start-up (≈ 1 ms for `sh`, 1.5–2 ms for `bash` here). The standby
 * starts once the call's process has exited, not with it: a start costs more CPU than a hook's
 * run, and on two cores it slowed the very call it was started beside (bench/RESULTS.md, session
 * 11). A caller may instead start the next standby itself, as the call starts (`prepare`, as the
 * bash tool does, so that a model's batch of calls finds it ready: its shell waits in `/` and is
 * told its directory with the command, so one fits every call).
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
import type { ProcessHost } from "./process-host.js";
import { processHost, spawnProcess } from "./spawn-process.js";
import type { SpawnedProcess, SpawnHandlers } from "./spawn-request.js";
import { Standby, type WarmRequest } from "./standby.js";

export type { WarmRequest };

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
   * one that fits; once it has exited, starts the standby for the next call.
   */
  start(
    request: WarmRequest,
    input: string,
    handlers: SpawnHandlers,
    options: StartOptions = {},
  ): SpawnedProcess {
    const key = keyOf(request);
    const usable = this.wanted(key, request);
    const keep = options.standby !== false && usable;
    let standby = this.take(key, request);
    if (!standby && this.alwaysStandby && usable) {
      standby = this.launch(key, request);
      this.standbys.delete(key);
    }
    // The next standby starts once this call's process has exited, not while it runs: its start
    // costs more CPU than the call (exec, the shell's start-up), which it would take from it. And
    // after what the exit leads to (a hook's verdict, then the tool call it let through) is sent.
    const watched: SpawnHandlers = !keep
      ? handlers
      : {
          ...handlers,
          onExit: (code, signal) => {
            setImmediate(() => {
              if (!this.standbys.has(key) && this.wanted(key, request)) this.launch(key, request);
            });
            handlers.onExit(code, signal);
          },
        };
    return standby
      ? standby.activate(request, input, watched)
      : spawnProcess({ ...request, stdin: input }, watched, this.host);
  }

  /**
   * Starts a standby for `request` now, unless one is there (what each call does, unless told
   * not to). With `slot` (any object; say, one tool), the standby started for that slot before is
   * ended first if it was not used and is for another request: one waits per slot.
   */
  prepare(request: WarmRequest, slot?: object): void {
    const key = keyOf(request);
    const before = slot && this.slots.get(slot);
    if (slot) this.slots.set(slot, key);
    if (before && before !== key) this.take(before, undefined);
    if (!this.standbys.has(key) && this.wanted(key, request)) this.launch(key, request);
  }

  /** The pid of the standby ready for `request`, if any (tests, benchmarks). */
  standbyPid(request: WarmRequest): number | undefined {
    const standby = this.standbys.get(keyOf(request));
    return standby?.alive ? standby.pid : undefined;
  }

  private wanted(key: string, request: WarmRequest): boolean {
    return (
      this.host.usable && (this.earlyDeaths.get(key) ?? 0) < MAX_EARLY_DEATHS && !readsStartupFile(request)
    );
  }

  /**
   * The standby of `key`, taken out of the pool if it fits `request`; one that does not (or any,
   * without a request) is ended.
   */
  private take(key: string, request: WarmRequest | undefined): Standby | undefined {
    const standby = this.standbys.get(key);
    if (!standby) return undefined;
    this.standbys.delete(key);
    if (request && standby.fits(request)) return standby;
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

/**
 * A non-interactive bash runs the file `BASH_ENV` names as it starts: a standby would run it
 * before its call (and a discarded one for nothing), and with the file as it was then.
 */
export function readsStartupFile(request: WarmRequest): boolean {
  const fromRequest = request.env.BASH_ENV;
  return (fromRequest ?? (request.inheritEnv ? process.env.BASH_ENV : undefined) ?? "") !== "";
}

/** Requests with equal keys start the same process. `withoutHost` is not part of it: it may carry the call's input. */
function keyOf(request: WarmRequest): string {
  return JSON.stringify([
    request.file,
    request.args,
    request.cwd,
    request.env,
    request.inheritEnv === true,
    request.mergeOutput === true,
    request.outputCap ?? -1,
    request.keepLeftovers === true,
  ]);
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
