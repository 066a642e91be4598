/**
 * The process host: one small Python process per codebot process that starts command hooks and
 * bash commands with `posix_spawn`. Node's `child_process.spawn` forks the whole Node process, so
 * each start costs time in proportion to the agent's heap (8–12 ms here); from the host it costs
 * what starting `sh` costs (≈ 3 ms). The host also guarantees that nothing it started outlives
 * codebot, even a SIGKILLed one (see process-host-source.ts).
 *
 * This file is the Node side: it starts the host, frames requests, routes the host's frames to
 * the calls, and when the host dies fails the calls in flight and starts a new host for the next.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { Writable } from "node:stream";
import { HostCall } from "./host-call.js";
import { FrameReader, frame, spawnSpec } from "./host-frames.js";
import { killGroup } from "./kill-group.js";
import { PROCESS_HOST_SOURCE } from "./process-host-source.js";
import type { SpawnedProcess, SpawnHandlers, SpawnRequest } from "./spawn-request.js";

/** Reads the host's source from fd 3 and runs it (named so in tracebacks). */
const BOOTSTRAP =
  "import os;f=os.fdopen(3,'rb');s=f.read();f.close();exec(compile(s,'codebot-process-host','exec'))";
/** How often a host may die before the session stops using it (and falls back to Node's spawn). */
const MAX_STARTS = 4;

export interface ProcessHostOptions {
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
  private nextId = 1;
  private readonly calls = new Map<number, HostCall>();
  /** Frames written before the host said hello, with what to do if it never does. */
  private queued: { call: HostCall; frames: Buffer[]; fallback: () => void }[] = [];
  private readonly reader = new FrameReader((id, kind, payload) => this.dispatch(id, kind, payload));
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly options: ProcessHostOptions = {}) {}

  /** True while the host can be used (it may still be starting). */
  get usable(): boolean {
    return !this.unavailable;
  }

  /** The host's pid, once started (tests kill it to check recovery). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the host now (it is otherwise started by the first command), so that command does not wait. */
  warm(): void {
    if (!this.unavailable && !this.child) this.start();
  }

  /**
   * Starts a command through the host. `fallback` runs instead if the host cannot start; the
   * handlers are then not called by the host.
   */
  submit(request: SpawnRequest, handlers: SpawnHandlers, fallback: () => void): SpawnedProcess {
    if (this.unavailable) {
      fallback();
      return { pid: undefined, killGroup: () => {}, write: () => {}, endInput: () => {}, release: () => {} };
    }
    if (!this.child) this.start();
    if (this.unavailable) return this.submit(request, handlers, fallback);
    const call = new HostCall(
      this.nextId++,
      handlers,
      request.directStdio === true && request.keepStdinOpen === true,
    );
    if (this.nextId > 0xffff_fff0) this.nextId = 1;
    this.calls.set(call.id, call);
    this.refWhileBusy();
    const frames = [frame(call.id, "S", spawnSpec(request, call.direct?.paths))];
    if (call.direct) {
      if (request.stdin !== null && request.stdin.length > 0) call.direct.write(request.stdin);
    } else if (request.stdin !== null) {
      const data = typeof request.stdin === "string" ? Buffer.from(request.stdin) : request.stdin;
      if (data.length > 0) frames.push(frame(call.id, "I", data));
      if (!request.keepStdinOpen) frames.push(frame(call.id, "E"));
    }
    const queued = { call, frames, fallback };
    if (this.ready) this.write(frames);
    else this.queued.push(queued);
    const send = (f: Buffer) => {
      if (!this.calls.has(call.id)) return;
      if (this.queued.includes(queued)) queued.frames.push(f);
      else this.write([f]);
    };
    return {
      get pid() {
        return call.pid;
      },
      killGroup: (signal) => call.killGroup(signal),
      write: (data) => {
        if (call.direct) call.direct.write(data);
        else send(frame(call.id, "I", typeof data === "string" ? Buffer.from(data) : data));
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
    const python = this.options.python ?? (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
    const grace = String(this.options.shutdownGraceS ?? 1);
    let child: ChildProcess;
    try {
      child = spawn(python, ["-I", "-S", "-c", BOOTSTRAP, grace], {
        // The source goes in on fd 3, so `ps` shows a short command line.
        stdio: ["pipe", "pipe", "ignore", "pipe"],
        // Its own process group: Ctrl+C is Node's to handle, the host then ends with Node's pipe.
        detached: true,
      });
      const source = child.stdio[3] as Writable | null;
      source?.on("error", () => {});
      source?.end(PROCESS_HOST_SOURCE);
    } catch {
      this.giveUp();
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
      // It never came up: run what waited on Node's own spawn, and stop trying.
      this.giveUp();
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

  private giveUp(): void {
    this.unavailable = true;
    this.child = undefined;
    const queued = this.queued;
    this.queued = [];
    for (const q of queued) {
      this.calls.delete(q.call.id);
      q.fallback();
    }
  }

  private write(frames: Buffer[]): void {
    const stdin = this.child?.stdin;
    if (!stdin) return;
    // One write (one wake-up of the host) for a start's frames.
    stdin.write(frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames));
  }

  private forget(call: HostCall): void {
    call.direct?.dispose();
    this.calls.delete(call.id);
    this.refWhileBusy();
  }

  /** The host's pipes keep Node alive only while a command runs through it. */
  private refWhileBusy(): void {
    const out = this.child?.stdout as (NodeJS.ReadableStream & { ref?(): void; unref?(): void }) | undefined;
    const busy = this.calls.size > 0;
    if (busy) out?.ref?.();
    else out?.unref?.();
    const inn = this.child?.stdin as { ref?(): void; unref?(): void } | undefined;
    if (busy) inn?.ref?.();
    else inn?.unref?.();
  }

  private dispatch(id: number, kind: string, payload: Buffer): void {
    if (kind === "H") {
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
