import fs from "node:fs";
import { SUMMARY_PREAMBLE } from "@codebot/agentcore";
import { type ReplyTurn, reply, type ScriptedRequest, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, promptText, startSession } from "./support/e2e.js";

/** Claude Code groups that append each payload (one line) to hooks.jsonl; `extra` runs after. */
const logGroup = (matcher: string, extra = "") => ({
  matcher,
  hooks: [{ type: "command", command: `cat >> hooks.jsonl; echo >> hooks.jsonl; ${extra}` }],
});

/** The scripted model's spec is `scripted/scripted`: a 1000-token window compacts at 850. */
const SMALL_WINDOW = { models: { "scripted/scripted": { contextWindow: 1000 } } };

const withInput = (turn: ReplyTurn, inputTokens: number): ReplyTurn => ({
  ...turn,
  usage: { inputTokens, outputTokens: 5 },
});

/** Every text the model was sent in a request (user, tool and system). */
const allText = (request: ScriptedRequest | undefined) =>
  [...promptText(request, "user"), ...promptText(request, "tool"), ...promptText(request, "system")].join(
    "\n",
  );

const isSummaryRequest = (request: ScriptedRequest) =>
  promptText(request, "user").some((t) => t.startsWith("Summarise the conversation so far"));

describe("compaction", () => {
  it("auto: PreCompact (auto) → summary → PostCompact → SessionStart(compact); the next request carries the summary, not the old messages", async () => {
    const s = await startSession({
      user: {
        ...SMALL_WINDOW,
        hooks: {
          PreCompact: [logGroup("auto")],
          PostCompact: [logGroup("auto")],
          SessionStart: [logGroup("compact", "echo 'RULE: run the tests before you stop'")],
        },
      },
      script: [
        withInput(reply.text("first task done"), 100),
        withInput(reply.toolCall("bash", { command: "echo OLD-ONE" }, "t1"), 300),
        withInput(reply.toolCall("bash", { command: "echo OLD-TWO" }, "t2"), 500),
        withInput(reply.toolCall("bash", { command: "echo OLD-THREE" }, "t3"), 700),
        withInput(reply.toolCall("bash", { command: "echo RECENT" }, "t4"), 900),
        reply.text("SUMMARY: the user asked for ALPHA-work; four echoes ran."),
        reply.text("all done"),
      ],
    });
    expect(await s.runtime.prompt("ALPHA-TASK: the first request")).toMatchObject({ status: "completed" });
    expect(await s.runtime.prompt("BETA-TASK: run the echoes")).toMatchObject({
      status: "completed",
      text: "all done",
    });
    await s.runtime.close();

    const summaryRequest = s.model.requests[5];
    expect(summaryRequest && isSummaryRequest(summaryRequest)).toBe(true);
    expect(summaryRequest?.tools).toEqual([]);
    // The summary request sees the whole conversation.
    expect(allText(summaryRequest)).toContain("ALPHA-TASK");

    const next = s.model.requests[6];
    const text = allText(next);
    expect(promptText(next, "user")[0]).toContain(SUMMARY_PREAMBLE);
    expect(text).toContain("SUMMARY: the user asked for ALPHA-work");
    expect(text).toContain("RULE: run the tests before you stop");
    expect(text).toContain("BETA-TASK"); // the request in progress
    expect(text).toContain("RECENT"); // the last turn
    expect(text).not.toContain("OLD-THREE"); // the turns before it are the summary's
    expect(text).not.toContain("ALPHA-TASK: the first request");
    expect(text).not.toContain("first task done");
    expect(text).not.toContain("OLD-ONE");

    const hooks = s.jsonLines("hooks.jsonl");
    expect(hooks.map((h) => h.hook_event_name).sort()).toEqual(["PostCompact", "PreCompact", "SessionStart"]);
    expect(hooks[0]).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "auto",
      custom_instructions: null,
    });
    expect(hooks.find((h) => h.hook_event_name === "PostCompact")).toMatchObject({
      trigger: "auto",
      compact_summary: "SUMMARY: the user asked for ALPHA-work; four echoes ran.",
    });
    expect(hooks.find((h) => h.hook_event_name === "SessionStart")).toMatchObject({ source: "compact" });

    const lines = fs
      .readFileSync(s.runtime.transcriptPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const boundary = lines.findIndex((l) => l.subtype === "compact_boundary");
    expect(lines[boundary]).toMatchObject({ type: "system", compactMetadata: { trigger: "auto" } });
    expect(lines[boundary + 1]).toMatchObject({ type: "user", isCompactSummary: true });
    expect(s.notices).toContainEqual(
      expect.stringMatching(
        /^codebot: conversation compacted \(auto\): \d+ messages \(about \d+ tokens\) became a summary and the last \d+ messages, kept as they were$/,
      ),
    );
  });

  it("a blocking PreCompact hook keeps the history and the session goes on", async () => {
    const s = await startSession({
      user: {
        ...SMALL_WINDOW,
        hooks: { PreCompact: [{ hooks: [command("cat > /dev/null; echo 'not now' >&2; exit 2")] }] },
      },
      script: [
        withInput(reply.toolCall("bash", { command: "echo OLD-ONE" }, "t1"), 900),
        reply.text("still here"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "still here" });
    expect(s.model.requests).toHaveLength(2);
    expect(allText(s.model.requests[1])).toContain("OLD-ONE");
    expect(s.notices.some((n) => /compaction blocked by hook .*not now/.test(n))).toBe(true);
  });

  it("a conversation of more messages than the summary request can take even cut (a switch to a smaller window): its oldest turns are left out with a note, and the compaction succeeds", async () => {
    const echo = (i: number) => reply.toolCall("bash", { command: `echo ${String(i).repeat(300)}` }, `t${i}`);
    const s = await startSession({
      user: SMALL_WINDOW,
      script: [
        ...[1, 2, 3, 4, 5, 6, 7].map(echo),
        withInput(echo(8), 900),
        reply.text("SUMMARY of the recent echoes"),
        reply.text("still here"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "still here" });
    const summaryRequest = s.model.requests.find(isSummaryRequest);
    const sent = promptText(summaryRequest, "user");
    expect(sent[0]).toMatch(
      /^\[The first \d+ messages of this conversation are left out here to fit the context window; the transcript has them\.\]$/,
    );
    // The last call (8) is kept after the summary, so the latest summarised is 7.
    expect(allText(summaryRequest)).toContain("7".repeat(300));
    expect(allText(summaryRequest)).not.toContain("1".repeat(300));
    expect(s.notices.some((n) => n.startsWith("codebot: conversation compacted (auto)"))).toBe(true);
    expect(allText(s.model.requests.at(-1))).toContain("SUMMARY of the recent echoes");
  });

  it("a last turn too large for the summary request even cut (one answer with 30 tool calls): no request, the user is told what to do, the session goes on", async () => {
    const calls = Array.from({ length: 30 }, (_, i) =>
      toolCall("bash", { command: `echo call-${i}` }, `t${i}`),
    );
    const s = await startSession({
      user: SMALL_WINDOW,
      script: [withInput(reply.toolCalls(...calls), 900), reply.text("still here")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "still here" });
    expect(s.model.requests.some(isSummaryRequest)).toBe(false);
    expect(s.notices).toContain(
      "codebot: compaction failed: the conversation is too large for the model's 1000-token window even with its long texts cut; start a new conversation (/clear, or a run without -c/-r) or use a model with a larger window",
    );
  });

  it("a summary request the model refuses as too long three times (cut to half, then a quarter): the user is told what to do, the session goes on", async () => {
    const tooLong = reply.httpError(400, { message: "prompt is too long: 5000 tokens > 1000 maximum" });
    const s = await startSession({
      user: SMALL_WINDOW,
      script: [
        withInput(reply.toolCall("bash", { command: "echo OLD" }, "t1"), 900),
        tooLong,
        tooLong,
        tooLong,
        reply.text("still here"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "still here" });
    expect(s.model.requests.filter(isSummaryRequest)).toHaveLength(3);
    expect(s.notices).toContain(
      "codebot: compaction failed: prompt is too long: 5000 tokens > 1000 maximum, even with the conversation's long texts cut; start a new conversation (/clear, or a run without -c/-r) or use a model with a larger window",
    );
  });

  it("a hook-supplied summary is used verbatim, with no model call", async () => {
    const summary = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreCompact", summary: "HOOK-SUMMARY verbatim" },
    });
    const s = await startSession({
      user: {
        ...SMALL_WINDOW,
        hooks: { PreCompact: [{ hooks: [command(`cat > /dev/null; echo '${summary}'`)] }] },
      },
      script: [withInput(reply.toolCall("bash", { command: "echo OLD" }, "t1"), 900), reply.text("after")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "after" });
    expect(s.model.requests).toHaveLength(2);
    expect(s.model.requests.some(isSummaryRequest)).toBe(false);
    // After the reminder naming the tools called before it, as claude 2.1.328's summary message has it.
    expect(promptText(s.model.requests[1], "user")[0]).toBe(
      `${SUMMARY_PREAMBLE}\n\n<system-reminder>\n<tools-used-before-summary>bash</tools-used-before-summary>\n</system-reminder>\n\nHOOK-SUMMARY verbatim`,
    );
  });

  it("an interrupt (Esc, Ctrl+C) during /compact cancels it: the history stays, and the next prompt runs", async () => {
    const s = await startSession({ script: [reply.text("one"), reply.hang("SUMM"), reply.text("three")] });
    await s.runtime.prompt("first");
    const compacting = s.runtime.compact();
    await new Promise((r) => setTimeout(r, 200));
    s.runtime.interrupt();
    expect(await compacting).toMatchObject({ compacted: false });
    expect(await s.runtime.prompt("third")).toMatchObject({ status: "completed", text: "three" });
    expect(promptText(s.model.requests[2], "user")).toEqual(["first", "third"]);
  });

  it("/compact focus: the focus reaches the summary request and PreCompact's custom_instructions (trigger manual)", async () => {
    const s = await startSession({
      user: { hooks: { PreCompact: [logGroup("manual", "echo 'KEEP THE API NOTES'")] } },
      script: [reply.text("did it"), reply.text("SUMMARY-M"), reply.text("next")],
    });
    await s.runtime.prompt("first");
    const outcome = await s.runtime.compact("focus on tests");
    expect(outcome).toMatchObject({ compacted: true, summary: "SUMMARY-M" });
    const summaryRequest = s.model.requests[1];
    const ask = promptText(summaryRequest, "user").at(-1) ?? "";
    expect(ask).toContain("focus on tests");
    expect(ask).toContain("KEEP THE API NOTES"); // PreCompact's plain stdout joins the instructions
    expect(s.jsonLines("hooks.jsonl")[0]).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
      custom_instructions: "focus on tests",
    });
    await s.runtime.prompt("second");
    expect(allText(s.model.requests[2])).toContain("SUMMARY-M");
    expect(s.runtime.messages[0]).toMatchObject({ role: "user" });
  });

  it("SessionStart after a compaction names the model, as claude 2.1.328's does; the session's first SessionStart does not", async () => {
    const s = await startSession({
      user: { hooks: { SessionStart: [logGroup("")] } },
      script: [reply.text("did it"), reply.text("SUMMARY-M")],
    });
    await s.runtime.prompt("first");
    await s.runtime.compact();
    await s.runtime.close();
    const starts = s.jsonLines("hooks.jsonl").filter((h) => h.hook_event_name === "SessionStart");
    expect(starts.map((h) => [h.source, h.model])).toEqual([
      ["startup", undefined],
      ["compact", "scripted"],
    ]);
  });

  it("compaction.auto false: the context passes the threshold and nothing is compacted", async () => {
    const s = await startSession({
      user: { ...SMALL_WINDOW, compaction: { auto: false } },
      script: [withInput(reply.toolCall("bash", { command: "echo OLD" }, "t1"), 900), reply.text("after")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "after" });
    expect(s.model.requests).toHaveLength(2);
    expect(allText(s.model.requests[1])).toContain("OLD");
  });

  it("a resumed session restores the compacted view: the summary and what followed, not what was compacted away", async () => {
    const first = await startSession({
      script: [reply.text("OLD-ANSWER"), reply.text("SUMMARY-R"), reply.text("after compaction")],
    });
    await first.runtime.prompt("OLD-PROMPT");
    await first.runtime.compact();
    await first.runtime.prompt("NEW-PROMPT");
    await first.runtime.close();

    const resumed = await startSession({
      dirs: { project: first.project, home: first.home },
      script: [reply.text("resumed")],
      runtime: { sessionId: first.runtime.sessionId, resume: true },
    });
    expect(resumed.runtime.transcriptPath).toBe(first.runtime.transcriptPath);
    // Exactly the history the first session had at its end: the compacted view and what followed.
    expect(resumed.runtime.messages).toEqual(first.runtime.messages);
    expect(first.runtime.messages[0]).toMatchObject({
      role: "user",
      content: expect.stringContaining("SUMMARY-R"),
    });
    await resumed.runtime.prompt("go on");
    expect(promptText(resumed.model.requests[0], "user")[0]).toContain("SUMMARY-R");
    expect(JSON.stringify(resumed.model.requests[0]?.prompt)).toContain("after compaction");
  });
});
