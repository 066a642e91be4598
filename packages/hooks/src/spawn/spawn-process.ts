/**
 * Starts a command in a process group of its own, through the process host (posix_spawn, see
 * process-host.ts) or, where no host can run (no compiled one and no python3), with Node's own spawn. Command
 * hooks and the bash tool start every process here.
 */
import { spawn } from "node:child_process";
import { killGroup } from "./kill-group.js";
import { ProcessHost } from "./process-host.js";
import type { SpawnedProcess, SpawnHandlers, SpawnRequest } from "./spawn-request.js";

let shared: ProcessHost | undefined;

/**
 * The process host of this codebot process, shared by hooks and tools. `CODEBOT_PROCESS_HOST=off`
 * makes every start use Node's spawn instead.
 */
export function processHost(): ProcessHost | undefined {
  if (process.env.CODEBOT_PROCESS_HOST === "off") return undefined;
  shared ??= new ProcessHost();
  return shared;
}

export function spawnProcess(
  request: SpawnRequest,
  handlers: SpawnHandlers,
  host: ProcessHost | undefined = processHost(),
): SpawnedProcess {
  if (!host?.usable) return spawnWithNode(withoutHost(request), handlers);
  const start = new StartOnHost();
  start.hosted = host.submit(request, handlers, () => start.moveToNode(request, handlers));
  return start;
}

/**
 * A start submitted to the process host that moves to Node's spawn if the host gives up before
 * starting it; stopped meanwhile (a timeout, an abort), it fails instead, never starting. (A call
 * released meanwhile is not handed back by the host at all.)
 */
export class StartOnHost implements SpawnedProcess {
  /** What the host returned for the submission. */
  hosted: SpawnedProcess | undefined;
  private onNode: SpawnedProcess | undefined;
  private killedBeforeStart: NodeJS.Signals | undefined;

  private get current(): SpawnedProcess | undefined {
    return this.onNode ?? this.hosted;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  killGroup(signal: NodeJS.Signals): void {
    if (!this.onNode && this.hosted?.pid === undefined) this.killedBeforeStart ??= signal;
    this.current?.killGroup(signal);
  }

  write(data: string | Buffer): void {
    this.current?.write(data);
  }

  endInput(): void {
    this.current?.endInput();
  }

  release(): void {
    this.current?.release();
  }

  /** The host gave up before it started the call: `request` (with its stdin) runs on Node's spawn. */
  moveToNode(request: SpawnRequest, handlers: SpawnHandlers): void {
    if (this.killedBeforeStart === undefined) {
      this.onNode = spawnWithNode(withoutHost(request), handlers);
      return;
    }
    handlers.onError({
      kind: "spawn",
      message: `no process host came up, and the command was stopped (${this.killedBeforeStart}) before it could start`,
    });
  }
}

/** The request as it starts on Node's spawn (see SpawnRequest.withoutHost). */
function withoutHost(request: SpawnRequest): SpawnRequest {
  if (!request.withoutHost) return request;
  const { args, cwd = request.cwd } = request.withoutHost;
  return { ...request, args, cwd, stdin: null, keepStdinOpen: false };
}

/** Groups started with Node's spawn that may still run; killed when codebot exits. */
const nodeGroups = new Set<number>();
let exitHookInstalled = false;

/** Node's `child_process.spawn` (forks Node): the path when the process host is unavailable. */
export function spawnWithNode(request: SpawnRequest, handlers: SpawnHandlers): SpawnedProcess {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // The process host ends its commands itself; these would outlive codebot without this.
    process.on("exit", () => {
      for (const pid of nodeGroups) killGroup(pid, "SIGKILL");
    });
  }
  let released = false;
  const child = spawn(request.file, request.args, {
    cwd: request.cwd,
    env: request.inheritEnv ? inherited(request.env) : request.env,
    detached: true,
    stdio: [request.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid !== undefined) {
    nodeGroups.add(pid);
    queueMicrotask(() => handlers.onSpawn?.(pid));
  }
  let failed = false;
  child.on("error", (err) => {
    // Spawn failure (e.g. the cwd does not exist): there is no process to wait for.
    if (pid !== undefined || released) return;
    failed = true;
    handlers.onError({ kind: "spawn", message: err.message });
  });
  let sent = { out: 0, err: 0 };
  const cap = request.outputCap;
  const pass = (stream: "out" | "err", chunk: Buffer, to: (c: Buffer) => void) => {
    if (released) return;
    if (cap !== undefined) {
      const room = cap + 1 - sent[stream];
      if (room <= 0) return;
      if (chunk.length > room) chunk = chunk.subarray(0, room);
      sent = { ...sent, [stream]: sent[stream] + chunk.length };
    }
    to(chunk);
  };
  child.stdout?.on("data", (chunk: Buffer) => pass("out", chunk, handlers.onStdout));
  child.stderr?.on("data", (chunk: Buffer) =>
    pass(
      request.mergeOutput ? "out" : "err",
      chunk,
      request.mergeOutput ? handlers.onStdout : handlers.onStderr,
    ),
  );
  child.stdout?.on("error", () => {});
  child.stderr?.on("error", () => {});
  child.on("exit", (code, signal) => {
    if (!released) handlers.onExit(code, signal);
  });
  child.on("close", () => {
    if (pid !== undefined) nodeGroups.delete(pid);
    if (!released && !failed) handlers.onClose();
  });
  if (request.stdin !== null) {
    // A command that never reads stdin (or exits early) makes this write fail with EPIPE: that is fine.
    child.stdin?.on("error", () => {});
    if (request.keepStdinOpen) child.stdin?.write(request.stdin);
    else child.stdin?.end(request.stdin);
  }
  return {
    pid,
    killGroup: (signal) => {
      if (pid !== undefined) killGroup(pid, signal);
    },
    write: (data) => {
      if (child.stdin?.writable) child.stdin.write(data);
    },
    endInput: () => child.stdin?.end(),
    release: () => {
      released = true;
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}

/** process.env, then the request's variables (an undefined one keeps process.env's, as on the host). */
function inherited(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...process.env };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
