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
 * `standby`: nothing waits for its pid, so the host may send it with its next frame that cannot
 * wait. Throws (before anything is sent) if a string of the request cannot be passed to a process.
 */
export function startFrames(
  id: number,
  request: SpawnRequest,
  fifos: readonly string[] | undefined,
  end: boolean,
  standby = false,
): Buffer {
  const strings = spawnStrings(request, fifos);
  const specBytes = SPEC_FIXED + Buffer.byteLength(strings);
  const stdin = fifos ? null : request.stdin;
  const stdinBytes = stdin === null ? 0 : typeof stdin === "string" ? Buffer.byteLength(stdin) : stdin.length;
  const size = HEADER + specBytes + (stdinBytes ? HEADER + stdinBytes : 0) + (end ? HEADER : 0);
  const out = Buffer.allocUnsafe(size);
  let at = writeHeader(out, 0, id, "S", specBytes);
  out[at] =
    (request.stdin !== null ? 1 : 0) |
    (request.mergeOutput ? 2 : 0) |
    (fifos ? 4 : 0) |
    (standby ? 8 : 0) |
    (request.keepLeftovers ? 16 : 0);
  out.writeInt32BE(request.outputCap ?? -1, at + 1);
  out.writeUInt32BE(1 + request.args.length, at + 5);
  at += SPEC_FIXED;
  at += out.write(strings, at);
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

/** A spawn frame's payload: flags (1 stdin, 2 merge, 4 named pipes, 8 standby), output cap (i32), argc (u32), then the strings. */
const SPEC_FIXED = 9;

/**
 * A spawn frame's strings, each ended by NUL: cwd, the named pipes if any, argv, then "K=V" for
 * each variable, each name once (process.env's, but those the request sets, then the request's):
 * the compiled host passes them to the command as they are. No JSON: the host splits on NUL.
 */
function spawnStrings(request: SpawnRequest, fifos: readonly string[] | undefined): string {
  let text = `${checked(request.cwd, "working directory")}\0`;
  if (fifos) text += `${fifos[0]}\0${fifos[1]}\0`;
  text += `${checked(request.file, "program")}\0`;
  for (const arg of request.args) text += `${checked(arg, "argument")}\0`;
  const env = request.env;
  // process.env read once, straight into the text (each read of it crosses into C++).
  if (request.inheritEnv) {
    const base = process.env;
    // Object.keys, then a read each: the cheapest way through process.env measured (for…in: +25%).
    for (const key of Object.keys(base)) if (env[key] === undefined) text += `${key}=${base[key]}\0`;
  }
  for (const key in env) {
    const value = env[key];
    // Undefined: not set (or, inherited, keeps process.env's value).
    if (value === undefined) continue;
    if (key === "" || key.includes("=") || key.includes("\0"))
      throw new Error(`environment variable name ${JSON.stringify(key)} is not valid`);
    text += `${key}=${checked(value, `environment variable ${key}`)}\0`;
  }
  return text;
}

function checked(text: string, what: string): string {
  if (text.includes("\0")) throw new Error(`${what} contains a NUL character`);
  return text;
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
