/** Runtime.abandonHooks(): the spool of hook runs a session gives up when it must end at once. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, startSession } from "./support/e2e.js";

describe("abandoning hooks", () => {
  it("before SessionEnd fired, saves its hooks as not fired, with the payload they were to get", async () => {
    const { runtime } = await startSession({
      user: { hooks: { SessionEnd: [command("true", { name: "flush" })] } },
    });
    const abandoned = runtime.abandonHooks();
    expect(abandoned).toEqual({ count: 1, sessionEndMissed: true, file: runtime.undeliveredHooksPath });
    expect(runtime.undeliveredHooksPath).toBe(
      runtime.transcriptPath.replace(/\.jsonl$/, ".undelivered.jsonl"),
    );
    const [line] = fs.readFileSync(abandoned.file, "utf8").split("\n");
    expect(JSON.parse(line ?? "")).toMatchObject({
      state: "not fired",
      event: "SessionEnd",
      hook: "flush",
      type: "command",
      command: "true",
      payload: { event: "SessionEnd", reason: "other", session_id: runtime.sessionId },
    });
  });

  it("after a spool line cut off (a process killed mid-append), starts its records on a line of their own", async () => {
    const { runtime } = await startSession({
      user: { hooks: { SessionEnd: [command("true", { name: "flush" })] } },
    });
    const torn = '{"time":"2026-01-01T00:00:00.000Z","state":"not fired","event":"Sess';
    fs.writeFileSync(runtime.undeliveredHooksPath, torn);
    runtime.abandonHooks();
    const lines = fs.readFileSync(runtime.undeliveredHooksPath, "utf8").split("\n");
    expect(lines[0]).toBe(torn);
    expect(JSON.parse(lines[1] ?? "")).toMatchObject({ event: "SessionEnd", hook: "flush" });
  });

  it("with nothing unfinished, writes no spool", async () => {
    const { runtime } = await startSession({});
    expect(runtime.abandonHooks()).toEqual({
      count: 0,
      sessionEndMissed: false,
      file: runtime.undeliveredHooksPath,
    });
    expect(fs.existsSync(runtime.undeliveredHooksPath)).toBe(false);
  });
});
