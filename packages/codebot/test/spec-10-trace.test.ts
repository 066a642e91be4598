/** HOOKS.md §10: one trace record per hook considered, to the event stream and to the JSONL audit file. */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import type { TraceRecord } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { command, scratchDir, startSession } from "./support/e2e.js";

describe("§10 observability", () => {
  it("every hook considered leaves a record (ran or skipped and why) in the event stream and the audit file", async () => {
    const home = scratchDir("codebot-home-");
    const traceFile = path.join(home, "hooks-trace.jsonl");
    const s = await startSession({
      dirs: { project: scratchDir("codebot-project-"), home },
      user: {
        hooks: {
          PreToolUse: [
            command("true", { name: "other-tool", matcher: "write" }),
            command("true", { name: "other-args", if: "/rm -rf/" }),
            command("true", { name: "off", enabled: false }),
            command("echo 'no' >&2; exit 2", { name: "guard", blocking: true, matcher: "bash" }),
          ],
        },
      },
      script: [reply.toolCalls(toolCall("bash", { command: "ls" }, "b1")), reply.text("ok")],
      runtime: { traceFile },
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const settingsFile = path.join(home, "settings.json");
    const streamed = s.events.flatMap((e) => (e.kind === "hook" ? [e.record] : []));
    const filed = fs
      .readFileSync(traceFile, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as TraceRecord);
    expect(filed).toEqual(streamed);
    expect(filed.map((r) => [r.event, r.hook, r.file, r.source, r.matched, r.skipped])).toEqual([
      ["PreToolUse", "other-tool", settingsFile, "user", false, "matcher"],
      ["PreToolUse", "other-args", settingsFile, "user", false, "if"],
      ["PreToolUse", "off", settingsFile, "user", false, "disabled"],
      ["PreToolUse", "guard", settingsFile, "user", true, undefined],
    ]);
    expect(filed[3]).toMatchObject({
      approval: "approved",
      exitCode: 2,
      outcome: "blocked",
      decision: { block: true, reason: "no" },
    });
    expect(filed[3]?.durationMs).toBeGreaterThanOrEqual(0);
  });
});
