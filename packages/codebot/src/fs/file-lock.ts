import fs from "node:fs";
import path from "node:path";
import { NotRegularFileError, openRegularFile } from "@codebot/hooks";
import { foreignStaleMs, isHere, isRunning, type LockHolder, ownRecord, parseHolder } from "./lock-holder.js";

/** Longer than any read-change-write of a small JSON file; then the holder is reported, not waited for. */
const WAIT_MS = 15_000;
/** A lock file left empty this long (its creator died before writing its pid) is stale. */
const EMPTY_STALE_MS = 5_000;
/** How often a lock held with holdFileLock shows it is still held, to processes that cannot see its holder. */
const HEARTBEAT_MS = 30_000;

/**
 * Runs `change` while holding `<file>.lock`, created exclusively (O_EXCL) with the holder's pid,
 * so read-change-write cycles of several processes on one file do not overwrite each other's
 * changes. A lock whose holder is no longer running is taken over; a live one is waited for with
 * short, jittered sleeps (synchronous: the callers are synchronous and hold it for milliseconds).
 * The lock says it is brief, so that a process which cannot see its holder (another container)
 * need not wait for a heartbeat it never renews.
 */
export function withFileLock<T>(file: string, change: () => T): T {
  const lock = `${file}.lock`;
  const record = ownRecord("brief");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; !tryLock(lock, record); attempt++) {
    const stale = staleRecord(lock);
    if (stale !== undefined) {
      if (!removeStale(lock, stale)) sleep(1);
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${lock} is held by process ${holderOf(lock) ?? "?"}; remove it if that is not a codebot`,
      );
    sleep(Math.min(40, 2 + attempt) * (0.5 + Math.random()));
  }
  held.set(lock, record);
  try {
    return change();
  } finally {
    held.delete(lock);
    // Not unconditionally: a holder frozen past BRIEF_FOREIGN_STALE_MS may have lost it to another.
    releaseOwn(lock, record);
  }
}

/** A lock taken for as long as its holder needs it. */
export interface HeldLock {
  /** Removes the lock (if it is still this process's); later calls do nothing. */
  release(): void;
}

/**
 * Takes `<file>.lock` (the same lock as withFileLock) for as long as the caller needs it, say a
 * whole session, without waiting: while a live process holds it, `busy(holder pid, lock file,
 * whether the holder is one this process cannot see)` is thrown. A lock whose holder is no longer running (a crashed run) is taken over. It is released
 * by `release()`, or when this process exits. While held, its mtime is renewed every `heartbeatMs`:
 * a process on another host or in another pid namespace cannot see this one, and goes by that.
 */
export function holdFileLock(
  file: string,
  busy: (holder: number | undefined, lock: string, unseen: boolean) => Error,
  heartbeatMs = HEARTBEAT_MS,
): HeldLock {
  const lock = `${file}.lock`;
  const record = ownRecord();
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  while (!tryLock(lock, record)) {
    const stale = staleRecord(lock);
    if (stale !== undefined) {
      if (!removeStale(lock, stale)) sleep(1);
      continue;
    }
    const holder = readHolder(lock);
    // Released between the two looks: try again.
    if (holder === undefined && !fs.existsSync(lock)) continue;
    throw busy(holder?.pid, lock, holder !== undefined && !isHere(holder));
  }
  held.set(lock, record);
  releaseAtExit();
  const heartbeat = setInterval(() => renewOwn(lock, record), heartbeatMs);
  heartbeat.unref();
  return {
    release() {
      clearInterval(heartbeat);
      if (held.delete(lock)) releaseOwn(lock, record);
    },
  };
}

/** Locks this process holds (with withFileLock or holdFileLock), each with the record it wrote. */
const held = new Map<string, string>();
let exitHandler = false;

/** A process that ends without releasing (an error, process.exit) leaves no lock behind. */
function releaseAtExit(): void {
  if (exitHandler) return;
  exitHandler = true;
  process.on("exit", () => {
    for (const [lock, record] of held) releaseOwn(lock, record);
  });
}

/** Removes the lock unless another process has taken it over meanwhile. */
function releaseOwn(lock: string, record: string): void {
  try {
    if (readLockText(lock) === record) fs.rmSync(lock, { force: true });
  } catch {
    // One left behind is stale once this process is gone: the next taker removes it.
  }
}

/** Shows that the lock is still held, unless another process has taken it over meanwhile. */
function renewOwn(lock: string, record: string): void {
  try {
    if (readLockText(lock) === record) fs.utimesSync(lock, new Date(), new Date());
  } catch {
    // Gone or unreadable: nothing of this process's to renew.
  }
}

function tryLock(lock: string, record: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lock, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeSync(fd, record);
  } catch (error) {
    // This process made the file and it names no holder (a full disk): left behind, it would
    // refuse the next run as "in use" until it is old enough to count as stale.
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  return true;
}

function holderOf(lock: string): number | undefined {
  return readHolder(lock)?.pid;
}

function readHolder(lock: string): LockHolder | undefined {
  try {
    return parseHolder(readLockText(lock));
  } catch {
    return undefined;
  }
}

/**
 * The lock's content, when its holder is gone. One this process can see is gone when its pid is
 * (or names a process started at another time, or this very process, which does not hold it: a
 * container's codebot is pid 1 on every run). One it cannot see (another host or pid namespace)
 * is gone when its heartbeat stopped a while ago — or, for a brief lock (no heartbeat), once it
 * is older than any write it guards (lock-holder.ts, BRIEF_FOREIGN_STALE_MS).
 */
function staleRecord(lock: string): string | undefined {
  let text: string;
  let stat: fs.Stats | undefined;
  try {
    text = readLockText(lock);
    stat = fs.statSync(lock, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOOP") return undefined;
    text = NOT_A_LOCK;
  }
  // No codebot made it: nothing holds it.
  if (text === NOT_A_LOCK) return text;
  if (stat === undefined) return undefined;
  const age = Date.now() - stat.mtimeMs;
  let holder: LockHolder | undefined;
  try {
    holder = parseHolder(text);
  } catch {
    holder = undefined;
  }
  const stale =
    holder === undefined
      ? age > EMPTY_STALE_MS
      : !isHere(holder)
        ? age > foreignStaleMs(holder)
        : holder.pid === process.pid
          ? !held.has(lock)
          : !isRunning(holder);
  return stale ? text : undefined;
}

/** What readLockText gives for a path that is no regular file. */
const NOT_A_LOCK = "\0not a lock file";

/**
 * A lock's content, read without following a link (ELOOP) or waiting on a FIFO: a settings file's
 * lock lies in the project, where a cloned repository can put either in its place (a link to
 * /dev/zero, a FIFO nobody writes). NOT_A_LOCK for anything but a regular file.
 */
function readLockText(lock: string): string {
  let fd: number;
  try {
    ({ fd } = openRegularFile(lock, { noFollow: true }));
  } catch (error) {
    if (error instanceof NotRegularFileError) return NOT_A_LOCK;
    throw error;
  }
  try {
    // A holder's record is two short lines.
    const buffer = Buffer.alloc(4096);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0)).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** A takeover guard older than this was left by a process that died in those few milliseconds. */
const TAKEOVER_STALE_MS = 2_000;

/**
 * Takes a stale lock out of the way without racing another process doing the same: removing the
 * path after judging it could delete a lock that process had just taken in its place. So one
 * process at a time removes stale locks, under `<lock>.takeover` (created exclusively, held for
 * microseconds), and only after judging the lock again there. False: another process is at it.
 */
export function removeStale(lock: string, judged: string): boolean {
  const guard = `${lock}.takeover`;
  try {
    fs.closeSync(fs.openSync(guard, "wx", 0o600));
  } catch (error) {
    // Only an existing guard means another process is at it; a folder gone read-only (EROFS) or
    // full would fail the same way at every try, and the caller would try for ever.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const stat = fs.statSync(guard, { throwIfNoEntry: false });
    if (stat !== undefined && Date.now() - stat.mtimeMs > TAKEOVER_STALE_MS)
      fs.rmSync(guard, { force: true });
    return false;
  }
  try {
    if (staleRecord(lock) === judged) removeLockPath(lock);
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * Removes what is in the lock's place. A folder there (a repository can ship one) goes only when
 * empty: what is in it is not codebot's to delete, so the user is told to move it.
 */
function removeLockPath(lock: string): void {
  if (!fs.lstatSync(lock, { throwIfNoEntry: false })?.isDirectory()) {
    fs.rmSync(lock, { force: true });
    return;
  }
  try {
    fs.rmdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw new Error(`${lock} is a folder with files in it, not a codebot lock; move it away`);
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
