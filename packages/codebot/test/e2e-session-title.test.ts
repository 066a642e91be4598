/**
 * A hook's `sessionTitle` (SessionStart, UserPromptSubmit) names the session, as in claude 2.1.328
 * (checked by running it): a `{"type":"custom-title","customTitle":…,"sessionId":…}` line in the
 * transcript, `session_title` in later UserPromptSubmit payloads, the title in the session list;
 * it stays the session's on resume. A SessionStart title after `/clear` is not taken (claude's
 * takes it on startup and resume only).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { listSessions } from "../src/transcript/session-files.js";
import { command, startSession } from "./support/e2e.js";

/** A Claude Code hook group whose hook logs its payload to hooks.jsonl and answers `output`. */
function answering(event: string, output: Record<string, unknown>) {
  const json = JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...output } });
  return [{ hooks: [command(`cat >> hooks.jsonl; echo >> hooks.jsonl; echo '${json}'`)] }];
}

function titleLines(transcriptPath: string): unknown[] {
  return fs
    .readFileSync(transcriptPath, "utf8")
    .split("\n")
    .filter((l) => l.includes('"custom-title"'))
    .map((l) => JSON.parse(l));
}

describe("a hook's sessionTitle", () => {
  it("from SessionStart: a custom-title line in the transcript, session_title in UserPromptSubmit's payload, the title in the session list", async () => {
    const s = await startSession({
      user: {
        hooks: {
          SessionStart: answering("SessionStart", { sessionTitle: "Fix the parser" }),
          UserPromptSubmit: answering("UserPromptSubmit", {}),
        },
      },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("first prompt");
    expect(titleLines(s.runtime.transcriptPath)).toEqual([
      { type: "custom-title", customTitle: "Fix the parser", sessionId: s.runtime.sessionId },
    ]);
    const submitted = s.jsonLines("hooks.jsonl").find((p) => p.hook_event_name === "UserPromptSubmit");
    expect(submitted).toMatchObject({ prompt: "first prompt", session_title: "Fix the parser" });
    const [listed] = listSessions(path.dirname(s.runtime.transcriptPath));
    expect(listed).toMatchObject({
      id: s.runtime.sessionId,
      title: "Fix the parser",
      firstPrompt: "first prompt",
    });
  });

  it("from UserPromptSubmit: the session is named once; the same title again writes nothing, a blocked prompt's title is not taken", async () => {
    const s = await startSession({
      user: {
        hooks: { UserPromptSubmit: answering("UserPromptSubmit", { sessionTitle: "Named by prompt" }) },
      },
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("first");
    await s.runtime.prompt("second");
    expect(titleLines(s.runtime.transcriptPath)).toEqual([
      { type: "custom-title", customTitle: "Named by prompt", sessionId: s.runtime.sessionId },
    ]);
    const payloads = s.jsonLines("hooks.jsonl");
    expect(payloads[0]).not.toHaveProperty("session_title");
    expect(payloads[1]).toMatchObject({ session_title: "Named by prompt" });

    const blocked = await startSession({
      user: {
        hooks: {
          UserPromptSubmit: [
            {
              hooks: [
                command(
                  `echo '{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","sessionTitle":"Never"}}'`,
                ),
              ],
            },
          ],
        },
      },
    });
    expect((await blocked.runtime.prompt("x")).status).toBe("blocked");
    expect(titleLines(blocked.runtime.transcriptPath)).toEqual([]);
  });

  it("stays the session's on resume: listed with it, written again with the first new line, in the next payload", async () => {
    const first = await startSession({
      user: { hooks: { SessionStart: answering("SessionStart", { sessionTitle: "Kept title" }) } },
      script: [reply.text("one")],
    });
    await first.runtime.prompt("before");
    await first.runtime.close();
    const dirs = { project: first.project, home: first.home };
    const id = first.runtime.sessionId;
    const resumed = await startSession({
      dirs,
      user: { hooks: { UserPromptSubmit: answering("UserPromptSubmit", {}) } },
      runtime: { sessionId: id, resume: true },
      script: [reply.text("two")],
    });
    await resumed.runtime.prompt("after");
    const line = { type: "custom-title", customTitle: "Kept title", sessionId: id };
    expect(titleLines(resumed.runtime.transcriptPath)).toEqual([line, line]);
    expect(resumed.jsonLines("hooks.jsonl").at(-1)).toMatchObject({
      prompt: "after",
      session_title: "Kept title",
    });
    expect(listSessions(path.dirname(resumed.runtime.transcriptPath))[0]).toMatchObject({
      id,
      title: "Kept title",
    });
  });

  it("a SessionStart title after /clear is not taken: the new session has none", async () => {
    const s = await startSession({
      user: { hooks: { SessionStart: answering("SessionStart", { sessionTitle: "Start title" }) } },
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("first");
    s.runtime.clear();
    await s.runtime.prompt("second");
    expect(titleLines(s.runtime.transcriptPath)).toEqual([]);
  });
});
