/**
 * The wire between Node and the process host (the kinds are listed in process-host-source.ts):
 * frames of call id (u32), kind (1 byte), payload length (u32), big-endian, then the payload.
 */
import { constants } from "node:os";
import type { SpawnRequest } from "./spawn-request.js";

const HEADER = 9;

export function frame(id: number, kind: string, payload: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(HEADER);
  header.writeUInt32BE(id, 0);
  header.write(kind, 4, "latin1");
  header.writeUInt32BE(payload.length, 5);
  return payload.length ? Buffer.concat([header, payload]) : header;
}

/** Cuts the host's stdout into frames, however the pipe splits them. */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly onFrame: (id: number, kind: string, payload: Buffer) => void) {}

  /** Forgets a partial frame (a new host starts from its first byte). */
  reset(): void {
    this.pending = Buffer.alloc(0);
  }

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let offset = 0;
    while (this.pending.length - offset >= HEADER) {
      const size = this.pending.readUInt32BE(offset + 5);
      if (this.pending.length - offset < HEADER + size) break;
      const id = this.pending.readUInt32BE(offset);
      const kind = String.fromCharCode(this.pending[offset + 4] as number);
      const payload = this.pending.subarray(offset + HEADER, offset + HEADER + size);
      offset += HEADER + size;
      this.onFrame(id, kind, payload);
    }
    this.pending = offset === this.pending.length ? Buffer.alloc(0) : this.pending.subarray(offset);
  }
}

/**
 * The frames that start a command, in one buffer (one write, one wake-up of the host): spawn,
 * then its stdin data unless it goes another way (empty, or over named pipes), then end of input.
 */
export function startFrames(
  id: number,
  request: SpawnRequest,
  fifos: readonly string[] | undefined,
  end: boolean,
): Buffer {
  const spec = spawnSpec(request, fifos);
  const specBytes = Buffer.byteLength(spec);
  const stdin = fifos ? null : request.stdin;
  const stdinBytes = stdin === null ? 0 : typeof stdin === "string" ? Buffer.byteLength(stdin) : stdin.length;
  const size = HEADER + specBytes + (stdinBytes ? HEADER + stdinBytes : 0) + (end ? HEADER : 0);
  const out = Buffer.allocUnsafe(size);
  let at = writeHeader(out, 0, id, "S", specBytes);
  at += out.write(spec, at);
  if (stdin !== null && stdinBytes) {
    at = writeHeader(out, at, id, "I", stdinBytes);
    at += typeof stdin === "string" ? out.write(stdin, at) : stdin.copy(out, at);
  }
  if (end) writeHeader(out, at, id, "E", 0);
  return out;
}

function writeHeader(out: Buffer, at: number, id: number, kind: string, size: number): number {
  out.writeUInt32BE(id, at);
  out[at + 4] = kind.charCodeAt(0);
  out.writeUInt32BE(size, at + 5);
  return at + HEADER;
}

/** The JSON of a spawn frame. */
function spawnSpec(request: SpawnRequest, fifos: readonly string[] | undefined): string {
  const spec = {
    argv: [request.file, ...request.args],
    cwd: request.cwd,
    // JSON leaves out undefined values: the variable is not set (or, inherited, keeps its value).
    env: request.env,
    stdin: request.stdin !== null,
    merge: request.mergeOutput === true,
    cap: request.outputCap ?? -1,
    ...(fifos ? { fifos } : {}),
  };
  const json = JSON.stringify(spec);
  // process.env serialised directly: one pass over it, no copy (see SpawnRequest.inheritEnv).
  return request.inheritEnv ? `{"base":${JSON.stringify(process.env)},${json.slice(1)}` : json;
}

/** An exit frame's "code signal" (one of them empty). */
export function parseExit(payload: Buffer): { code: number | null; signal: NodeJS.Signals | null } {
  const [code, signal] = payload.toString().split(" ");
  return {
    code: code ? Number(code) : null,
    signal: signal ? (SIGNAL_NAMES.get(Number(signal)) ?? null) : null,
  };
}

const SIGNAL_NAMES = new Map(
  Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]),
);
