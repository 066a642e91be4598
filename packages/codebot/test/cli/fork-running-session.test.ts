/**
 * `--fork-session` of a session another process is running (the way on when `-c` is refused):
 * the copy ends at the transcript's last whole line, never inside a line that run is appending.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runModuleScript } from "../support/module-script.js";
import { tempDir } from "../support/temp-dirs.js";
import { repoRoot, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const FROM = "0f1e2d3c-4b5a-4697-8877-665544332211";
const FORKS = 150;

/**
 * The running session: holds its lock, as a codebot running it does, and appends lines of 64 KB
 * (16 pages) one at a time, as its transcript writer does; emptied every 40 lines, so that 150
 * copies of it stay small.
 */
const runner = `
import fs from "node:fs";
import path from "node:path";
import { lockSession } from ${JSON.stringify(path.join(repoRoot, "packages/codebot/dist/session/session-lock.js"))};
const [file, stop, ready] = process.argv.slice(1);
lockSession(path.dirname(file), ${JSON.stringify(FROM)});
fs.writeFileSync(ready, "");
for (let i = 0; !fs.existsSync(stop); i++) {
  if (i % 40 === 39) fs.truncateSync(file, 0);
  fs.appendFileSync(file, JSON.stringify({ type: "user", uuid: "u" + i, sessionId: ${JSON.stringify(FROM)}, pad: "x".repeat(64_000) }) + "\\n");
}
`;

/** The other process: forks the session 150 times while it runs. */
const forker = `
import { randomUUID } from "node:crypto";
import { forkSessionFiles } from ${JSON.stringify(path.join(repoRoot, "packages/codebot/dist/transcript/fork-session.js"))};
const [dir, from] = process.argv.slice(1);
for (let i = 0; i < ${FORKS}; i++) forkSessionFiles(dir, from, randomUUID());
`;

describe("forking a session that is running", () => {
  it("every copy ends with a whole line while the process running it appends large lines", {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir("codebot-fork-running-");
    const source = path.join(dir, `${FROM}.jsonl`);
    const stop = path.join(dir, "stop");
    fs.writeFileSync(source, "");
    const ready = path.join(dir, "ready");
    const running = runModuleScript(runner, [source, stop, ready]);
    while (!fs.existsSync(ready)) await new Promise((r) => setTimeout(r, 20));
    const forks = await runModuleScript(forker, [dir, FROM]);
    fs.writeFileSync(stop, "");
    expect((await running).code).toBe(0);
    expect(forks.stderr).toBe("");
    const copies = fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl") && f !== `${FROM}.jsonl`);
    expect(copies).toHaveLength(FORKS);
    const cut = copies.filter((f) => {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      return text !== "" && !text.endsWith("\n");
    });
    expect(cut).toEqual([]);
  });
});
