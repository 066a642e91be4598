import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, promptText, startSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const log = (extra = "") => ({ hooks: [command(`cat >> hooks.jsonl; echo >> hooks.jsonl; ${extra}`)] });

describe("/clear", () => {
  it("fires SessionEnd (reason clear) for the old session, then SessionStart (source clear) for a new one with a fresh history and the new context", async () => {
    const s = await startSession({
      user: {
        hooks: { SessionEnd: [log()], SessionStart: [{ matcher: "clear", ...log("echo CLEAR-CONTEXT") }] },
      },
      script: [reply.text("first answer"), reply.text("fresh answer")],
    });
    await s.runtime.prompt("EARLIER-PROMPT");
    const old = { id: s.runtime.sessionId, transcript: s.runtime.transcriptPath };
    s.runtime.clear();
    // Claude Code's /clear starts a new session: new id, new transcript file.
    expect(s.runtime.sessionId).not.toBe(old.id);
    expect(s.runtime.transcriptPath).not.toBe(old.transcript);
    expect(s.runtime.messages).toEqual([]);
    await s.runtime.prompt("new start");
    const sent = promptText(s.model.requests[1], "user").join("\n");
    expect(sent).toContain("new start");
    expect(sent).toContain("CLEAR-CONTEXT");
    expect(sent).not.toContain("EARLIER-PROMPT");
    const hooks = await waitFor(() =>
      s.jsonLines("hooks.jsonl").length >= 2 ? s.jsonLines("hooks.jsonl") : undefined,
    );
    // SessionEnd is fired first; its hooks run in the background, so they may finish after SessionStart's.
    expect(hooks.map((h) => [h.hook_event_name, h.reason ?? h.source, h.session_id]).sort()).toEqual([
      ["SessionEnd", "clear", old.id],
      ["SessionStart", "clear", s.runtime.sessionId],
    ]);
    expect(fs.readFileSync(s.runtime.transcriptPath, "utf8")).toContain("new start");
    expect(fs.readFileSync(old.transcript, "utf8")).not.toContain("new start");
  });

  it("the session cleared stays resumable with its own conversation; the new one has only what came after", async () => {
    const first = await startSession({ script: [reply.text("a"), reply.text("b")] });
    await first.runtime.prompt("BEFORE-CLEAR");
    const before = first.runtime.sessionId;
    first.runtime.clear();
    await first.runtime.prompt("AFTER-CLEAR");
    await first.runtime.close();
    const dirs = { project: first.project, home: first.home };
    const after = await startSession({ dirs, runtime: { sessionId: first.runtime.sessionId, resume: true } });
    expect(JSON.stringify(after.runtime.messages)).toContain("AFTER-CLEAR");
    expect(JSON.stringify(after.runtime.messages)).not.toContain("BEFORE-CLEAR");
    const old = await startSession({ dirs, runtime: { sessionId: before, resume: true } });
    expect(JSON.stringify(old.runtime.messages)).toContain("BEFORE-CLEAR");
    expect(JSON.stringify(old.runtime.messages)).not.toContain("AFTER-CLEAR");
  });
});

