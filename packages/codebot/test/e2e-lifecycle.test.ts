import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

/** Appends the payload as one line of events.jsonl. */
const log = command("cat >> events.jsonl; echo >> events.jsonl");

describe("session lifecycle events", () => {
  it("SessionStart fires once at the end of assembly with the session's payload and its source", async () => {
    const s = await startSession({ user: { hooks: { SessionStart: [log] } } });
    const lines = await waitFor(() =>
      s.jsonLines("events.jsonl").length > 0 ? s.jsonLines("events.jsonl") : undefined,
    );
    await s.runtime.close();
    expect(s.jsonLines("events.jsonl")).toHaveLength(1);
    expect(lines[0]).toEqual({
      event: "SessionStart",
      session_id: s.runtime.sessionId,
      cwd: s.project,
      transcript_path: s.runtime.transcriptPath,
      source: "startup",
    });
  });

  it("the end of a prompt fires no Notification (Claude Code sends one only when it waits for the user)", async () => {
    const s = await startSession({
      user: { hooks: { Notification: [log], Stop: [log] } },
      script: [reply.toolCall("write", { file_path: "a.txt", content: "a" }), reply.text("done")],
      runtime: { permissionMode: "bypassPermissions" },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    expect(s.jsonLines("events.jsonl").map((e) => e.event)).toEqual(["Stop"]);
  });

  it("SubagentStop fires once with the sub-agent's type when its loop ends, even on a model error", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [log] } },
      script: [
        reply.toolCall("agent", { name: "flaky", prompt: "try" }, "a1"),
        reply.throws(new Error("model exploded")),
        reply.text("main carries on"),
      ],
      runtime: { maxTurns: 5 },
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "main carries on" });
    await s.runtime.close();
    const result = toolResultFor(s.model, "a1");
    expect(result?.isError).toBe(true);
    expect(result?.text).toMatch(/^agent flaky: ended early \(error: .*model exploded/);
    expect(s.jsonLines("events.jsonl")).toEqual([
      {
        event: "SubagentStop",
        session_id: s.runtime.sessionId,
        cwd: s.project,
        transcript_path: s.runtime.transcriptPath,
        // Its type, whatever name the model gave the run (as claude's agent_type).
        agent: "general-purpose",
        stop_hook_active: false,
      },
    ]);
  });

  it("SubagentStop fires for native entries when an aborted run stops a sub-agent; Claude Code groups sit it out, as claude's fire none", async () => {
    const s = await startSession({
      user: {
        hooks: { SubagentStop: [log, { hooks: [command("touch claude-group.fired")] }] },
      },
      script: [reply.toolCall("agent", { name: "slowpoke", prompt: "think hard" }), reply.hang("thinking")],
    });
    const running = s.runtime.prompt("go");
    await waitFor(() => s.model.requests.length === 2, 15_000, "the sub-agent's model call");
    s.runtime.abort();
    expect((await running).status).toBe("aborted");
    await s.runtime.close();
    // The same payload as any other early end: no field says it was stopped.
    expect(s.jsonLines("events.jsonl")).toEqual([
      {
        event: "SubagentStop",
        session_id: s.runtime.sessionId,
        cwd: s.project,
        transcript_path: s.runtime.transcriptPath,
        agent: "general-purpose",
        stop_hook_active: false,
      },
    ]);
    expect(fs.existsSync(s.at("claude-group.fired"))).toBe(false);
  });

  it("SessionEnd fires once at close, and close is idempotent", async () => {
    const s = await startSession({ user: { hooks: { SessionEnd: [log] } } });
    await Promise.all([s.runtime.close(), s.runtime.close()]);
    await s.runtime.close();
    expect(s.jsonLines("events.jsonl").map((e) => e.event)).toEqual(["SessionEnd"]);
    await expect(s.runtime.prompt("late")).rejects.toThrow("session: closed");
  });

  it("close() right after a run still completes an in-flight PostToolUse hook and SessionEnd", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PostToolUse: [command("sleep 1; cat > post.json")],
          SessionEnd: [command("sleep 0.5; cat > end.json")],
        },
      },
      script: [reply.toolCall("bash", { command: "echo hi" }), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("post.json"))).toBe(false);
    await s.runtime.close();
    expect(JSON.parse(fs.readFileSync(s.at("post.json"), "utf8"))).toMatchObject({
      event: "PostToolUse",
      output: "hi",
    });
    expect(JSON.parse(fs.readFileSync(s.at("end.json"), "utf8"))).toMatchObject({ event: "SessionEnd" });
  });

  it("close() during a run aborts it, then fires SessionEnd", async () => {
    const s = await startSession({
      user: { hooks: { SessionEnd: [log] } },
      script: [reply.hang("working")],
    });
    const running = s.runtime.prompt("go");
    await waitFor(() => s.model.requests.length === 1);
    await s.runtime.close();
    expect((await running).status).toBe("aborted");
    expect(s.jsonLines("events.jsonl").map((e) => e.event)).toEqual(["SessionEnd"]);
  });
});
