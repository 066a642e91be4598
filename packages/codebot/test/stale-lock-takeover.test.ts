/**
 * Taking over a stale lock races other processes doing the same: one that judged the lock stale
 * must not then remove a lock another process has taken in its place meanwhile (two writers
 * would hold it, and their changes overwrite each other).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeStale } from "../src/fs/file-lock.js";
import { tempDir } from "./support/temp-dirs.js";

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A lock file as an ended process left it: its pid is gone. */
function staleLock(): { lock: string; judged: string } {
  const lock = path.join(tempDir("codebot-stale-lock-"), "f.lock");
  const judged = "999999999\n";
  fs.writeFileSync(lock, judged);
  return { lock, judged };
}

describe("taking over a stale lock", () => {
  it("removes the lock when it still holds what was judged stale", () => {
    const { lock, judged } = staleLock();
    expect(removeStale(lock, judged)).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("leaves a lock another process took since it was judged stale", () => {
    const { lock, judged } = staleLock();
    const live = spawn("sleep", ["30"]);
    children.push(live);
    fs.writeFileSync(lock, `${live.pid}\n`);
    expect(removeStale(lock, judged)).toBe(true);
    expect(fs.readFileSync(lock, "utf8")).toBe(`${live.pid}\n`);
  });

  it("does nothing while another process is taking it over", () => {
    const { lock, judged } = staleLock();
    fs.writeFileSync(`${lock}.takeover`, "");
    expect(removeStale(lock, judged)).toBe(false);
    expect(fs.readFileSync(lock, "utf8")).toBe(judged);
  });
});