describe("/resume", () => {
  it("SessionEnd (reason resume) for the session left, then the earlier session in place: its history, id and transcript; SessionStart source resume", async () => {
    const earlier = await startSession({ script: [reply.text("EARLIER-ANSWER")] });
    await earlier.runtime.prompt("EARLIER-PROMPT");
    await earlier.runtime.close();

    const s = await startSession({
      dirs: { project: earlier.project, home: earlier.home },
      user: { hooks: { SessionStart: [{ matcher: "resume", ...log() }], SessionEnd: [log()] } },
      script: [reply.text("in the other"), reply.text("resumed answer")],
    });
    await s.runtime.prompt("THROWAWAY-PROMPT");
    const left = s.runtime.sessionId;
    s.runtime.resume(earlier.runtime.sessionId);
    expect(s.runtime.sessionId).toBe(earlier.runtime.sessionId);
    expect(s.runtime.transcriptPath).toBe(earlier.runtime.transcriptPath);
    await s.runtime.prompt("go on");
    const sent = JSON.stringify(s.model.requests[1]?.prompt);
    expect(sent).toContain("EARLIER-PROMPT");
    expect(sent).toContain("EARLIER-ANSWER");
    expect(sent).not.toContain("THROWAWAY-PROMPT");
    const hooks = await waitFor(() =>
      s.jsonLines("hooks.jsonl").length >= 2 ? s.jsonLines("hooks.jsonl") : undefined,
    );
    expect(hooks.map((h) => [h.hook_event_name, h.reason ?? h.source, h.session_id]).sort()).toEqual([
      ["SessionEnd", "resume", left],
      ["SessionStart", "resume", earlier.runtime.sessionId],
    ]);
    expect(fs.readFileSync(earlier.runtime.transcriptPath, "utf8")).toContain("go on");
    expect(() => s.runtime.resume("not-a-session")).toThrow(/is not a session id/);
  });

  it("the count moves with /resume and /clear, as claude 2.1.328's: the session left has its own in its transcript, the resumed one counts on from its own, a cleared one from nothing", async () => {
    const earlier = await startSession({ script: [reply.text("EARLIER-ANSWER")] });
    await earlier.runtime.prompt("EARLIER-PROMPT");
    await earlier.runtime.close();
    const steps = (s: { runtime: { usage: { models(): ReadonlyMap<string, { steps: number }> } } }) =>
      [...s.runtime.usage.models().values()].reduce((sum, used) => sum + used.steps, 0);

    const s = await startSession({
      dirs: { project: earlier.project, home: earlier.home },
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("FIRST");
    await s.runtime.prompt("SECOND");
    expect(steps(s)).toBe(2);
    const left = s.runtime.transcriptPath;
    s.runtime.resume(earlier.runtime.sessionId);
    expect(steps(s)).toBe(1);
    const costLines = (file: string) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.includes('"cost-state"'))
        .map((l) => JSON.parse(l));
    expect(costLines(left).at(-1)?.modelUsage).toEqual({
      [[...s.runtime.usage.models().keys()][0] as string]: expect.objectContaining({ steps: 2 }),
    });
    s.runtime.clear();
    expect(steps(s)).toBe(0);
  });

  it("the session lock moves with /resume and /clear, and a session another process runs is refused while this one goes on", async () => {
    const earlier = await startSession({ script: [reply.text("a")] });
    await earlier.runtime.prompt("EARLIER-PROMPT");
    await earlier.runtime.close();
    const s = await startSession({ dirs: { project: earlier.project, home: earlier.home } });
    const dir = path.dirname(s.runtime.transcriptPath);
    const lockOf = (id: string) => path.join(dir, `${id}.lock`);
    const left = s.runtime.sessionId;
    expect(fs.readFileSync(lockOf(left), "utf8").split("\n")[0]).toBe(String(process.pid));

    s.runtime.resume(earlier.runtime.sessionId);
    expect(fs.existsSync(lockOf(left))).toBe(false);
    expect(fs.readFileSync(lockOf(earlier.runtime.sessionId), "utf8").split("\n")[0]).toBe(
      String(process.pid),
    );

    // The test runner's parent stands in for another codebot running the left session now.
    fs.writeFileSync(lockOf(left), String(process.ppid));
    expect(() => s.runtime.resume(left)).toThrow(
      `session: ${left} is in use by codebot process ${process.ppid}`,
    );
    expect(s.runtime.sessionId).toBe(earlier.runtime.sessionId);

    s.runtime.clear();
    expect(fs.existsSync(lockOf(earlier.runtime.sessionId))).toBe(false);
    await s.runtime.close();
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".lock"))).toEqual([`${left}.lock`]);
  });

  it("forgets the files the model read: an edit after it says contentNotInModelContext (the new conversation never saw the file)", async () => {
    const edit = (from: string, to: string) =>
      reply.toolCall("edit", { file_path: "a.txt", old_string: from, new_string: to });
    const s = await startSession({
      user: {
        hooks: {
          PostToolUse: [{ matcher: "Edit", hooks: [command("jq -c .tool_response >> edits.jsonl")] }],
        },
      },
      script: [
        reply.toolCall("read", { file_path: "a.txt" }),
        edit("a", "b"),
        reply.text("ok"),
        edit("b", "c"),
        reply.text("ok"),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "a\n");
    await s.runtime.prompt("read and edit");
    // The file is as the first conversation's model left it: only the clear makes it unseen.
    s.runtime.clear();
    await s.runtime.prompt("edit again");
    await s.runtime.close();
    expect(s.jsonLines("edits.jsonl").map((r) => r.contentNotInModelContext)).toEqual([undefined, true]);
  });
});
