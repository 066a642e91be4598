/** Which session locks are stale: a pid alone does not say whose it is. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lockSession } from "../src/session/session-lock.js";
import { tempDir } from "./support/temp-dirs.js";

const ID = "6f1c2b9e-0000-4000-8000-000000000000";
const hasProc = fs.existsSync("/proc/self/stat");
const here = {
  host: os.hostname(),
  pidNamespace: hasProc ? fs.readlinkSync("/proc/self/ns/pid") : undefined,
};
/** Another container's codebot: a pid namespace this process cannot see into. */
const elsewhere = { host: os.hostname(), pidNamespace: "pid:[1]" };

function startOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

function writeLock(dir: string, pid: number, where?: object, ageMs = 0): string {
  const lock = path.join(dir, `${ID}.lock`);
  fs.writeFileSync(lock, where ? `${pid}\n${JSON.stringify(where)}\n` : String(pid));
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(lock, at, at);
  return lock;
}

const firstLine = (lock: string) => fs.readFileSync(lock, "utf8").split("\n")[0];

afterEach(() => {
  vi.useRealTimers();
});

describe("a stale session lock", () => {
  it("one naming this very process, which does not hold it, is taken over (a container's pid 1 after a kill)", () => {
    const dir = tempDir("codebot-session-lock-");
    const lock = writeLock(dir, process.pid);
    lockSession(dir, ID).release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it.skipIf(!hasProc)("one whose pid now names a process started at another time is taken over", () => {
    const dir = tempDir("codebot-session-lock-");
    const lock = writeLock(dir, process.ppid, { ...here, start: "1" });
    const held = lockSession(dir, ID);
    expect(firstLine(lock)).toBe(String(process.pid));
    held.release();
  });

  it.skipIf(!hasProc)("one whose pid still names the process that wrote it is refused", () => {
    const dir = tempDir("codebot-session-lock-");
    writeLock(dir, process.ppid, { ...here, start: startOf(process.ppid) });
    expect(() => lockSession(dir, ID)).toThrow(`in use by codebot process ${process.ppid};`);
  });

  it("one from another pid namespace with a fresh heartbeat is refused, naming its pid and file", () => {
    const dir = tempDir("codebot-session-lock-");
    // A pid that names no process here: that says nothing of a process in another namespace.
    const lock = writeLock(dir, 999_999_999, elsewhere, 60_000);
    expect(() => lockSession(dir, ID)).toThrow(
      "in use by codebot process 999999999 (on another host or in another container: its lock counts until it has not been renewed for 3 minutes);",
    );
    expect(() => lockSession(dir, ID)).toThrow(`remove ${lock}`);
    expect(firstLine(lock)).toBe("999999999");
  });

  it("one from another host or pid namespace whose heartbeat stopped minutes ago is taken over", () => {
    const dir = tempDir("codebot-session-lock-");
    // Its pid names a live process here, which says nothing either.
    const lock = writeLock(dir, process.ppid, { ...elsewhere, host: "other-host" }, 4 * 60_000);
    const held = lockSession(dir, ID);
    expect(firstLine(lock)).toBe(String(process.pid));
    held.release();
  });

  it("a held lock's heartbeat renews its mtime", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const dir = tempDir("codebot-session-lock-");
    const held = lockSession(dir, ID);
    const lock = path.join(dir, `${ID}.lock`);
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(lock, old, old);
    vi.advanceTimersByTime(30_000);
    expect(fs.statSync(lock).mtimeMs).toBeGreaterThan(old.getTime() + 9 * 60_000);
    held.release();
  });
});
