/**
 * The process host: one small process per codebot process that starts command hooks and bash
 * commands with `posix_spawn` (compiled from process-host.c where `npm run build` found a C
 * compiler, else the same program in Python: process-host-source.ts). Node's spawn forks the whole
 * Node process, so each start costs time in proportion to the agent's heap (8–12 ms here); from
 * the host it costs what starting `sh` costs (≈ 3 ms). The host also guarantees that nothing it
 * started outlives codebot, even a SIGKILLed one (see process-host-source.ts).
 *
 * This file is the Node side: it starts the host, frames requests, routes the host's frames to
 * the calls, and when the host dies fails the calls in flight and starts a new host for the next.
 */
import type { ChildProcess } from "node:child_process";
import { HostCall } from "./host-call.js";
import { FrameReader, frame, startFrames } from "./host-frames.js";
import { builtHost, startHostProgram } from "./host-program.js";
import { killGroup } from "./kill-group.js";
import type { SpawnedProcess, SpawnHandlers, SpawnRequest } from "./spawn-request.js";

/** How often a host may die before the session stops using it (and falls back to Node's spawn). */
const MAX_STARTS = 4;
/** The wire's version, in the host's hello: a compiled host left from an older build is not used. */
const PROTOCOL = "2";
/** What a start that did not happen on the host returns. */
const INERT: HostedProcess = {
  pid: undefined,
  killGroup() {},
  write() {},
  endInput() {},
  release() {},
  hold() {},
  endWith() {},
};

/** A command started through the host. */
export interface HostedProcess extends SpawnedProcess {
  /** A call submitted `idle` keeps Node alive from now on, like any other. */
  hold(): void;
  /** `write(data)` and `endInput()` in one write to the host. */
  endWith(data: string | Buffer): void;
}

export interface SubmitOptions {
  /** Does not keep Node alive until `hold()` (a standby waiting for its input: warm-starts.ts). */
  idle?: boolean;
}

export interface ProcessHostOptions {
  /**
   * The compiled host; default: the one `npm run build` made, if there is one (none, or
   * `CODEBOT_PROCESS_HOST=python`: the Python host). `false`: the Python host.
   */
  native?: string | false;
  /** The Python 3 interpreter; default: /usr/bin/python3 if present, else `python3` on PATH. */
  python?: string;
  /** Seconds between SIGTERM and SIGKILL when the host ends everything at shutdown. Default 1. */
  shutdownGraceS?: number;
}

export class ProcessHost {
  private child: ChildProcess | undefined;
  private ready = false;
  private starts = 0;
  private unavailable = false;
  /** The compiled host to start, until one of it fails to come up (then the Python host). */
  private native: string | undefined;
  private nextId = 1;
  private readonly calls = new Map<number, HostCall>();
  /** Calls submitted idle and not yet held. */
  private readonly idle = new Set<number>();
  /** Frames written before the host said hello, with what to do if it never does. */
  private queued: { call: HostCall; frames: Buffer[]; fallback: () => void }[] = [];
  private readonly reader = new FrameReader((id, kind, payload) => this.dispatch(id, kind, payload));
  private exited: Promise<void> = Promise.resolve();
  /** Frames held back by `together`. */
  private held: Buffer[] | undefined;

  constructor(private readonly options: ProcessHostOptions = {}) {
    this.native = options.native === false ? undefined : (options.native ?? builtHost());
  }

  /** True while the host can be used (it may still be starting). */
  get usable(): boolean {
    return !this.unavailable;
  }

  /** The host's pid, once started (tests kill it to check recovery). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Runs `send` with what it writes to the host held back, then written at once: one write, one
   * wake-up of the host (say, a call's input and the start of the next call's standby).
   */
  together<T>(send: () => T): T {
    if (this.held) return send();
    const held: Buffer[] = [];
    this.held = held;
    try {
      return send();
    } finally {
      this.held = undefined;
      if (held.length) this.write(held);
    }
  }

  /** Starts the host now (it is otherwise started by the first command), so that command does not wait. */
  warm(): void {
    if (!this.unavailable && !this.child) this.start();
  }

