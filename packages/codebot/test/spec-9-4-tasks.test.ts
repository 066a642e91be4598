/** HOOKS.md §9.4: task hooks see the stored task; after any block the persisted list is exactly as before. */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { projectSlug } from "../src/paths/project-slug.js";
import { command, scratchDir, startSession, toolResultFor } from "./support/e2e.js";

/** Project and home directories with the session's task file path known before the runtime starts. */
function sessionDirs(sessionId: string) {
  const project = scratchDir("codebot-project-");
  const home = scratchDir("codebot-home-");
  const tasksFile = path.join(home, "projects", projectSlug(project), `${sessionId}.tasks.json`);
  return { dirs: { project, home }, tasksFile };
}

describe("§9.4 tasks", () => {
  it("task_create stores the task before TaskCreated runs: the hook finds it in the persisted list", async () => {
    const { dirs, tasksFile } = sessionDirs("sess-tasks-1");
    const s = await startSession({
      dirs,
      user: {
        hooks: { TaskCreated: [command('cp "$TASKS_FILE" seen.json', { env: { TASKS_FILE: tasksFile } })] },
      },
      script: [
        reply.toolCall("task_create", { subject: "write docs", description: "all" }),
        reply.text("ok"),
      ],
      runtime: { sessionId: "sess-tasks-1" },
    });
    await s.runtime.prompt("plan");
    expect(JSON.parse(fs.readFileSync(s.at("seen.json"), "utf8"))).toMatchObject({
      tasks: [{ id: "1", subject: "write docs", status: "pending" }],
    });
  });

  it("a fail-closed TaskCreated guard that times out removes the task again: the file is byte-for-byte as before", async () => {
    const { dirs, tasksFile } = sessionDirs("sess-tasks-2");
    let beforeRisky: string | undefined;
    let afterRisky: string | undefined;
    const s = await startSession({
      dirs,
      user: {
        hooks: {
          TaskCreated: [
            command("sleep 30", {
              if: "/risky/",
              blocking: true,
              onError: "block",
              timeout: 0.5,
              name: "slow",
            }),
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("task_create", { subject: "safe", description: "a" }, "c1")),
        reply.toolCalls(toolCall("task_update", { task_id: "1", status: "in_progress", owner: "me" }, "u1")),
        () => {
          // The model asks for the risky task: this is the list as it was before that call.
          beforeRisky = fs.readFileSync(tasksFile, "utf8");
          return reply.toolCalls(toolCall("task_create", { subject: "risky", description: "b" }, "c2"));
        },
        () => {
          afterRisky = fs.readFileSync(tasksFile, "utf8");
          return reply.toolCalls(toolCall("task_create", { subject: "after", description: "c" }, "c3"));
        },
        reply.text("ok"),
      ],
      runtime: { sessionId: "sess-tasks-2" },
    });
    await s.runtime.prompt("plan");
    // The approval wait counts against the timeout (§3.1), so the figure can be a little under 0.5 s.
    expect(toolResultFor(s.model, "c2")).toEqual({
      text: expect.stringMatching(
        /^task_create: blocked by a TaskCreated hook: slow failed: timed out after 0\.\d+s$/,
      ),
      isError: true,
    });
    expect(beforeRisky).toContain('"owner": "me"');
    expect(afterRisky).toBe(beforeRisky);
    // The blocked task's id is not used up either: the next task gets the id the blocked one had.
    expect(toolResultFor(s.model, "c3")).toEqual({ text: "created task #2: after", isError: false });
  });

  it("a TaskCompleted block leaves the task file byte-for-byte as before the call", async () => {
    const { dirs, tasksFile } = sessionDirs("sess-tasks-3");
    let before: string | undefined;
    let after: string | undefined;
    const s = await startSession({
      dirs,
      user: { hooks: { TaskCompleted: [command("echo 'tests are red' >&2; exit 2", { blocking: true })] } },
      script: [
        reply.toolCalls(toolCall("task_create", { subject: "fix", description: "bug" }, "c1")),
        () => {
          before = fs.readFileSync(tasksFile, "utf8");
          return reply.toolCalls(
            toolCall(
              "task_update",
              { task_id: "1", status: "completed", subject: "fixed!", owner: "x" },
              "u1",
            ),
          );
        },
        () => {
          after = fs.readFileSync(tasksFile, "utf8");
          return reply.text("ok");
        },
      ],
      runtime: { sessionId: "sess-tasks-3" },
    });
    await s.runtime.prompt("finish");
    expect(toolResultFor(s.model, "u1")?.isError).toBe(true);
    expect(before).toContain('"subject": "fix"');
    expect(after).toBe(before);
  });
});
