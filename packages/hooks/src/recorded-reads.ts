/**
 * The file-system reads the own-hook guard's analysis makes (script-references.ts and what it
 * calls), each path noted while a recording is on: an analysis cached for a command stays right
 * while every path it read stats the same (references-cache.ts). Every read of that analysis goes
 * through here, so none is missed: a `stat`, a file's bytes or start, a folder's names.
 */
import fs from "node:fs";
import { openRegularFile, type RegularFile } from "./regular-file.js";

/** The paths read since the recording started, each with what it was before the first read; `undefined` when none is on. */
let recording: Map<string, string> | undefined;

/**
 * Runs `work`, returning what it returns and every path it read through this module with the
 * path's signature taken before that read (a change during the work shows at the next check).
 */
export function recordingReads<T>(work: () => T): { value: T; read: Map<string, string> } {
  const outer = recording;
  const read = new Map<string, string>();
  recording = read;
  try {
    return { value: work(), read };
  } finally {
    recording = outer;
    if (outer !== undefined)
      for (const [file, signature] of read) if (!outer.has(file)) outer.set(file, signature);
  }
}

/**
 * What `file` is now, as far as a read of it goes: its kind and mode, identity, size and change
 * times (ctime moves with any write, and cannot be set back); "-" when there is none. A folder's
 * change times move when a name is added or removed.
 */
export function signatureOf(file: string): string {
  try {
    const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (stat === undefined) return "-";
    return `${stat.mode}:${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}

function note(file: string): void {
  if (recording !== undefined && !recording.has(file)) recording.set(file, signatureOf(file));
}

/** `fs.statSync` without throwing for a missing path. */
export function statPath(file: string): fs.Stats | undefined {
  note(file);
  return fs.statSync(file, { throwIfNoEntry: false });
}

/** The target of `file` when it is a symlink, else undefined. */
export function linkTarget(file: string): string | undefined {
  note(file);
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}

export function pathExists(file: string): boolean {
  note(file);
  return fs.existsSync(file);
}

export function readBytes(file: string): Buffer {
  note(file);
  const { fd } = openRegularFile(file);
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function readTextFile(file: string): string {
  return readBytes(file).toString("utf8");
}

export function folderNames(folder: string): string[] {
  note(folder);
  return fs.readdirSync(folder);
}

export function folderEntries(folder: string): fs.Dirent[] {
  note(folder);
  return fs.readdirSync(folder, { withFileTypes: true });
}

/**
 * Opens `file` for reading (fileStart): only a regular file, never blocking — the files read are a
 * repository's (`.git/HEAD`, `.git/config`, a script), and one unpacked from an archive can bring
 * a named pipe there, or a link to `/dev/zero`.
 */
export function openForReading(file: string): RegularFile {
  note(file);
  return openRegularFile(file);
}
