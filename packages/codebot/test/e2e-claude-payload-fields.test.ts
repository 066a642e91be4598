/**
 * Fields claude 2.1.328 sends Claude Code hooks that codebot gives too (checked against claude's
 * own stdin to hooks): `prompt_id`, PostToolUse/PostToolUseFailure's `duration_ms` and
 * `is_interrupt`, Stop's `background_tasks` and `session_crons`, Edit's `replace_all` default.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, scratchDir, startSession } from "./support/e2e.js";

const EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SessionEnd",
];
const logAll = Object.fromEntries(
  EVENTS.map((event) => [event, [{ hooks: [command("jq -c . >> payloads.jsonl")] }]]),
);

async function twoPrompts() {
  const s = await startSession({
    user: { hooks: logAll },
    script: [
      reply.toolCalls(toolCall("bash", { command: "echo hi" }, "b1")),
      reply.toolCalls(toolCall("bash", { command: "exit 3" }, "b2")),
      reply.text("one"),
      reply.text("two"),
    ],
  });
  await s.runtime.prompt("first");
  await s.runtime.prompt("second");
  await s.runtime.close();
  return s.jsonLines("payloads.jsonl");
}

describe("Claude Code payload fields of 2.1.328", () => {
  it("prompt_id: one id per user prompt, the same on each of its events and SessionEnd, none before the first", async () => {
    const payloads = await twoPrompts();
    const ids = (prompt: number) => {
      const starts = payloads.flatMap((p, i) => (p.hook_event_name === "UserPromptSubmit" ? [i] : []));
      return payloads.slice(starts[prompt], starts[prompt + 1]).map((p) => [p.hook_event_name, p.prompt_id]);
    };
    expect(payloads[0]).toMatchObject({ hook_event_name: "SessionStart" });
    expect(payloads[0]).not.toHaveProperty("prompt_id");
    const first = ids(0);
    const second = ids(1);
    expect(first.map(([event]) => event)).toEqual([
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "PreToolUse",
      "PostToolUseFailure",
      "Stop",
    ]);
    expect(new Set(first.map(([, id]) => id)).size).toBe(1);
    expect(first[0]?.[1]).toMatch(/^[0-9a-f-]{36}$/);
    // SessionEnd keeps the last prompt's.
    expect(second).toEqual([
      ["UserPromptSubmit", second[0]?.[1]],
      ["Stop", second[0]?.[1]],
      ["SessionEnd", second[0]?.[1]],
    ]);
    expect(second[0]?.[1]).not.toBe(first[0]?.[1]);
  });

  // claude 2.1.328 `-p /compact` (recorded): PreCompact, its SessionStart and PostCompact carry the
  // /compact's own prompt_id.
  it("prompt_id: /compact is a prompt of its own, its PreCompact, SessionStart and PostCompact share a new id", async () => {
    const log = [{ hooks: [command("jq -c . >> payloads.jsonl")] }];
    const s = await startSession({
      user: { hooks: { UserPromptSubmit: log, PreCompact: log, SessionStart: log, PostCompact: log } },
      script: [reply.text("done"), reply.text("SUMMARY")],
    });
    await s.runtime.prompt("go");
    await s.runtime.compact();
    await s.runtime.close();
    const ids = s.jsonLines("payloads.jsonl").map((p) => [p.hook_event_name, p.prompt_id]);
    const promptId = ids[1]?.[1];
    const compactId = ids[2]?.[1];
    expect(compactId).toMatch(/^[0-9a-f-]{36}$/);
    expect(compactId).not.toBe(promptId);
    expect(ids.slice(0, 3)).toEqual([
      ["SessionStart", undefined],
      ["UserPromptSubmit", promptId],
      ["PreCompact", compactId],
    ]);
    // The compaction's SessionStart runs beside PostCompact: either may write first.
    expect(ids.slice(3).sort()).toEqual([
      ["PostCompact", compactId],
      ["SessionStart", compactId],
    ]);
  });

  // claude 2.1.328's stdin, recorded: its fields in this order (JSON readers do not care; a hook
  // that logs or compares the raw line does).
  it("fields come in claude's order: PostToolUse's tool_response before tool_use_id, a sub-agent's agent_id and agent_type before hook_event_name", async () => {
    const log = [{ hooks: [command("cat >> payloads.jsonl; echo >> payloads.jsonl")] }];
    const s = await startSession({
      user: { hooks: { PostToolUse: log, SubagentStart: log, SubagentStop: log } },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo hi" }, "b1")),
        reply.toolCall("agent", { prompt: "look around" }),
        reply.text("sub done"),
        reply.text("main done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const keys = (event: string) =>
      Object.keys(s.jsonLines("payloads.jsonl").find((p) => p.hook_event_name === event) ?? {});
    const base = ["session_id", "transcript_path", "cwd", "prompt_id"];
    expect(keys("PostToolUse")).toEqual([
      ...base,
      "permission_mode",
      "hook_event_name",
      "tool_name",
      "tool_input",
      "tool_response",
      "tool_use_id",
      "duration_ms",
    ]);
    expect(keys("SubagentStart")).toEqual([...base, "agent_id", "agent_type", "hook_event_name"]);
    expect(keys("SubagentStop")).toEqual([
      ...base,
      "permission_mode",
      "agent_id",
      "agent_type",
      "hook_event_name",
      "stop_hook_active",
      "agent_transcript_path",
      "last_assistant_message",
      "background_tasks",
      "session_crons",
    ]);
  });

  // claude 2.1.328's PreToolUse stdin (recorded): an Edit sent without replace_all gets it first.
  it("an Edit's default replace_all comes first in tool_input, as claude writes it", async () => {
    const log = [{ hooks: [command("cat >> payloads.jsonl; echo >> payloads.jsonl")] }];
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    fs.writeFileSync(path.join(dirs.project, "a.txt"), "alpha\n");
    const s = await startSession({
      dirs,
      user: { hooks: { PreToolUse: log } },
      script: [
        reply.toolCalls(
          toolCall("edit", { file_path: "a.txt", old_string: "alpha", new_string: "beta" }, "e1"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const [payload] = s.jsonLines("payloads.jsonl");
    expect(Object.keys(payload?.tool_input as object)).toEqual([
      "replace_all",
      "file_path",
      "old_string",
      "new_string",
    ]);
  });

  it("duration_ms on PostToolUse and PostToolUseFailure, is_interrupt on PostToolUseFailure", async () => {
    const payloads = await twoPrompts();
    const post = payloads.find((p) => p.hook_event_name === "PostToolUse");
    const failure = payloads.find((p) => p.hook_event_name === "PostToolUseFailure");
    expect(post?.duration_ms).toEqual(expect.any(Number));
    expect(post).not.toHaveProperty("is_interrupt");
    expect(failure).toMatchObject({ duration_ms: expect.any(Number), is_interrupt: false });
    expect(payloads.find((p) => p.hook_event_name === "PreToolUse")).not.toHaveProperty("duration_ms");
  });

  it("permission_mode is left out where claude leaves it out: SessionStart, SessionEnd, SubagentStart, PreCompact, PostCompact", async () => {
    const log = [{ hooks: [command("jq -c . >> payloads.jsonl")] }];
    const s = await startSession({
      user: {
        hooks: Object.fromEntries(
          [
            "SessionStart",
            "SessionEnd",
            "SubagentStart",
            "SubagentStop",
            "PreCompact",
            "PostCompact",
            "Stop",
          ].map((e) => [e, log]),
        ),
      },
      script: [
        reply.toolCall("agent", { prompt: "look around" }),
        reply.text("sub done"),
        reply.text("main done"),
        reply.text("SUMMARY"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.compact();
    await s.runtime.close();
    const modes = s.jsonLines("payloads.jsonl").map((p) => [p.hook_event_name, p.permission_mode]);
    expect(modes.slice(0, 5)).toEqual([
      ["SessionStart", undefined],
      ["SubagentStart", undefined],
      ["SubagentStop", "bypassPermissions"],
      ["Stop", "bypassPermissions"],
      ["PreCompact", undefined],
    ]);
    // The compaction's SessionStart runs beside PostCompact: either may write first.
    expect(modes.slice(5).sort()).toEqual([
      ["PostCompact", undefined],
      ["SessionEnd", undefined],
      ["SessionStart", undefined],
    ]);
  });

  it("a foreground sub-agent's SubagentStop carries them too, empty, as claude's", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [{ hooks: [command("jq -c . >> payloads.jsonl")] }] } },
      script: [
        reply.toolCall("agent", { prompt: "look around" }),
        reply.text("sub done"),
        reply.text("main done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const [stop] = s.jsonLines("payloads.jsonl");
    expect(stop).toMatchObject({ hook_event_name: "SubagentStop", background_tasks: [], session_crons: [] });
  });

  it("Stop carries background_tasks and session_crons, empty without background sub-agents", async () => {
    const payloads = await twoPrompts();
    const stops = payloads.filter((p) => p.hook_event_name === "Stop");
    expect(stops).toHaveLength(2);
    for (const stop of stops) expect(stop).toMatchObject({ background_tasks: [], session_crons: [] });
    expect(payloads.find((p) => p.hook_event_name === "PostToolUse")).not.toHaveProperty("session_crons");
  });

  it("PostToolUseFailure's error for a bash exit is claude's: `Exit code N`, then the output trimmed", async () => {
    const s = await startSession({
      user: { hooks: { PostToolUseFailure: [{ hooks: [command("jq -c .error >> errors.jsonl")] }] } },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo out; echo err >&2; exit 3" }, "f1")),
        reply.toolCalls(toolCall("bash", { command: "exit 4" }, "f2")),
        reply.toolCalls(toolCall("bash", { command: "printf 'x\\n\\n'; false" }, "f3")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("fail");
    await s.runtime.close();
    expect(s.jsonLines("errors.jsonl")).toEqual(["Exit code 3\nout\nerr", "Exit code 4", "Exit code 1\nx"]);
  });

  it('an Edit call without replace_all reaches the hooks with "replace_all": false, one with it as given', async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ hooks: [command("jq -c .tool_input >> inputs.jsonl")] }] } },
      script: [
        reply.toolCalls(toolCall("edit", { file_path: "a.txt", old_string: "a", new_string: "b" }, "e1")),
        reply.toolCalls(
          toolCall("edit", { file_path: "a.txt", old_string: "b", new_string: "c", replace_all: true }, "e2"),
        ),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "a\n");
    await s.runtime.prompt("edit");
    await s.runtime.close();
    const file = s.at("a.txt");
    expect(s.jsonLines("inputs.jsonl")).toEqual([
      { file_path: file, old_string: "a", new_string: "b", replace_all: false },
      { file_path: file, old_string: "b", new_string: "c", replace_all: true },
    ]);
  });
});
