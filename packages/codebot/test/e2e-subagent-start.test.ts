/**
 * SubagentStart, the first event added as one row of the event table (issue 13; Claude Code's
 * event from issue 14): fired through a real session before a sub-agent's loop, with real hooks.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { subagentTranscriptPath } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { command, group, promptText, scratchDir, startSession } from "./support/e2e.js";

const context = (text: string) =>
  `echo '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"${text}"}}'`;

/** A project and CODEBOT_HOME with your own agent `reviewer`: hooks match a run's type, its agent's name. */
function withReviewer(): { project: string; home: string } {
  const home = scratchDir("codebot-home-");
  fs.mkdirSync(path.join(home, "agents"));
  fs.writeFileSync(
    path.join(home, "agents/reviewer.md"),
    "---\nname: reviewer\ndescription: reviews\n---\nReview.\n",
  );
  return { project: scratchDir("codebot-project-"), home };
}

describe("SubagentStart", () => {
  it("a Claude Code group matching agent_type is waited for, and its context goes into the sub-agent", async () => {
    const s = await startSession({
      dirs: withReviewer(),
      user: {
        hooks: {
          SubagentStart: [
            group("reviewer", command(`cat > start.json; ${context("review style: terse")}`)),
            group("writer", command("touch writer-ran")),
          ],
        },
      },
      script: [
        reply.toolCall("agent", { subagent_type: "reviewer", prompt: "review the diff" }, "a1"),
        reply.text("looks fine"),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    await s.runtime.close();
    expect(promptText(s.model.requests[1], "user")).toEqual([
      "<system-reminder>\nreview style: terse\n</system-reminder>",
      "review the diff",
    ]);
    expect(JSON.parse(fs.readFileSync(s.at("start.json"), "utf8"))).toMatchObject({
      hook_event_name: "SubagentStart",
      agent_type: "reviewer",
      session_id: s.runtime.sessionId,
    });
    expect(fs.existsSync(s.at("writer-ran"))).toBe(false);
  });

  it("a general-purpose run the model names is still general-purpose to hooks (claude 2.1.328's agent_type, recorded): the name does not slip past a group matching it", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStart: [group("general-purpose", command("cat > start.json"))] } },
      script: [
        reply.toolCall("agent", { name: "sneaky", prompt: "do it" }, "a1"),
        reply.text("did it"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(JSON.parse(fs.readFileSync(s.at("start.json"), "utf8"))).toMatchObject({
      hook_event_name: "SubagentStart",
      agent_type: "general-purpose",
    });
  });

  it("SubagentStart and SubagentStop groups get the run's agent_id: the same for one run, another for the next", async () => {
    const s = await startSession({
      user: {
        hooks: {
          SubagentStart: [group("", command("cat >> start.jsonl; echo >> start.jsonl"))],
          SubagentStop: [group("", command("cat >> stop.jsonl; echo >> stop.jsonl"))],
        },
      },
      script: [
        reply.toolCall("agent", { prompt: "first look" }, "a1"),
        reply.text("first answer"),
        reply.toolCall("agent", { prompt: "second look" }, "a2"),
        reply.text("second answer"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const ids = (file: string) =>
      fs
        .readFileSync(s.at(file), "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line).agent_id);
    const started = ids("start.jsonl");
    expect(started).toHaveLength(2);
    for (const id of started) expect(id).toMatch(/^a[0-9a-f]{16}$/);
    expect(started[0]).not.toBe(started[1]);
    // SubagentStop hooks run in the background: their lines may come in either order.
    expect(ids("stop.jsonl").sort()).toEqual([...started].sort());
  });

  it("two runs of one name: each run's lines, with its agent_id and chained apart, are in its own transcript, not the session's", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStart: [group("", command("cat >> start.jsonl; echo >> start.jsonl"))] } },
      script: [
        reply.toolCall("agent", { prompt: "first look" }, "a1"),
        reply.text("first answer"),
        reply.toolCall("agent", { prompt: "second look" }, "a2"),
        reply.text("second answer"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const started = s.jsonLines("start.jsonl").map((start) => String(start.agent_id));
    const linesOf = (file: string) =>
      fs
        .readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
    // As claude 2.1.328 writes them (recorded): no sub-agent line in the session's transcript.
    expect(linesOf(s.runtime.transcriptPath).filter((line) => line.isSidechain === true)).toEqual([]);
    for (const id of started) {
      const own = linesOf(subagentTranscriptPath(s.runtime.transcriptPath, s.runtime.sessionId, id));
      expect(own.map((l) => [l.agentName, l.agentId, l.type, l.isSidechain])).toEqual([
        ["general-purpose", id, "user", true],
        ["general-purpose", id, "assistant", true],
      ]);
      expect(own.map((l) => l.parentUuid)).toEqual([null, own[0].uuid]);
    }
  });

  it("a sub-agent's tool calls carry its agent_id and agent_type for Claude Code groups; the main agent's carry neither", async () => {
    const s = await startSession({
      user: {
        hooks: {
          SubagentStart: [group("", command("cat > start.json"))],
          PreToolUse: [group("Bash", command("cat >> pre.jsonl; echo >> pre.jsonl"))],
        },
      },
      script: [
        reply.toolCall("agent", { prompt: "look" }, "a1"),
        reply.toolCall("bash", { command: "echo from-sub" }, "b1"),
        reply.text("sub answer"),
        reply.toolCall("bash", { command: "echo from-main" }, "b2"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const start = JSON.parse(fs.readFileSync(s.at("start.json"), "utf8"));
    const calls = fs
      .readFileSync(s.at("pre.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line));
    expect(calls.map((c) => [c.tool_input.command, c.agent_id, c.agent_type])).toEqual([
      ["echo from-sub", start.agent_id, "general-purpose"],
      ["echo from-main", undefined, undefined],
    ]);
  });

  it("SubagentStop gives Claude Code groups agent_transcript_path: the sub-agent's own lines, in Claude Code's place", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", command("cat > stop.json"))] } },
      script: [
        reply.toolCall("agent", { prompt: "count the files" }, "a1"),
        reply.text("there are three"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const stop = JSON.parse(fs.readFileSync(s.at("stop.json"), "utf8"));
    const sessionDir = path.dirname(s.runtime.transcriptPath);
    expect(stop.agent_transcript_path).toBe(
      path.join(sessionDir, s.runtime.sessionId, "subagents", `agent-${stop.agent_id}.jsonl`),
    );
    const lines = fs
      .readFileSync(stop.agent_transcript_path, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.type, JSON.stringify(l.message.content)])).toEqual([
      ["user", expect.stringContaining("count the files")],
      ["assistant", expect.stringContaining("there are three")],
    ]);
    expect(lines.every((l) => l.isSidechain === true)).toBe(true);
  });

  it("a native entry observes in the background with the sub-agent's name; the prompt is unchanged", async () => {
    const s = await startSession({
      dirs: withReviewer(),
      user: { hooks: { SubagentStart: [command("cat > start.json", { matcher: "reviewer" })] } },
      script: [
        reply.toolCall("agent", { subagent_type: "reviewer", prompt: "check" }, "a1"),
        reply.text("ok"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(promptText(s.model.requests[1], "user")).toEqual(["check"]);
    expect(JSON.parse(fs.readFileSync(s.at("start.json"), "utf8"))).toEqual({
      event: "SubagentStart",
      session_id: s.runtime.sessionId,
      cwd: s.project,
      transcript_path: s.runtime.transcriptPath,
      agent: "reviewer",
    });
  });
});
