import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HookTask } from "../src/index.js";
import { readJson, runnerFor, tempDir, waitFor } from "./support.js";

const capture = (file: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: `cat > ${file}`,
  ...extra,
});

/** Writes the payload and the hook environment, for events whose hooks run in the background. */
const captureWithEnv = (name: string) => ({
  type: "command",
  command: `cat > ${name}.json; printf '%s|%s|%s|%s|%s' "$HOOK_EVENT" "$HOOK_TOOL_NAME" "$HOOK_SESSION_ID" "$CODEBOT_PROJECT_DIR" "$PWD" > ${name}.env.tmp; mv ${name}.env.tmp ${name}.env`,
});

const task: HookTask = { id: "t1", subject: "write docs", status: "pending", description: "all of them" };

describe("UserPromptSubmit", () => {
  it("gets the prompt in its payload and may add context", async () => {
    const { runner, dir } = runnerFor({
      UserPromptSubmit: [
        capture("p.json"),
        { type: "command", command: `echo '{"additional_context":"today is friday"}'` },
      ],
    });
    const decision = await runner.userPromptSubmit({ prompt: "fix the build" });
    expect(decision).toMatchObject({ kind: "allow", context: "today is friday" });
    expect(readJson(join(dir, "p.json"))).toEqual({
      event: "UserPromptSubmit",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      prompt: "fix the build",
    });
  });

  it("a blocking hook rejects the prompt with its reason", async () => {
    const { runner } = runnerFor({
      UserPromptSubmit: [
        {
          type: "command",
          blocking: true,
          command: "grep -q secret && { echo 'no secrets' >&2; exit 2; }; exit 0",
        },
      ],
    });
    expect(await runner.userPromptSubmit({ prompt: "my secret is 42" })).toMatchObject({
      kind: "block",
      reason: "no secrets",
    });
    expect((await runner.userPromptSubmit({ prompt: "hello" })).kind).toBe("allow");
  });
});

describe("task events", () => {
  it("TaskCreated gets the task as task_create and its if filters on the task JSON", async () => {
    const { runner, dir } = runnerFor({
      TaskCreated: [
        capture("created.json", { matcher: "TaskCreate" }),
        {
          type: "command",
          blocking: true,
          if: '/"subject":"forbidden/',
          command: "echo 'no such tasks' >&2; exit 2",
        },
      ],
    });
    expect(await runner.taskCreated({ task })).toMatchObject({ kind: "allow" });
    expect(readJson(join(dir, "created.json"))).toEqual({
      event: "TaskCreated",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      tool: "task_create",
      task,
    });
    const blocked = await runner.taskCreated({ task: { ...task, subject: "forbidden thing" } });
    expect(blocked).toMatchObject({ kind: "block", reason: "no such tasks" });
  });

  it("TaskCompleted gets both tasks and the statuses as task_update, and can block", async () => {
    const done = { ...task, status: "completed" };
    const { runner, dir } = runnerFor({
      TaskCompleted: [
        capture("completed.json", { matcher: "task_update" }),
        { type: "command", blocking: true, command: `echo '{"block":true,"reason":"tests are red"}'` },
      ],
    });
    const decision = await runner.taskCompleted({
      task: done,
      previousTask: task,
      statusFrom: "pending",
      statusTo: "completed",
    });
    expect(decision).toMatchObject({ kind: "block", reason: "tests are red" });
    expect(readJson(join(dir, "completed.json"))).toEqual({
      event: "TaskCompleted",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      tool: "task_update",
      task: done,
      previous_task: task,
      status_from: "pending",
      status_to: "completed",
    });
  });
});

describe("async lifecycle events", () => {
  it("SubagentStop matches on the agent's name", async () => {
    const { runner, dir } = runnerFor({
      SubagentStop: [
        capture("reviewer.json", { matcher: "reviewer" }),
        capture("other.json", { matcher: "/^tester$/" }),
      ],
    });
    runner.subagentStop({ agent: "reviewer" });
    await runner.close();
    expect(readJson(join(dir, "reviewer.json"))).toMatchObject({ event: "SubagentStop", agent: "reviewer" });
    expect(existsSync(join(dir, "other.json"))).toBe(false);
  });

  it("Notification fires with its message and the hook environment", async () => {
    const { runner, dir } = runnerFor({ Notification: [captureWithEnv("n")] });
    runner.notification({ message: "agent response complete" });
    await waitFor(() => existsSync(join(dir, "n.env")), 15_000, "notification hook");
    expect(readJson(join(dir, "n.json"))).toEqual({
      event: "Notification",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      message: "agent response complete",
    });
    expect(readFileSync(join(dir, "n.env"), "utf8")).toBe(`Notification||sess-1|${dir}|${dir}`);
  });

  it("SessionStart and SessionEnd fire with their payloads, and close waits for SessionEnd", async () => {
    const { runner, dir } = runnerFor({
      SessionStart: [captureWithEnv("start")],
      SessionEnd: [{ type: "command", command: "sleep 0.5; cat > end.json" }],
    });
    runner.sessionStart();
    runner.sessionEnd();
    await runner.close();
    expect(readJson(join(dir, "start.json"))).toEqual({
      event: "SessionStart",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
    });
    expect(readJson(join(dir, "end.json"))).toMatchObject({ event: "SessionEnd", session_id: "sess-1" });
  });

  it("HOOK_TOOL_NAME names the tool for tool events and the entry's env comes last", async () => {
    const { runner, dir } = runnerFor({
      PostToolUse: [
        {
          type: "command",
          env: { HOOK_SESSION_ID: "overridden", MINE: "1" },
          command: `printf '%s %s %s' "$HOOK_TOOL_NAME" "$HOOK_SESSION_ID" "$MINE" > env.txt`,
        },
      ],
    });
    runner.postToolUse({ tool: "write", toolUseId: "t", args: {}, output: "ok", isError: false });
    await runner.close();
    expect(readFileSync(join(dir, "env.txt"), "utf8")).toBe("write overridden 1");
  });

  it("reads the session through getters at every event", async () => {
    const dir = tempDir();
    let id = "first";
    const { runner } = runnerFor(
      { Notification: [{ type: "command", command: 'cat > "n-$HOOK_SESSION_ID.json"' }] },
      {
        dir,
        session: {
          get sessionId() {
            return id;
          },
          cwd: dir,
          transcriptPath: join(dir, "t.jsonl"),
        },
      },
    );
    runner.notification({ message: "a" });
    await runner.close();
    id = "second";
    runner.notification({ message: "b" });
    await runner.close();
    expect(readJson(join(dir, "n-first.json"))).toMatchObject({ session_id: "first", message: "a" });
    expect(readJson(join(dir, "n-second.json"))).toMatchObject({ session_id: "second", message: "b" });
  });
});
