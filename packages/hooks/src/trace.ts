/**
 * Trace records (§10): one per hook considered, saying whether it matched, why it was skipped,
 * how it ran and what it decided. Delivered to a callback and optionally appended to a JSONL file.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  writeSync,
} from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { HookEvent } from "./events.js";
import type { SettingsSource } from "./settings-layer.js";

/**
 * Why a hook did not run. `managed hooks only`: the managed settings' `allowManagedHooksOnly`;
 * `hooks disabled`: `disableAllHooks` outside the managed settings, which leaves the managed hooks on;
 * `duplicate`: a Claude Code hook with the same command already ran for
 * this firing (§11); `failed call`: a Claude Code PostToolUse hook, for a call that failed
 * (Claude Code runs PostToolUseFailure instead); `stopped run`: a Claude Code SubagentStop hook, for a
 * sub-agent run that was stopped (Claude Code fires no SubagentStop then); `not started`: a matched
 * run whose executor never started (its timeout passed waiting for its turn, or it was abandoned at
 * exit while queued), so no `HookStart` comes before its record.
 */
export type SkipReason =
  | "matcher"
  | "if"
  | "disabled"
  | "not approved"
  | "all hooks disabled"
  | "managed hooks only"
  | "hooks disabled"
  | "duplicate"
  | "failed call"
  | "stopped run"
  | "not started";

/**
 * How a run ended. `cancelled`: stopped because the run it was part of was (Esc or Ctrl+C, a
 * sub-agent stopped, the session ended) or given up at exit — not the hook's failure; the record's
 * `cancelReason` says why.
 */
export type TraceOutcome = "allowed" | "blocked" | "failed" | "timed out" | "cancelled";

/** What one hook's run decided, as recorded. */
export interface TraceDecision {
  block: boolean;
  reason?: string;
  additionalContext?: string;
  updatedInput?: Record<string, unknown>;
  /** Why a block did not count (a non-blocking hook, an async event). */
  ignored?: string;
  /** Claude Code's `permissionDecision` allow or ask. */
  permission?: "allow" | "ask";
  /** Why an `allow` did not count (a call its `if` does not cover whole: if-allow.ts). */
  permissionIgnored?: string;
  /** `continue: false`: the hook asked to end the run, for this reason. */
  stopRun?: string;
}

export interface TraceRecord {
  /** ISO time the hook was considered. */
  time: string;
  /** The session the event fired in: an audit trail of several sessions (one --trace-file) tells them apart. */
  sessionId?: string;
  event: HookEvent;
  /** The tool call the event is about (tool events only): which call a failed delivery was for. */
  toolUseId?: string;
  /** The hook's name. */
  hook: string;
  source: SettingsSource;
  /** The settings file it came from. */
  file: string;
  matched: boolean;
  skipped?: SkipReason;
  approval?: "approved" | "denied";
  approvalReason?: string;
  durationMs?: number;
  exitCode?: number | null;
  outcome?: TraceOutcome;
  /** Why, when the outcome is `cancelled`: `interrupted by the user`, `abandoned at exit while running`, … */
  cancelReason?: string;
  decision?: TraceDecision;
  error?: string;
  /** Streams cut at their cap. */
  truncated?: string[];
  /** Parts of the output that could not be used, and what the executor noticed (an http header sent empty). */
  warnings?: string[];
  /** Started in the background (`async: true`); nothing waited for it. */
  background?: boolean;
}

/**
 * A hook is about to run: approved (when approval is asked) and its executor starting now. The
 * moment to show its `statusMessage` (§3.1); the trace record follows when it has finished.
 */
export interface HookStart {
  /** This run's id, shared with its `HookEnd`: concurrent runs of one hook are told apart. */
  runId: string;
  event: HookEvent;
  /** The hook's name. */
  hook: string;
  source: SettingsSource;
  /** The settings file it came from. */
  file: string;
  statusMessage?: string;
  /** The tool call the event is about (tool events only). */
  toolUseId?: string;
  /**
   * What Claude Code's matcher for the event is compared with (the tool, a SessionStart's source),
   * absent for an event without a matcher: Claude Code names a running hook `<event>:<subject>`.
   */
  subject?: string;
}

/** A started run is still running: its output so far. */
export interface HookProgress {
  /** Its start's `runId`. */
  runId: string;
  stdout: string;
  stderr: string;
  /** Both, in the order their pieces came. */
  output: string;
}

/** A started run has finished: what its executor gave back (for http: the body; prompt: the verdict). */
export interface HookEnd {
  /** Its start's `runId`. */
  runId: string;
  stdout: string;
  stderr: string;
  /** A command hook's stdout and stderr together, in the order their pieces came. */
  output?: string;
  /** null when it did not exit by itself (timed out, killed, not a command). */
  exitCode: number | null;
  /** It failed, timed out, or exited with a code other than 0 or 2. */
  failed: boolean;
  /** How its trace record says it ended (`cancelled`: stopped with the run it was part of). */
  outcome?: TraceOutcome;
}

/** At most this much of records that could not be written is held for the next attempt. */
const MAX_HELD_BYTES = 4 * 1024 * 1024;

