/**
 * The --trace-file / trace settings' JSONL file of trace records (trace.ts): queued, written one
 * write at a time, kept through a passing failure.
 */
import { constants } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { TraceRecord } from "./trace.js";
import {
  type AppendBytes,
  appendAll,
  appendAllNow,
  endsMidLine,
  FailedAppend,
  isLink,
  movedFolder,
  realPath,
  unwrittenRecords,
  writtenOf,
} from "./trace-append.js";

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
