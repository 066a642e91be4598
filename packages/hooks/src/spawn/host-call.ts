/** One command started through the process host (process-host.ts): its state, fed by the host's frames. */
import { DirectPipes } from "./direct-pipes.js";
import { parseExit } from "./host-frames.js";
import { killGroup } from "./kill-group.js";
import type { SpawnHandlers } from "./spawn-request.js";

export class HostCall {
  pid: number | undefined;
  /** A signal asked for before the pid was known. */
  private pendingSignal: NodeJS.Signals | undefined;
  private exited = false;
  closed = false;
  /** stdin and stdout on named pipes Node opens itself (long-lived commands). */
  readonly direct: DirectPipes | undefined;

  constructor(
    readonly id: number,
    readonly handlers: SpawnHandlers,
    direct: boolean,
  ) {
    this.direct = direct ? new DirectPipes(handlers.onStdout) : undefined;
  }

  /** Signals the command's group, or remembers the signal until its pid is known. */
  killGroup(signal: NodeJS.Signals): void {
    if (this.pid === undefined) this.pendingSignal = signal;
    else killGroup(this.pid, signal);
  }

  /** One frame from the host about this call; true once the call is over (exited and its output closed). */
  receive(kind: string, payload: Buffer): boolean {
    switch (kind) {
      case "P": {
        const pid = Number(payload.toString());
        this.pid = pid;
        this.direct?.open();
        if (this.pendingSignal) killGroup(pid, this.pendingSignal);
        this.handlers.onSpawn?.(pid);
        return false;
      }
      case "F":
        this.handlers.onError({ kind: "spawn", message: payload.toString() });
        return true;
      case "O":
        this.handlers.onStdout(Buffer.from(payload));
        return false;
      case "e":
        this.handlers.onStderr(Buffer.from(payload));
        return false;
      case "X": {
        const { code, signal } = parseExit(payload);
        this.exited = true;
        this.handlers.onExit(code, signal);
        return this.closed;
      }
      case "C":
        this.closed = true;
        this.handlers.onClose();
        return this.exited;
      default:
        return false;
    }
  }
}
