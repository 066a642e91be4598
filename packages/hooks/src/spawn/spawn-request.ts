/** What starting one command (a command hook, a bash tool call) needs and tells, on either spawn path. */

export interface SpawnRequest {
  /** Absolute path of the program (`/bin/sh`); it is not looked up on PATH. */
  file: string;
  args: string[];
  cwd: string;
  /** The command's environment; with `inheritEnv`, the variables set on top of process.env. */
  env: NodeJS.ProcessEnv;
  /**
   * Start from process.env as it is now, then `env`. Cheaper than a copy made by the caller:
   * each read of process.env crosses into C++, so `{ ...process.env }` costs ~100 µs a command.
   */
  inheritEnv?: boolean;
  /** Written to the command's stdin, which is then closed (unless `keepStdinOpen`); `null` gives it /dev/null. */
  stdin: string | Buffer | null;
  /** Leave stdin open for `write()` after the start (a persistent hook); `endInput()` closes it. */
  keepStdinOpen?: boolean;
  /** With keepStdinOpen: stdin and stdout straight between Node and the command, not relayed by the host. */
  directStdio?: boolean;
  /** stdout and stderr into one pipe, in the order written (reported as stdout). */
  mergeOutput?: boolean;
  /**
   * If it starts on Node's spawn after all (no process host could run): these arguments instead
   * (and this working directory, if given), and /dev/null as stdin. Node gives stdin as a socket,
   * which some programs take for a network login (bash then reads ~/.bashrc); a request that
   * passes its input on stdin says here how to pass it otherwise.
   */
  withoutHost?: { args: string[]; cwd?: string };
  /** Bytes of each stream passed on; past it, one more byte is passed (so the cut shows) and the rest dropped. */
  outputCap?: number;
  /**
   * What the command leaves running once it exited by itself (a hook's `nohup summarise &`) is
   * not ended when the process host closes, as Claude Code leaves it; a command still running
   * then is ended as always. Only what stays in the command's process group (a `setsid` one is
   * still ended).
   */
  keepLeftovers?: boolean;
}

export interface SpawnFailure {
  /** `spawn`: it never started (missing cwd or program); `lost`: the process host died while it ran. */
  kind: "spawn" | "lost";
  message: string;
}

export interface SpawnHandlers {
  onSpawn?(pid: number): void;
  onStdout(chunk: Buffer): void;
  onStderr(chunk: Buffer): void;
  /** It could not start, or was lost; no exit or close follows. */
  onError(failure: SpawnFailure): void;
  onExit(code: number | null, signal: NodeJS.Signals | null): void;
  /** Every output pipe reached its end (a background child may hold them past the exit). */
  onClose(): void;
}

/** A started command: its own process group, led by `pid`. */
export interface SpawnedProcess {
  /** Known once it started (on the process host, shortly after the call). */
  readonly pid: number | undefined;
  /** Signals the whole process group (a signal asked for before the start is sent once it started). */
  killGroup(signal: NodeJS.Signals): void;
  /** More stdin, for a request with `keepStdinOpen`. */
  write(data: string | Buffer): void;
  /** Closes stdin (end of input). */
  endInput(): void;
  /** Stops reading its output (grandchildren still writing get EPIPE); no more handlers are called. */
  release(): void;
}
