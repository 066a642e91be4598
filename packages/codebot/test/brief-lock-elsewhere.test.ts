/**
 * A brief lock — one read-change-write of the trust store, the prompt history, a settings file —
 * left by a codebot killed in another container (a pid namespace this process cannot see into):
 * no heartbeat renews it, so it stops counting 10 s after it was taken, not after the 3 minutes
 * a session lock's stopped heartbeat takes. A lock whose holder runs here is judged by its pid,
 * however old.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { holdFileLock, withFileLock } from "../src/fs/file-lock.js";
import { tempDir } from "./support/temp-dirs.js";

/** Another container's codebot: a pid namespace this process cannot see into. */
const elsewhere = { host: os.hostname(), pidNamespace: "pid:[1]" };

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** `<dir>/f.lock` as its holder wrote it, last touched `ageMs` ago; returns the locked file's path. */
function lockedFile(pid: number, where: object, ageMs: number): string {
  const file = path.join(tempDir("codebot-brief-lock-"), "f");
  fs.writeFileSync(`${file}.lock`, `${pid}\n${JSON.stringify(where)}\n`);
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(`${file}.lock`, at, at);
  return file;
}

const busy = (pid: number | undefined) => new Error(`held by ${pid}`);

function startOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

describe("a brief lock from another pid namespace", () => {
  it("taken 11 s ago is taken over at once by a write waiting for it", () => {
    const file = lockedFile(999_999_999, { ...elsewhere, hold: "brief" }, 11_000);
    const started = Date.now();
    expect(withFileLock(file, () => "written")).toBe("written");
    // Without the shorter staleness the write waits its 15 s and fails.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it("taken 2 s ago still counts", () => {
    const file = lockedFile(999_999_999, { ...elsewhere, hold: "brief" }, 2_000);
    expect(() => holdFileLock(file, busy)).toThrow("held by 999999999");
  });

  it("is judged by the session lock's 3 minutes when it does not say it is brief (an older codebot, or a session lock)", () => {
    const file = lockedFile(999_999_999, elsewhere, 11_000);
    expect(() => holdFileLock(file, busy)).toThrow("held by 999999999");
  });
});

describe("brief locks of this process's world", () => {
  it("one a live process here took a minute ago still counts: its pid says it is running", () => {
    const child = spawn("sleep", ["30"]);
    children.push(child);
    const pid = child.pid as number;
    const here = { host: os.hostname(), pidNamespace: fs.readlinkSync("/proc/self/ns/pid") };
    const file = lockedFile(pid, { ...here, start: startOf(pid), hold: "brief" }, 60_000);
    expect(() => holdFileLock(file, busy)).toThrow(`held by ${pid}`);
  });

  it("a write says its lock is brief, so that a codebot elsewhere can judge it so", () => {
    const file = path.join(tempDir("codebot-brief-lock-"), "f");
    const second = withFileLock(file, () => fs.readFileSync(`${file}.lock`, "utf8").split("\n")[1] ?? "");
    expect(JSON.parse(second)).toMatchObject({ hold: "brief" });
  });

  it("a write whose lock was taken over meanwhile leaves the new holder's lock in place", () => {
    const file = path.join(tempDir("codebot-brief-lock-"), "f");
    const taker = `999999999\n${JSON.stringify({ ...elsewhere, hold: "brief" })}\n`;
    withFileLock(file, () => fs.writeFileSync(`${file}.lock`, taker));
    expect(fs.readFileSync(`${file}.lock`, "utf8")).toBe(taker);
  });
});
