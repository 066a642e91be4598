/**
 * stdin and stdout of a long-lived command on two named pipes that Node opens itself, so its
 * lines go straight between it and Node instead of through the process host (one hop less each
 * way: a persistent hook's answer then costs tens of microseconds, not hundreds). The host makes
 * the pipes and starts the command on them; Node opens them once it started.
 */
import { constants as fsConstants, mkdtempSync, openSync, rmSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class DirectPipes {
  /** The host creates these (stdin, stdout) in a directory only this user can enter. */
  readonly paths: [string, string];
  private readonly dir: string;
  private input: Socket | undefined;
  private output: Socket | undefined;
  private pending: (string | Buffer)[] = [];
  private disposed = false;

  constructor(private readonly onData: (chunk: Buffer) => void) {
    this.dir = mkdtempSync(join(tmpdir(), "codebot-pipes-"));
    this.paths = [join(this.dir, "stdin"), join(this.dir, "stdout")];
  }

  /** The command started: open both pipes (read-write, so the open never waits) and send what waited. */
  open(): void {
    if (this.disposed) return;
    const flags = fsConstants.O_RDWR | fsConstants.O_NONBLOCK;
    this.input = new Socket({ fd: openSync(this.paths[0], flags), readable: false, writable: true });
    this.output = new Socket({ fd: openSync(this.paths[1], flags), readable: true, writable: false });
    for (const socket of [this.input, this.output]) {
      socket.on("error", () => {});
      // An idle long-lived command must not keep codebot running.
      socket.unref();
    }
    this.output.on("data", this.onData);
    for (const data of this.pending) this.input.write(data);
    this.pending = [];
    // Both ends are open now; the names are no longer needed.
    rmSync(this.dir, { recursive: true, force: true });
  }

  write(data: string | Buffer): void {
    if (this.disposed) return;
    if (this.input) this.input.write(data);
    else this.pending.push(data);
  }

  dispose(): void {
    this.disposed = true;
    this.input?.destroy();
    this.output?.destroy();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
