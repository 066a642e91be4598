/**
 * A hook trace file that several codebot processes append to at once (sessions given the same
 * --trace-file) stays one whole record per line: a process that ends at once (flushNow) while
 * another is in the middle of a large append does not take that append for a line cut off by a
 * crash, and so adds no empty line.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runModuleScript } from "../support/module-script.js";
import { tempDir } from "../support/temp-dirs.js";
import { repoRoot, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const PROCESSES = 4;
const RECORDS = 150;

/** Appends 150 records of 64 KB (16 pages each), each written at once as by a process exiting. */
const writer = `
import fs from "node:fs";
import { TraceFile } from ${JSON.stringify(path.join(repoRoot, "packages/hooks/dist/trace-file.js"))};
const [file, start, id] = process.argv.slice(1);
while (!fs.existsSync(start)) await new Promise((r) => setTimeout(r, 5));
const trace = new TraceFile(file, (message) => console.error(message));
for (let i = 0; i < ${RECORDS}; i++) {
  trace.append({ id, i, pad: "x".repeat(64_000) });
  trace.flushNow();
}
`;

describe("a hook trace file under concurrent writers", () => {
  it(`${PROCESSES} processes writing large records at once leave no empty or broken line`, {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir("codebot-trace-race-");
    const file = path.join(dir, "trace.jsonl");
    const start = path.join(dir, "go");
    const runs = Array.from({ length: PROCESSES }, (_, id) =>
      runModuleScript(writer, [file, start, String(id)]),
    );
    await new Promise((r) => setTimeout(r, 1500));
    fs.writeFileSync(start, "");
    const results = await Promise.all(runs);
    expect(results.map((r) => r.stderr).join("")).toBe("");
    expect(results.every((r) => r.code === 0)).toBe(true);

    const lines = fs.readFileSync(file, "utf8").split("\n").slice(0, -1);
    expect(lines.filter((line) => !isRecord(line))).toEqual([]);
    // flushNow may write a record twice (the asynchronous write it overtakes may land too), never miss one.
    const kept = new Set(lines.map((line) => `${JSON.parse(line).id}/${JSON.parse(line).i}`));
    expect(kept.size).toBe(PROCESSES * RECORDS);
  });
});

function isRecord(line: string): boolean {
  try {
    return typeof JSON.parse(line).id === "string";
  } catch {
    return false;
  }
}
