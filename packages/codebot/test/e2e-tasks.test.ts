import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession, toolResultFor } from "./support/e2e.js";

const tasksOnDisk = (file: string) =>
  JSON.parse(fs.readFileSync(file, "utf8")) as { next_id: number; tasks: unknown[] };

describe("task hooks through the runtime", () => {
  it("a TaskCreated block leaves no task behind, in memory or on disk, and the model gets the reason", async () => {
    const s = await startSession({
      user: {
        hooks: {
          TaskCreated: [
            command("cat > created.json; echo 'tasks need an owner' >&2; exit 2", {
              if: "/deploy/",
              blocking: true,
            }),
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("task_create", { subject: "write tests", description: "unit tests" }, "t1")),
        reply.toolCalls(toolCall("task_create", { subject: "deploy", description: "ship it" }, "t2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("plan");
    expect(toolResultFor(s.model, "t1")).toEqual({ text: "created task #1: write tests", isError: false });
    expect(toolResultFor(s.model, "t2")).toEqual({
      text: "task_create: blocked by a TaskCreated hook: tasks need an owner",
      isError: true,
    });
    expect(s.runtime.tasks.list().map((t) => t.subject)).toEqual(["write tests"]);
    expect(tasksOnDisk(s.runtime.tasksPath)).toEqual({
      next_id: 2,
      tasks: [{ id: "1", subject: "write tests", description: "unit tests", status: "pending" }],
    });
    const payload = JSON.parse(fs.readFileSync(s.at("created.json"), "utf8"));
    expect(payload).toMatchObject({
      event: "TaskCreated",
      tool: "task_create",
      task: { id: "2", subject: "deploy", description: "ship it", status: "pending" },
    });
  });

  it("a TaskCompleted block leaves the task as it was and the model gets the reason", async () => {
    const s = await startSession({
      user: {
        hooks: {
          TaskCompleted: [
            command("cat > completed.json; echo 'tests are red' >&2; exit 2", { blocking: true }),
          ],
        },
      },
      script: [
        reply.toolCall("task_create", { subject: "fix bug", description: "the crash" }),
        reply.toolCall("task_update", { task_id: "1", status: "in_progress" }),
        reply.toolCalls(
          toolCall("task_update", { task_id: "1", status: "completed", owner: "me" }, "done-call"),
        ),
        reply.text("stopped"),
      ],
    });
    await s.runtime.prompt("work");
    const before = { id: "1", subject: "fix bug", description: "the crash", status: "in_progress" };
    expect(toolResultFor(s.model, "done-call")).toEqual({
      text: "task_update: blocked by a TaskCompleted hook: tests are red",
      isError: true,
    });
    expect(s.runtime.tasks.list()).toEqual([before]);
    expect(tasksOnDisk(s.runtime.tasksPath).tasks).toEqual([before]);
    const payload = JSON.parse(fs.readFileSync(s.at("completed.json"), "utf8"));
    expect(payload).toMatchObject({
      event: "TaskCompleted",
      tool: "task_update",
      task: { ...before, status: "completed", owner: "me" },
      previous_task: before,
      status_from: "in_progress",
      status_to: "completed",
    });
  });
});
