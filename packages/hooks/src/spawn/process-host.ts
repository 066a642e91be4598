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
import { constants } from "node:os";
import type { Writable } from "node:stream";
import { DirectPipes } from "./direct-pipes.js";
import { PROCESS_HOST_SOURCE } from "./process-host-source.js";
import type { SpawnedProcess, SpawnHandlers, SpawnRequest } from "./spawn-request.js";

const HEADER = 9;
/** Reads the host's source from fd 3 and runs it (named so in tracebacks). */
const BOOTSTRAP =
  "import os;f=os.fdopen(3,'rb');s=f.read();f.close();exec(compile(s,'codebot-process-host','exec'))";
/** How often a host may die before the session stops using it (and falls back to Node's spawn). */
const MAX_STARTS = 4;

interface HostCall {
  id: number;
  handlers: SpawnHandlers;
  pid?: number;
  /** A signal asked for before the pid was known. */
  pendingSignal?: NodeJS.Signals;
  exited: boolean;
  closed: boolean;
  direct?: DirectPipes;
}

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
  private pending: Buffer = Buffer.alloc(0);
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
    const call: HostCall = {
      id: this.nextId++,
      handlers,
      exited: false,
      closed: false,
      ...(request.directStdio && request.keepStdinOpen ? { direct: new DirectPipes(handlers.onStdout) } : {}),
    };
    if (this.nextId > 0xffff_fff0) this.nextId = 1;
    this.calls.set(call.id, call);
    this.refWhileBusy();
    const spec = {
      argv: [request.file, ...request.args],
      cwd: request.cwd,
      env: definedOnly(request.env),
      stdin: request.stdin !== null,
      merge: request.mergeOutput === true,
      cap: request.outputCap ?? -1,
      ...(call.direct ? { fifos: call.direct.paths } : {}),
    };
    const frames = [frame(call.id, "S", Buffer.from(JSON.stringify(spec)))];
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
      killGroup: (signal) => {
        if (call.pid === undefined) call.pendingSignal = signal;
        else killGroup(call.pid, signal);
      },
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
    this.pending = Buffer.alloc(0);
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
    child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
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

  private receive(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let offset = 0;
    while (this.pending.length - offset >= HEADER) {
      const size = this.pending.readUInt32BE(offset + 5);
      if (this.pending.length - offset < HEADER + size) break;
      const id = this.pending.readUInt32BE(offset);
      const kind = String.fromCharCode(this.pending[offset + 4] as number);
      const payload = this.pending.subarray(offset + HEADER, offset + HEADER + size);
      offset += HEADER + size;
      this.dispatch(id, kind, payload);
    }
    this.pending = offset === this.pending.length ? Buffer.alloc(0) : this.pending.subarray(offset);
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
    if (!call) return;
    switch (kind) {
      case "P": {
        call.pid = Number(payload.toString());
        call.direct?.open();
        if (call.pendingSignal) killGroup(call.pid, call.pendingSignal);
        call.handlers.onSpawn?.(call.pid);
        return;
      }
      case "F":
        this.forget(call);
        call.handlers.onError({ kind: "spawn", message: payload.toString() });
        return;
      case "O":
        call.handlers.onStdout(Buffer.from(payload));
        return;
      case "e":
        call.handlers.onStderr(Buffer.from(payload));
        return;
      case "X": {
        const [code, signal] = payload.toString().split(" ");
        call.exited = true;
        call.handlers.onExit(code ? Number(code) : null, signal ? signalName(Number(signal)) : null);
        if (call.closed) this.forget(call);
        return;
      }
      case "C":
        call.closed = true;
        call.handlers.onClose();
        if (call.exited) this.forget(call);
        return;
    }
  }
}

function frame(id: number, kind: string, payload: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(HEADER);
  header.writeUInt32BE(id, 0);
  header.write(kind, 4, "latin1");
  header.writeUInt32BE(payload.length, 5);
  return payload.length ? Buffer.concat([header, payload]) : header;
}

export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

const SIGNAL_NAMES = new Map(
  Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]),
);

function signalName(number: number): NodeJS.Signals | null {
  return SIGNAL_NAMES.get(number) ?? null;
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
