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

/** The JSON of a spawn frame. */
export function spawnSpec(request: SpawnRequest, fifos: readonly string[] | undefined): Buffer {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.env)) if (value !== undefined) env[key] = value;
  const spec = {
    argv: [request.file, ...request.args],
    cwd: request.cwd,
    env,
    stdin: request.stdin !== null,
    merge: request.mergeOutput === true,
    cap: request.outputCap ?? -1,
    ...(fifos ? { fifos } : {}),
  };
  return Buffer.from(JSON.stringify(spec));
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
