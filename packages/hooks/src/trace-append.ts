/**
 * Appending a trace file's records to the file (trace-file.ts), asynchronously and, for a process
 * that exits now, synchronously: opened by its path without following a link put there since the
 * session began, checked to be where the session's start resolved it, written whole or reported
 * with how much reached it.
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
import { dirname } from "node:path";

/** The flags every append opens the file with, besides the caller's (O_NOFOLLOW or none). */
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;

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
  const handle = await open(file, APPEND | extraFlags, 0o666).catch((err: unknown) => {
    throw openError(err, file);
  });
  let written = 0;
  try {
    checkOpened(handle.fd, realFile);
    while (written < data.length) {
      const { bytesWritten } = await handle.write(data, written, data.length - written);
      written += wroteSome(bytesWritten);
    }
  } catch (err) {
    throw Object.assign(err instanceof Error ? err : new Error(String(err)), { bytesWritten: written });
  } finally {
    await handle.close();
  }
}

/**
 * appendAll, synchronously (TraceFile.flushNow), with a line the file ends in the middle of ended
 * first; a failure throws a FailedAppend.
 */
export function appendAllNow(file: string, text: string, extraFlags: number, realFile?: string): void {
  let fd: number;
  try {
    fd = openSync(file, APPEND | extraFlags, 0o666);
  } catch (err) {
    throw openError(err, file);
  }
  let written = 0;
  let lead = "";
  try {
    checkOpened(fd, realFile);
    lead = endsMidLineNow(file, extraFlags) ? "\n" : "";
    const data = Buffer.from(lead + text);
    while (written < data.length) written += wroteSome(writeSync(fd, data, written, data.length - written));
  } catch (err) {
    throw new FailedAppend(err, Math.max(0, written - Buffer.byteLength(lead)));
  } finally {
    closeSync(fd);
  }
}

/** Why an append could not open the file, in words when a link was put in its place. */
function openError(err: unknown, file: string): unknown {
  return (err as NodeJS.ErrnoException).code === "ELOOP" && isLink(file)
    ? new Error(
        "it has been replaced by a symbolic link since the session began; records are not written where it points",
      )
    : err;
}

/**
 * Where the descriptor really leads (Linux's /proc; elsewhere unknown, and the check before the
 * open stands alone): a folder of the path swapped for a link since that check is caught here.
 */
function checkOpened(fd: number, realFile: string | undefined): void {
  if (realFile === undefined) return;
  const opened = openedPathOf(fd);
  if (opened !== undefined && opened !== realFile) throw movedFolder(dirname(realFile), dirname(opened));
}

/** A write's count, refusing the write that took nothing (it would loop for ever). */
function wroteSome(n: number): number {
  if (n === 0) throw new Error("the file takes no more bytes");
  return n;
}

/**
 * How long a file that ends in the middle of a line must keep its size to count as cut off (a
 * writer killed mid-append). Another process's append under way grows the file page by page, so
 * a look at that instant finds the start of its record without the end: ending "that" line would
 * leave an empty line once the append is done. A size that moved is looked at again, a few times.
 */
const SETTLE_MS = 50;
const SETTLE_LOOKS = 10;

/** Whether the file exists, is not empty and its last byte is not a newline, and stays so. */
export async function endsMidLine(file: string, extraFlags: number): Promise<boolean> {
  let size = await midLineSize(file, extraFlags);
  for (let look = 0; size !== undefined && look < SETTLE_LOOKS; look++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const now = await midLineSize(file, extraFlags);
    if (now === size) return true;
    size = now;
  }
  return false;
}

/** The file's size when it ends in the middle of a line; undefined when not (or it cannot be read). */
async function midLineSize(file: string, extraFlags: number): Promise<number | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | extraFlags);
    const { size } = await handle.stat();
    if (size === 0) return undefined;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] !== 0x0a ? size : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** endsMidLine, synchronously. */
function endsMidLineNow(file: string, extraFlags: number): boolean {
  let size = midLineSizeNow(file, extraFlags);
  for (let look = 0; size !== undefined && look < SETTLE_LOOKS; look++) {
    Atomics.wait(sleeper, 0, 0, SETTLE_MS);
    const now = midLineSizeNow(file, extraFlags);
    if (now === size) return true;
    size = now;
  }
  return false;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** midLineSize, synchronously. */
function midLineSizeNow(file: string, extraFlags: number): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | extraFlags);
    const { size } = fstatSync(fd);
    if (size === 0) return undefined;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a ? size : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function writtenOf(err: unknown): number {
  const n = (err as { bytesWritten?: unknown }).bytesWritten;
  return typeof n === "number" ? n : 0;
}

/** A write of records that failed after `written` bytes of them reached the file. */
export class FailedAppend extends Error {
  constructor(
    override readonly cause: unknown,
    readonly written: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The records of `text` not wholly on disk after a failed write: from the first one cut off. */
export function unwrittenRecords(err: unknown, text: string): string {
  if (!(err instanceof FailedAppend) || err.written === 0) return text;
  const data = Buffer.from(text);
  const lastWhole = data.lastIndexOf(0x0a, err.written - 1);
  return data.subarray(lastWhole + 1).toString();
}

function openedPathOf(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** The trace file's folder, resolved to `folder` at the start, is gone or leads elsewhere (`now`). */
export function movedFolder(folder: string, now: string | undefined): Error {
  return new Error(
    now === undefined
      ? `its folder ${folder} is gone`
      : `its folder ${folder} now leads to ${now} (a symbolic link put in its path since the session began); records are not written there`,
  );
}

/** The real path of `file` (symbolic links resolved); undefined when it cannot be resolved. */
export function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

export function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