/**
 * Appends records to a JSONL file. One write at a time, each carrying every line queued since the
 * last one: lines from concurrent hooks never interleave, and a burst costs few system calls. An
 * audit trail must not lose records to a passing failure (a full disk): records a write could not
 * take are kept (up to 4 MiB, the oldest dropped first, and counted) and written with the next
 * ones. A failure is reported once, and again only after a write has succeeded; a file that ends
 * in the middle of a line (a write cut short, here or by another process) gets its line ended
 * first, so the records after it stay whole.
 */
export class TraceFile {
  private pending = "";
  private writing: Promise<void> | undefined;
  /** The records the write under way carries, until it has ended (flushNow writes them too). */
  private inFlight: string | undefined;
  /** The file's end was not written by this object's last successful write: check it. */
  private endUnknown = true;
  private failing = false;
  private dropped = 0;

  /**
   * How the file is opened at each write: by its path (so a file removed or rotated meanwhile is
   * made again), but not through a symbolic link unless the path was one when the session began
   * (`/dev/stderr`, a link of yours). A link put in its place later — a repository's link to
   * ~/.bashrc moved over a trace file in the project — fails the write, which is reported, and the
   * records are kept for the next try instead of being appended where the link points.
   */
  private readonly linkFlags: number;
  /**
   * The real path of the file's folder when the session began (none when the path was a link then,
   * or its folder could not be resolved). Each write opens the file there and checks that the
   * folder is still that one, so a folder of the path swapped for a link later (`logs` → elsewhere,
   * by a checkout or a command) does not take the records elsewhere.
   */
  private readonly folder: string | undefined;

  constructor(
    readonly path: string,
    private readonly onError: (message: string) => void,
    /** How bytes reach the end of the file (tests give one that fails part way). */
    private readonly appendBytes: AppendBytes = appendAll,
  ) {
    const link = isLink(path);
    this.linkFlags = link ? 0 : constants.O_NOFOLLOW;
    this.folder = link ? undefined : realPath(dirname(path));
  }

  /** Where the file is opened: in its folder's real path at the start, when it is known. */
  private get target(): string {
    return this.folder === undefined ? this.path : join(this.folder, basename(this.path));
  }

  append(record: TraceRecord): void {
    this.pending += `${JSON.stringify(record)}\n`;
    this.writing ??= this.drain();
  }

