/**
 * The MCP stdio transport for a local server, in its own process group: closing it signals the
 * whole group (a server started through `npx` or `sh -c` leaves no grandchild behind), which the
 * SDK's transport (it signals only its direct child) does not. Keeps the tail of stderr for the
 * report of a server that fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  deserializeMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  serializeMessage,
} from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { MessageLines } from "./message-lines.js";

const STDERR_TAIL = 2_000;
/** After stdin closes, a server gets this long to exit before SIGTERM, then SIGKILL. */
const GRACE_MS = 500;

export interface StdioServerProcess {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private child: ChildProcess | undefined;
  private readonly lines = new MessageLines(STDIO_DEFAULT_MAX_BUFFER_SIZE);
  private stderr = "";
  private exited = false;
  /** How the process ended (`exit code 1`, `signal SIGKILL`), once it has. */
  exitDescription: string | undefined;
  /** Why codebot stopped the server itself, when it did. */
  stoppedBecause: string | undefined;

  constructor(private readonly server: StdioServerProcess) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the server wrote to stderr. */
  stderrTail(): string {
    return this.stderr.trim();
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, this.server.args, {
        cwd: this.server.cwd,
        env: this.server.env,
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      child.once("error", (error) => {
        this.exited = true;
        this.exitDescription = error.message;
        reject(error);
        this.onerror?.(error);
        this.onclose?.();
      });
      child.once("spawn", () => resolve());
      child.once("exit", (code, signal) => {
        this.exited = true;
        this.exitDescription = signal ? `signal ${signal}` : `exit code ${code}`;
      });
      child.once("close", () => {
        this.exited = true;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        if (this.stoppedBecause !== undefined) return;
        let lines: string[];
        try {
          lines = this.lines.push(chunk);
        } catch {
          // A message too big to read: what follows cannot be told apart from its rest, and its
          // call would wait for an answer that never comes. The call gets an error instead.
          this.stoppedBecause = `it sent a message larger than ${STDIO_DEFAULT_MAX_BUFFER_SIZE / 1024 / 1024} MB, the most codebot reads`;
          void this.close();
          return;
        }
        for (const line of lines) {
          let message: JSONRPCMessage;
          try {
            message = deserializeMessage(line);
          } catch (error) {
            this.onerror?.(error as Error);
            continue;
          }
          this.onmessage?.(message);
        }
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.exited) {
        reject(new Error("the server process is not running"));
        return;
      }
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends stdin, then signals the group: SIGTERM after a grace period, SIGKILL after another. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    const closed = this.exited
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("close", () => resolve()));
    child.stdin?.end();
    if (await settlesWithin(closed, GRACE_MS)) return killGroup(pid, "SIGKILL");
    killGroup(pid, "SIGTERM");
    if (await settlesWithin(closed, GRACE_MS)) return killGroup(pid, "SIGKILL");
    killGroup(pid, "SIGKILL");
    await settlesWithin(closed, GRACE_MS);
  }
}

/** Signals a process group; one already gone is fine. Its leader exiting does not end the group. */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
