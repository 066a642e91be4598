/**
 * claude 2.1.328's denial limits in auto mode (auto-mode-denials.ts): after 3 blocks in a row or
 * 20 in the session, the classifier's block is not final and the call is put to the person.
 */
import fs from "node:fs";
import path from "node:path";
import { type RecordedRequest, reply, type ScriptStep, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { approvingOnce, autoSession, WRITER } from "../support/auto-mode-session.js";

const BLOCK = "<block>yes</block><reason>writes through node</reason>";
const ALLOW = "<block>no</block>";

/** One call per classifier answer, in order, then the end of the turn. */
function calls(answers: readonly string[]): ScriptStep<RecordedRequest>[] {
  return [
    ...answers.flatMap((answer, i) => [
      reply.toolCalls(toolCall("bash", { command: WRITER }, `c${i + 1}`)),
      reply.text(answer),
    ]),
    reply.text("done"),
  ];
}

describe("auto mode's denial limits", () => {
  it("-p: the third block in a row is refused as a call nobody could be asked about", async () => {
    const { s, server, decisions } = await autoSession(calls([BLOCK, BLOCK, BLOCK]));
    await s.runtime.prompt("go");
    expect(server.requests).toHaveLength(7);
    expect(decisions.map((d) => d.decision.notRun)).toEqual([
      "automode-blocked",
      "automode-blocked",
      "user-rejected",
    ]);
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
  });

  it("an allow ends a run of blocks: blocks after it count from one", async () => {
    const { s, decisions } = await autoSession(calls([BLOCK, BLOCK, ALLOW, BLOCK, BLOCK]));
    await s.runtime.prompt("go");
    expect(decisions.map((d) => d.decision.notRun ?? d.decision.reason_type)).toEqual([
      "automode-blocked",
      "automode-blocked",
      "classifier",
      "automode-blocked",
      "automode-blocked",
    ]);
  });

  it("interactively, the third block in a row puts the call to the person, saying why", async () => {
    const asked: string[] = [];
    const { s, decisions } = await autoSession(calls([BLOCK, BLOCK, BLOCK]), {
      runtime: approvingOnce(asked),
    });
    await s.runtime.prompt("go");
    expect(asked).toEqual(["bash"]);
    expect(decisions.at(-1)?.decision).toEqual({ decision: "accept", source: "user_temporary" });
    expect(fs.readFileSync(path.join(s.project, "ran.txt"), "utf8")).toBe("x");
    expect(s.notices).toContainEqual(
      expect.stringContaining(
        "3 actions in a row were blocked by the auto mode classifier; asking you instead",
      ),
    );
  });

  it("a person's yes to the call put to them ends the run of blocks: the next block is final again", async () => {
    const asked: string[] = [];
    const { s, decisions } = await autoSession(calls([BLOCK, BLOCK, BLOCK, BLOCK]), {
      runtime: approvingOnce(asked),
    });
    await s.runtime.prompt("go");
    expect(asked).toEqual(["bash"]);
    expect(decisions.map((d) => d.decision.notRun ?? d.decision.source)).toEqual([
      "automode-blocked",
      "automode-blocked",
      "user_temporary",
      "automode-blocked",
    ]);
  });

  it("-p: a call that runs unjudged (a file read) ends the run of blocks, as claude 2.1.328's did (recorded)", async () => {
    const script = calls([BLOCK, BLOCK, BLOCK, BLOCK]);
    // After the second block, the model reads a file: no classifier, and it runs.
    script.splice(4, 0, reply.toolCalls(toolCall("read", { file_path: "README.md" }, "r1")));
    const { s, decisions } = await autoSession(script);
    await s.runtime.prompt("go");
    expect(decisions.map((d) => d.decision.notRun ?? d.decision.reason_type)).toEqual([
      "automode-blocked",
      "automode-blocked",
      "mode",
      "automode-blocked",
      "automode-blocked",
    ]);
  });

  it("the twentieth block of the session, never three in a row, is put to the person too", async () => {
    // Two blocks, then an allow, over and over: 20 blocks and 9 allows, the last answer a block.
    const answers = Array.from({ length: 29 }, (_, i) => (i % 3 === 2 ? ALLOW : BLOCK));
    const { s, decisions } = await autoSession(calls(answers));
    await s.runtime.prompt("go");
    const refusedAsNobodyAsked = decisions.flatMap((d, i) =>
      d.decision.notRun === "user-rejected" ? [i + 1] : [],
    );
    expect(refusedAsNobodyAsked).toEqual([29]);
  });
});
