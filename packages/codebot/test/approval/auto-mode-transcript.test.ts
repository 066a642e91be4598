/**
 * Each tool call's permission check on its result's transcript line, as claude 2.1.328 records it
 * (permission-decision-fields.ts): auto mode's classifier's decisions among them.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { autoSession, WRITER } from "../support/auto-mode-session.js";
import { startSession } from "../support/e2e.js";

/** The transcript's lines of tool results. */
function resultLines(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.includes('"tool_result"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the transcript's record of a call's permission check", () => {
  it("an allow of the classifier: claude's permissionDecision on the result's line", async () => {
    const { s } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.text("<block>no</block>"),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    const [line] = resultLines(s.runtime.transcriptPath);
    expect(line?.permissionDecision).toEqual({
      decision: "accept",
      source: "config",
      reasonType: "classifier",
    });
    expect(line?.toolDenialKind).toBeUndefined();
  });

  it("a block of the classifier: its reasonCode and toolDenialKind automode-blocked", async () => {
    const { s } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.text("<block>yes</block><reason>writes through node</reason>"),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    const [line] = resultLines(s.runtime.transcriptPath);
    expect(line?.permissionDecision).toEqual({
      decision: "reject",
      source: "config",
      reasonType: "classifier",
      reasonCode: "classifier:auto-mode",
    });
    expect(line?.toolDenialKind).toBe("automode-blocked");
  });

  it("a batch's line: each result's check by its tool_use_id", async () => {
    const { s } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: "ls" }, "c1"), toolCall("bash", { command: WRITER }, "c2")),
      reply.text("<block>no</block>"),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    const [line] = resultLines(s.runtime.transcriptPath);
    expect(line?.permissionDecision).toBeUndefined();
    expect(line?.permissionDecisions).toEqual({
      c1: { permissionDecision: { decision: "accept", source: "config", reasonType: "subcommandResults" } },
      c2: { permissionDecision: { decision: "accept", source: "config", reasonType: "classifier" } },
    });
  });

  it("-c reads a transcript with these records back to the same conversation", async () => {
    const { s } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.text("<block>yes</block><reason>writes through node</reason>"),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    await s.runtime.close();
    const resumed = await startSession({
      dirs: { project: s.project, home: s.home },
      runtime: { sessionId: s.runtime.sessionId, resume: true },
    });
    expect(resumed.notices.filter((n) => n.includes("resuming"))).toEqual([]);
    expect(resumed.runtime.messages).toEqual(s.runtime.messages);
  });
});
