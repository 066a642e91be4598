import fs from "node:fs";
import os from "node:os";

/**
 * Who holds a lock file. Its first line is the holder's pid (what older codebots write and read);
 * a second, JSON line says where that pid means something — the host, the pid namespace and the
 * process's start time — so that a pid reused by another process, or one from another container,
 * is not taken for the holder.
 */
export interface LockHolder {
  pid: number;
  /** os.hostname() of the holder. */
  host?: string;
  /** The link /proc/self/ns/pid of the holder, where there is one. */
  pidNamespace?: string;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot), where /proc shows this process. */
  start?: string;
  /** `brief`: held for one read-change-write of a small file (withFileLock), with no heartbeat. */
  hold?: "brief";
}

/** A lock whose holder this process cannot see (another host or container) lives this long after its last heartbeat. */
export const FOREIGN_STALE_MS = 3 * 60_000;
/**
 * A brief lock whose holder this process cannot see lives this long after it was taken: its
 * holder keeps it for milliseconds, so one this old was left by a process killed mid-write. Less
 * than a waiter's 15 s, so the waiter takes it over rather than failing.
 */
export const BRIEF_FOREIGN_STALE_MS = 10_000;

/** How long after its mtime a lock whose holder this process cannot see still counts. */
export function foreignStaleMs(holder: LockHolder): number {
  return holder.hold === "brief" ? BRIEF_FOREIGN_STALE_MS : FOREIGN_STALE_MS;
}

/** The content this process writes into a lock it takes (`brief`: see LockHolder.hold). */
export function ownRecord(hold?: "brief"): string {
  const { pid, ...where } = self();
  return `${pid}\n${JSON.stringify(hold ? { ...where, hold } : where)}\n`;
}

/** The holder written in lock file content, old (pid only) or new; undefined when no pid is written yet. */
export function parseHolder(content: string): LockHolder | undefined {
  const [first = "", second = ""] = content.split("\n");
  const pid = Number.parseInt(first, 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const where = JSON.parse(second) as Record<string, unknown>;
    const text = (key: string) => (typeof where[key] === "string" ? (where[key] as string) : undefined);
    const holder: LockHolder = {
      pid,
      host: text("host"),
      pidNamespace: text("pidNamespace"),
      start: text("start"),
    };
    return where.hold === "brief" ? { ...holder, hold: "brief" } : holder;
  } catch {
    return { pid };
  }
}

/** Whether `holder` runs in this process's world: its pid names a process here. An old record (pid only) is taken to. */
export function isHere(holder: LockHolder): boolean {
  if (holder.host === undefined && holder.pidNamespace === undefined) return true;
  const me = self();
  return holder.host === me.host && holder.pidNamespace === me.pidNamespace;
}

/** Whether the process `holder` names (one here: see isHere) is still running, and is the one that wrote it. */
export function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  // The pid is taken; by the holder unless it started at another time (the pid was reused).
  if (holder.start === undefined || self().start === undefined) return true;
  const start = startOf(holder.pid);
  return start === undefined || start === holder.start;
}

let cached: LockHolder | undefined;
function self(): LockHolder {
  if (cached) return cached;
  const start = startOf(process.pid);
  cached = {
    pid: process.pid,
    host: os.hostname(),
    pidNamespace: attempt(() => fs.readlinkSync("/proc/self/ns/pid")),
    // /proc mounted for another pid namespace names other processes by our pids: no start times then.
    start: start !== undefined && start === startOf("self") ? start : undefined,
  };
  return cached;
}

function startOf(pid: number | "self"): string | undefined {
  const stat = attempt(() => fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  // The name (field 2) may hold spaces and parentheses: count the fields after its last ")".
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
