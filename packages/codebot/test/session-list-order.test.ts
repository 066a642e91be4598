/**
 * The order `-c` and `--resume` take the project's sessions in: by the transcript's file time,
 * and — file times are coarse, two sessions may get the same one — by the lines' own times.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listSessions } from "../src/transcript/session-files.js";
import { tempDir } from "./support/temp-dirs.js";

const LEFT = "0f3a2b1c-1111-4222-8333-944445555666";
const BEGUN = "1f3a2b1c-1111-4222-8333-944445555666";
const SAME_TIME = new Date("2026-12-06T20:00:00.000Z");

/** A transcript with a prompt written at `first` and a last line (a cost-state one) at `last`, its file time SAME_TIME. */
function transcript(dir: string, id: string, first: string, last: string): void {
  const file = path.join(dir, `${id}.jsonl`);
  const lines = [
    { type: "user", message: { role: "user", content: "hello" }, timestamp: first, sessionId: id },
    { type: "cost-state", sessionId: id, modelUsage: {}, timestamp: last },
  ];
  fs.writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  fs.utimesSync(file, SAME_TIME, SAME_TIME);
}

describe("listSessions' order when two transcripts have the same file time", () => {
  it("puts the session begun later first when both last lines have the same time (the one /clear left, written as the new one began)", () => {
    const dir = tempDir("codebot-session-order-");
    transcript(dir, BEGUN, "2026-12-06T19:59:59.990Z", "2026-12-06T19:59:59.990Z");
    transcript(dir, LEFT, "2026-12-06T19:00:00.000Z", "2026-12-06T19:59:59.990Z");
    expect(listSessions(dir).map((s) => s.id)).toEqual([BEGUN, LEFT]);
  });

  it("puts the session whose last line is later first, though begun earlier", () => {
    const dir = tempDir("codebot-session-order-");
    // A session resumed (begun long ago) written after the one it was resumed from.
    transcript(dir, LEFT, "2026-12-06T19:59:00.000Z", "2026-12-06T19:59:59.001Z");
    transcript(dir, BEGUN, "2026-12-06T19:00:00.000Z", "2026-12-06T19:59:59.002Z");
    expect(listSessions(dir).map((s) => s.id)).toEqual([BEGUN, LEFT]);
  });
});