  /**
   * Resolves once everything appended so far is on disk, or has been tried once more and
   * reported as lost.
   */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending) {
      this.writing = this.drain();
      await this.writing;
    }
    if (this.pending || this.dropped > 0) {
      const lost = this.pending.split("\n").length - 1 + this.dropped;
      this.onError(`hook trace ${this.path}: ${lost} record(s) could not be written`);
      this.pending = "";
      this.dropped = 0;
    }
  }

  /**
   * For a process that exits now (a second Ctrl+C or signal while closing): appends every record
   * not known to be on disk synchronously, since the asynchronous writes would never finish —
   * those of the write under way too. That write may still land in the instant before the exit,
   * so a record can be there twice, never missing; each line stays whole (O_APPEND). What cannot
   * be written is reported as lost.
   */
  flushNow(): void {
    const text = (this.inFlight ?? "") + this.pending;
    this.inFlight = undefined;
    this.pending = "";
    if (!text && this.dropped === 0) return;
    const folder = this.folder;
    try {
      const now = folder === undefined ? undefined : realPath(folder);
      if (folder !== undefined && now !== folder) throw movedFolder(folder, now);
      appendAllNow(this.target, text, this.linkFlags, folder === undefined ? undefined : this.target);
    } catch (err) {
      this.pending = unwrittenRecords(err, text);
      if (!this.failing)
        this.onError(`hook trace ${this.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (this.pending || this.dropped > 0) {
      const lost = this.pending.split("\n").length - 1 + this.dropped;
      this.onError(`hook trace ${this.path}: ${lost} record(s) could not be written`);
      this.pending = "";
      this.dropped = 0;
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const text = this.pending;
        this.pending = "";
        this.inFlight = text;
        try {
          await this.write(text);
        } catch (err) {
          this.inFlight = undefined;
          // The records a failed write did take are on disk; the one it cut off is written again
          // whole (after its fragment's line is ended), and those after it for the first time.
          this.hold(unwrittenRecords(err, text));
          if (!this.failing) {
            this.failing = true;
            this.onError(`hook trace ${this.path}: ${err instanceof Error ? err.message : String(err)}`);
          }
          // Tried again with the next record (or at flush), not in a loop.
          return;
        }
        this.inFlight = undefined;
        this.failing = false;
      }
    } finally {
      this.writing = undefined;
    }
  }

  private async write(text: string): Promise<void> {
    const folder = this.folder;
    // Checked before the open, so that a folder swapped between writes gets no file made in it;
    // checked again on the opened file (appendAll), so that a swap in between cannot either.
    const now = folder === undefined ? undefined : realPath(folder);
    if (folder !== undefined && now !== folder) throw movedFolder(folder, now);
    const lead = this.endUnknown && (await endsMidLine(this.target, this.linkFlags)) ? "\n" : "";
    this.endUnknown = true;
    try {
      await this.appendBytes(
        this.target,
        Buffer.from(lead + text),
        this.linkFlags,
        folder === undefined ? undefined : this.target,
      );
    } catch (err) {
      throw new FailedAppend(err, Math.max(0, writtenOf(err) - Buffer.byteLength(lead)));
    }
    this.endUnknown = false;
  }

  /** Puts back records a write could not take, before any appended since. */
  private hold(text: string): void {
    let held = text + this.pending;
    while (held.length > MAX_HELD_BYTES) {
      held = held.slice(held.indexOf("\n") + 1);
      this.dropped++;
    }
    this.pending = held;
  }
}

/**
 * Appends `data` to `file`; a failure part way throws an error whose `bytesWritten` says how much
 * of `data` reached the file. `realFile`: the real path the opened file must have, else nothing is
 * written.
 */
export type AppendBytes = (
  file: string,
  data: Buffer,
  extraFlags: number,
  realFile?: string,
) => Promise<void>;

export async function appendAll(
  file: string,
  data: Buffer,
  extraFlags: number,
  realFile?: string,
): Promise<void> {
  const handle = await open(
    file,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | extraFlags,
    0o666,
  ).catch((err: NodeJS.ErrnoException) => {
    throw err.code === "ELOOP" && isLink(file)
      ? new Error(
          "it has been replaced by a symbolic link since the session began; records are not written where it points",
        )
      : err;
  });
  // Where the descriptor really leads (Linux's /proc; elsewhere unknown, and the check before the
  // open stands alone): a folder of the path swapped for a link since that check is caught here.
  const opened = realFile === undefined ? undefined : openedPath(handle);
  if (realFile !== undefined && opened !== undefined && opened !== realFile) {
    await handle.close();
    throw movedFolder(dirname(realFile), dirname(opened));
  }
  let written = 0;
  try {
    while (written < data.length) {
      const { bytesWritten } = await handle.write(data, written, data.length - written);
      if (bytesWritten === 0) throw new Error("the file takes no more bytes");
      written += bytesWritten;
    }
  } catch (err) {
    throw Object.assign(err instanceof Error ? err : new Error(String(err)), { bytesWritten: written });
  } finally {
    await handle.close();
  }
}

/** appendAll, synchronously (flushNow), with a line the file ends in the middle of ended first. */
function appendAllNow(file: string, text: string, extraFlags: number, realFile?: string): void {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | extraFlags, 0o666);
  } catch (err) {
    throw (err as NodeJS.ErrnoException).code === "ELOOP" && isLink(file)
      ? new Error(
          "it has been replaced by a symbolic link since the session began; records are not written where it points",
        )
      : err;
  }
  let written = 0;
  try {
    const opened = realFile === undefined ? undefined : openedPathOf(fd);
    if (realFile !== undefined && opened !== undefined && opened !== realFile)
      throw movedFolder(dirname(realFile), dirname(opened));
    const lead = endsMidLineNow(file, extraFlags) ? "\n" : "";
    const data = Buffer.from(lead + text);
    try {
      while (written < data.length) {
        const n = writeSync(fd, data, written, data.length - written);
        if (n === 0) throw new Error("the file takes no more bytes");
        written += n;
      }
    } finally {
      written = Math.max(0, written - Buffer.byteLength(lead));
    }
  } catch (err) {
    throw new FailedAppend(err, written);
  } finally {
    closeSync(fd);
  }
}

/** endsMidLine, synchronously. */
function endsMidLineNow(file: string, extraFlags: number): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | extraFlags);
    const { size } = fstatSync(fd);
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writtenOf(err: unknown): number {
  const n = (err as { bytesWritten?: unknown }).bytesWritten;
  return typeof n === "number" ? n : 0;
}

/** A write of records that failed after `written` bytes of them reached the file. */
class FailedAppend extends Error {
  constructor(
    override readonly cause: unknown,
    readonly written: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The records of `text` not wholly on disk after a failed write: from the first one cut off. */
function unwrittenRecords(err: unknown, text: string): string {
  if (!(err instanceof FailedAppend) || err.written === 0) return text;
  const data = Buffer.from(text);
  const lastWhole = data.lastIndexOf(0x0a, err.written - 1);
  return data.subarray(lastWhole + 1).toString();
}

/** Whether the file exists, is not empty and its last byte is not a newline. */
async function endsMidLine(file: string, extraFlags: number): Promise<boolean> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | extraFlags);
    const { size } = await handle.stat();
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/** The path an open file has now, as Linux gives it; undefined where the system does not say. */
function openedPath(handle: FileHandle): string | undefined {
  return openedPathOf(handle.fd);
}

function openedPathOf(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** The trace file's folder, resolved to `folder` at the start, is gone or leads elsewhere (`now`). */
function movedFolder(folder: string, now: string | undefined): Error {
  return new Error(
    now === undefined
      ? `its folder ${folder} is gone`
      : `its folder ${folder} now leads to ${now} (a symbolic link put in its path since the session began); records are not written there`,
  );
}

/** The real path of `file` (symbolic links resolved); undefined when it cannot be resolved. */
function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
