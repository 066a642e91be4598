/**
 * The cost-state line as the session is left: claude 2.1.328 writes it then (recorded: at -p's end,
 * /exit, Ctrl+C, SIGTERM), its wall time up to then; codebot writes it then too, besides after each
 * prompt, so the time idle after the last prompt counts when the session is resumed.
 */
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { startSession } from "./support/e2e.js";

const IDLE_MS = 300;

function costLines(file: string): { totalDuration: number }[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.includes('"cost-state"'))
    .map((l) => JSON.parse(l));
}

describe("the cost-state line as the session is left", () => {
  it("is written at close with the wall time idle after the last prompt", async () => {
    const s = await startSession({ script: [reply.text("one")] });
    await s.runtime.prompt("FIRST");
    const afterPrompt = costLines(s.runtime.transcriptPath);
    expect(afterPrompt).toHaveLength(1);
    await sleep(IDLE_MS);
    await s.runtime.close();
    const lines = costLines(s.runtime.transcriptPath);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.totalDuration).toBeGreaterThanOrEqual((afterPrompt[0]?.totalDuration ?? 0) + IDLE_MS);
  });

  it("is written for the session /clear leaves, with its idle time", async () => {
    const s = await startSession({ script: [reply.text("one")] });
    await s.runtime.prompt("FIRST");
    const left = s.runtime.transcriptPath;
    const afterPrompt = costLines(left);
    await sleep(IDLE_MS);
    s.runtime.clear();
    const lines = costLines(left);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.totalDuration).toBeGreaterThanOrEqual((afterPrompt[0]?.totalDuration ?? 0) + IDLE_MS);
    await s.runtime.close();
  });

  it("is not written for a session that used nothing", async () => {
    const s = await startSession({ script: [] });
    await s.runtime.close();
    const file = s.runtime.transcriptPath;
    expect(fs.existsSync(file) ? costLines(file) : []).toEqual([]);
  });
});