  /**
   * Starts a command through the host. `fallback` runs instead if the host cannot start; the
   * handlers are then not called by the host.
   */
  submit(
    request: SpawnRequest,
    handlers: SpawnHandlers,
    fallback: () => void,
    options: SubmitOptions = {},
  ): HostedProcess {
    if (this.unavailable) {
      fallback();
      return INERT;
    }
    if (!this.child) this.start();
    if (this.unavailable) return this.submit(request, handlers, fallback, options);
    const call = new HostCall(
      this.nextId++,
      handlers,
      request.directStdio === true && request.keepStdinOpen === true,
    );
    if (this.nextId > 0xffff_fff0) this.nextId = 1;
    this.calls.set(call.id, call);
    if (options.idle) this.idle.add(call.id);
    this.refWhileBusy();
    const end = !call.direct && request.stdin !== null && !request.keepStdinOpen;
    let frames: Buffer[];
    try {
      frames = [startFrames(call.id, request, call.direct?.paths, end, options.idle === true)];
    } catch (err) {
      // A string no process can be given (a NUL in it): fails like a spawn, nothing was sent.
      this.forget(call);
      const message = err instanceof Error ? err.message : String(err);
      queueMicrotask(() => handlers.onError({ kind: "spawn", message }));
      return INERT;
    }
    if (call.direct && request.stdin !== null && request.stdin.length > 0) call.direct.write(request.stdin);
    const queued = { call, frames, fallback };
    if (this.ready) this.write(frames);
    else this.queued.push(queued);
    const send = (...f: Buffer[]) => {
      if (!this.calls.has(call.id)) return;
      if (this.queued.includes(queued)) queued.frames.push(...f);
      else this.write(f);
    };
    const input = (data: string | Buffer) =>
      frame(call.id, "I", typeof data === "string" ? Buffer.from(data) : data);
    return {
      get pid() {
        return call.pid;
      },
      killGroup: (signal) => call.killGroup(signal),
      write: (data) => {
        if (call.direct) call.direct.write(data);
        else send(input(data));
      },
      endWith: (data) => {
        if (call.direct) {
          call.direct.write(data);
          call.direct.dispose();
        } else if (data.length > 0) send(input(data), frame(call.id, "E"));
        else send(frame(call.id, "E"));
      },
      hold: () => {
        if (this.idle.delete(call.id)) this.refWhileBusy();
      },
      endInput: () => {
        if (call.direct) call.direct.dispose();
        else send(frame(call.id, "E"));
      },
      release: () => {
        if (!this.calls.has(call.id)) return;
        if (!call.closed) this.write([frame(call.id, "R")]);
        this.forget(call);
      },
    };
  }

  /** Ends the host: it stops everything it started (TERM, grace, KILL) and exits. Resolves when it has. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    // Keep Node alive until the host has ended what it started.
    child.ref();
    child.stdin?.end();
    await this.exited;
  }

  private start(): void {
    this.starts++;
    this.ready = false;
    this.reader.reset();
    let child: ChildProcess;
    try {
      child = startHostProgram(this.native, this.options.python, String(this.options.shutdownGraceS ?? 1));
    } catch {
      this.failedToStart();
      return;
    }
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    child.on("error", () => {
      // ENOENT (no python3) and the like: the exit handler below is not always called.
      if (this.child === child) this.lost(child, "could not start");
    });
    child.on("exit", (code, signal) => {
      if (this.child === child)
        this.lost(child, signal ? `was killed by ${signal}` : `exited with code ${code}`);
    });
    child.stdin?.on("error", () => {});
    child.stdout?.on("data", (chunk: Buffer) => this.reader.push(chunk));
    child.unref();
    this.refWhileBusy();
  }

  /** The host went away: calls in flight fail (and their groups are killed), the next call starts a new host. */
  private lost(child: ChildProcess, how: string): void {
    this.child = undefined;
    child.stdout?.destroy();
    child.stdin?.destroy();
    if (!this.ready) {
      this.failedToStart();
      return;
    }
    this.ready = false;
    for (const call of [...this.calls.values()]) {
      this.forget(call);
      if (call.pid !== undefined) killGroup(call.pid, "SIGKILL");
      call.handlers.onError({
        kind: "lost",
        message: `the process host ${how} while the command ran; the command was stopped`,
      });
    }
    if (this.starts >= MAX_STARTS) this.unavailable = true;
  }

  /** It never came up: the Python host if that was the compiled one (or from another build), else Node's spawn. */
  private failedToStart(): void {
    // `native` is what the failed start ran.
    if (this.native !== undefined) {
      this.native = undefined;
      this.start();
    } else this.giveUp();
  }

  private giveUp(): void {
    this.unavailable = true;
    this.child = undefined;
    const queued = this.queued;
    this.queued = [];
    for (const q of queued) {
      // A call released while it waited for the host is not started anywhere.
      const waiting = this.calls.delete(q.call.id);
      this.idle.delete(q.call.id);
      if (waiting) q.fallback();
    }
  }

  private write(frames: Buffer[]): void {
    if (this.held) {
      this.held.push(...frames);
      return;
    }
    const stdin = this.child?.stdin;
    if (!stdin) return;
    // One write (one wake-up of the host) for a call's frames.
    stdin.write(frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames));
  }

  private forget(call: HostCall): void {
    call.direct?.dispose();
    this.calls.delete(call.id);
    this.idle.delete(call.id);
    this.refWhileBusy();
  }

  /** The host's pipes keep Node alive only while a command runs through it. */
  private refWhileBusy(): void {
    const out = this.child?.stdout as (NodeJS.ReadableStream & { ref?(): void; unref?(): void }) | undefined;
    const busy = this.calls.size > this.idle.size;
    if (busy) out?.ref?.();
    else out?.unref?.();
    const inn = this.child?.stdin as { ref?(): void; unref?(): void } | undefined;
    if (busy) inn?.ref?.();
    else inn?.unref?.();
  }

  private dispatch(id: number, kind: string, payload: Buffer): void {
    if (kind === "H") {
      if (payload.toString() !== PROTOCOL) {
        // Speaks another wire: stopped; its exit starts the Python host for what waits.
        this.child?.kill("SIGKILL");
        return;
      }
      this.ready = true;
      const queued = this.queued;
      this.queued = [];
      for (const q of queued) if (this.calls.has(q.call.id)) this.write(q.frames);
      return;
    }
    const call = this.calls.get(id);
    if (call?.receive(kind, payload)) this.forget(call);
  }
}
