/**
 * One process started ahead on the process host (see warm-starts.ts): blocked reading its stdin
 * until a call hands it its input with `activate`. Until then it does not keep Node alive, and
 * what it says (a shell's start-up warning) is kept for the call.
 */
import fs from "node:fs";
import type { HostedProcess, ProcessHost } from "./process-host.js";
import { StartOnHost } from "./spawn-process.js";
import type { SpawnedProcess, SpawnHandlers, SpawnRequest } from "./spawn-request.js";

/** A request for a warm start: its stdin is the input given at each call (then closed). */
export type WarmRequest = Omit<SpawnRequest, "stdin" | "keepStdinOpen" | "directStdio">;

export class Standby {
  private readonly process: HostedProcess;
  /** What the call is given: this process, or Node's spawn if the host gave up before starting it. */
  private readonly start = new StartOnHost();
  pid: number | undefined;
  alive = true;
  private discarded = false;
  private target: SpawnHandlers | undefined;
  /** What arrived before `activate`, handed over at activation. */
  private early: ((h: SpawnHandlers) => void)[] = [];
  /** process.env when it was asked for, as `environText` gives it. */
  private readonly env: string;
  /** The working directory's device and inode when the standby was asked for. */
  private readonly directory: string | undefined;
  /** The call's own request and input, once activated (its `withoutHost` may carry the input). */
  private call: { request: WarmRequest; input: string } | undefined;

  constructor(
    host: ProcessHost,
    request: WarmRequest,
    private readonly onEarlyDeath: () => void,
  ) {
    this.env = environText();
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
      () => {
        this.alive = false;
        if (this.target && this.call)
          this.start.moveToNode({ ...this.call.request, stdin: this.call.input }, this.target);
      },
      { idle: true },
    );
    this.start.hosted = this.process;
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
      environText() === this.env &&
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
    return this.start;
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
 * process.env as one string, to tell whether it changed. Each read of process.env crosses into
 * C++: JSON.stringify reads it in about half the time of a key-by-key walk (18 against 37 µs for
 * 39 variables here), and this runs at each standby's start and again at its use. A variable
 * removed and set again moves to the end: the text differs, and the call starts cold (safe).
 */
function environText(): string {
  return JSON.stringify(process.env);
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
