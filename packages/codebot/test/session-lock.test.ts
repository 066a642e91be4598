/** One codebot process per session: a live holder keeps others out, a crashed one does not. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lockSession } from "../src/session/session-lock.js";
import { tempDir } from "./support/temp-dirs.js";

const ID = "6f1c2b9e-0000-4000-8000-000000000000";
const sessionLockSource = fileURLToPath(new URL("../src/session/session-lock.ts", import.meta.url));

describe("the session lock", () => {
  it("a session a live process holds is refused, naming the pid and the lock file", () => {
    const dir = tempDir("codebot-session-lock-");
    // The test runner's parent stands in for another codebot still running the session.
    fs.writeFileSync(path.join(dir, `${ID}.lock`), String(process.ppid));
    expect(() => lockSession(dir, ID)).toThrow(
      `session: ${ID} is in use by codebot process ${process.ppid}; let that run end (or stop it) and resume again — if ${process.ppid} is no codebot, remove ${path.join(dir, `${ID}.lock`)}`,
    );
    expect(fs.readFileSync(path.join(dir, `${ID}.lock`), "utf8")).toBe(String(process.ppid));
  });

  it("the lock of a run that crashed (its process is gone) is taken over", () => {
    const dir = tempDir("codebot-session-lock-");
    const gone = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    fs.writeFileSync(path.join(dir, `${ID}.lock`), gone.stdout.trim());
    const lock = lockSession(dir, ID);
    expect(fs.readFileSync(path.join(dir, `${ID}.lock`), "utf8").split("\n")[0]).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, `${ID}.lock`))).toBe(false);
  });

  it("a released session can be locked again; until then it cannot", () => {
    const dir = tempDir("codebot-session-lock-");
    const first = lockSession(dir, ID);
    expect(() => lockSession(dir, ID)).toThrow(/is in use by codebot process/);
    first.release();
    lockSession(dir, ID).release();
  });

  it("a run that could not write its pid into the lock (a full disk) leaves none to refuse the next run", () => {
    const dir = tempDir("codebot-session-lock-");
    // A file-size limit of 0 makes every write to a file fail (EFBIG), as a full disk does (ENOSPC).
    const script = `import { lockSessionIfRecorded } from ${JSON.stringify(sessionLockSource)};
      lockSessionIfRecorded(${JSON.stringify(dir)}, ${JSON.stringify(ID)});`;
    const run = spawnSync(
      "sh",
      [
        "-c",
        'ulimit -f 0; exec "$0" "$@"',
        process.execPath,
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        script,
      ],
      { encoding: "utf8", cwd: path.dirname(sessionLockSource) },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
    lockSession(dir, ID).release();
  });

  it("an id that is not a plain file name is refused before anything is written", () => {
    const dir = tempDir("codebot-session-lock-");
    expect(() => lockSession(path.join(dir, "sessions"), "../escape")).toThrow(
      '"../escape" is not a session id',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
