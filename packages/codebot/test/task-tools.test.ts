import fs from "node:fs";
import path from "node:path";
import type { Tool } from "@codebot/agentcore";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WireTask } from "../src/tasks/task.js";
import { TaskStore } from "../src/tasks/task-store.js";
import { type TaskHooks, taskCreateTool, taskListTool, taskUpdateTool } from "../src/tools/task-tools.js";
import { tempDir } from "./support/temp-dirs.js";
import { callTool } from "./support/tool-context.js";

/** Hooks that block tasks whose subject contains "forbidden", and record what they saw. */
function policyHooks() {
  const seen: { event: string; input: unknown }[] = [];
  const hooks: TaskHooks = {
    async taskCreated({ signal: _, ...input }) {
      seen.push({ event: "TaskCreated", input });
      return input.task.subject.includes("forbidden")
        ? { kind: "block", reason: "no forbidden tasks", by: "policy" }
        : { kind: "allow" };
    },
    async taskCompleted({ signal: _, ...input }) {
      seen.push({ event: "TaskCompleted", input });
      return input.task.description.includes("untested")
        ? { kind: "block", reason: "run the tests first", by: "policy" }
        : { kind: "allow" };
    },
  };
  return { hooks, seen };
}

function setup() {
  const dir = tempDir("codebot-tasks-");
  const file = path.join(dir, "session.tasks.json");
  const store = new TaskStore(file);
  const { hooks, seen } = policyHooks();
  return {
    file,
    store,
    seen,
    create: taskCreateTool(store, hooks),
    update: taskUpdateTool(store, hooks),
    list: taskListTool(store),
  };
}

/** From now on every tasks-file write fails as on a file system remounted read-only. */
function failWrites(): void {
  vi.spyOn(fs, "renameSync").mockImplementation(() => {
    throw Object.assign(new Error("EROFS: read-only file system, rename"), { code: "EROFS" });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const onDisk = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined);

/** Hooks that run until the call is cancelled (as a killed hook process ends), then allow. */
function hooksUntilCancelled(): TaskHooks & { started: Promise<void> } {
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const untilAborted = (signal: AbortSignal) =>
    new Promise<{ kind: "allow" }>((resolve) => {
      markStarted();
      signal.addEventListener("abort", () => resolve({ kind: "allow" }), { once: true });
    });
  return {
    started,
    taskCreated: ({ signal }) => untilAborted(signal),
    taskCompleted: ({ signal }) => untilAborted(signal),
  };
}

/** Calls the tool made with hooks that run until cancelled, and cancels the call once its hook runs. */
async function cancelledDuringHook(make: (hooks: TaskHooks) => Tool, args: Record<string, unknown>) {
  const hooks = hooksUntilCancelled();
  const cancel = new AbortController();
  const result = callTool(make(hooks), args, cancel.signal);
  await hooks.started;
  cancel.abort();
  return result;
}

describe("task tools cancelled while their hook runs", () => {
  it("task_create: the hook gets the call's signal, and the task is not kept", async () => {
    const file = path.join(tempDir("codebot-tasks-"), "s.tasks.json");
    const store = new TaskStore(file);
    const result = await cancelledDuringHook((hooks) => taskCreateTool(store, hooks), {
      subject: "Write docs",
      description: "d",
    });
    expect(result).toEqual({
      content: "task_create: cancelled; the task was not created",
      isError: true,
    });
    // Neither in this session's list nor in the file a resumed session reads.
    expect((await callTool(taskListTool(store), {})).content).not.toContain("Write docs");
    expect((await callTool(taskListTool(new TaskStore(file)), {})).content).not.toContain("Write docs");
  });

  it("task_update to completed: the hook gets the call's signal, and the task is unchanged", async () => {
    const store = new TaskStore(path.join(tempDir("codebot-tasks-"), "s.tasks.json"));
    const plain = policyHooks().hooks;
    await callTool(taskCreateTool(store, plain), { subject: "Ship", description: "d" });
    const result = await cancelledDuringHook((hooks) => taskUpdateTool(store, hooks), {
      task_id: "1",
      status: "completed",
    });
    expect(result).toEqual({ content: "task_update: cancelled; task #1 is unchanged", isError: true });
    expect(store.get("1")?.status).toBe("pending");
  });
});

describe("task tools", () => {
  it("task_create stores the task, persists it and passes it to TaskCreated", async () => {
    const t = setup();
    expect(
      await callTool(t.create, {
        subject: "Write docs",
        description: "all of them",
        active_form: "Writing docs",
      }),
    ).toEqual({
      content: "created task #1: Write docs",
      isError: false,
    });
    const expected: WireTask = {
      id: "1",
      subject: "Write docs",
      description: "all of them",
      status: "pending",
      active_form: "Writing docs",
    };
    expect(t.seen).toEqual([{ event: "TaskCreated", input: { task: expected } }]);
    expect(JSON.parse(onDisk(t.file) as string)).toEqual({ next_id: 2, tasks: [expected] });
    expect((await callTool(t.list, {})).content).toBe("#1 [pending] Write docs");
  });

  it("a TaskCreated block leaves no task behind, in memory or on disk, and returns the reason", async () => {
    const t = setup();
    await callTool(t.create, { subject: "ok", description: "" });
    const before = onDisk(t.file);
    expect(await callTool(t.create, { subject: "forbidden thing", description: "" })).toEqual({
      content: "task_create: blocked by a TaskCreated hook: no forbidden tasks",
      isError: true,
    });
    expect(t.store.list().map((x) => x.subject)).toEqual(["ok"]);
    expect(onDisk(t.file)).toBe(before);
    expect(new TaskStore(t.file).list().map((x) => x.subject)).toEqual(["ok"]);
  });

  it("a TaskCreated block on the first task restores the empty list on disk", async () => {
    const t = setup();
    await callTool(t.create, { subject: "forbidden", description: "" });
    expect(t.store.list()).toEqual([]);
    expect(JSON.parse(onDisk(t.file) as string)).toEqual({ next_id: 1, tasks: [] });
  });

  it("task_update to completed passes the task before and after to TaskCompleted", async () => {
    const t = setup();
    await callTool(t.create, { subject: "a", description: "d" });
    await callTool(t.update, { task_id: "1", status: "in_progress", owner: "main" });
    expect(await callTool(t.update, { task_id: "1", status: "completed" })).toEqual({
      content: "updated task #1: [completed] a",
      isError: false,
    });
    expect(t.seen.at(-1)).toEqual({
      event: "TaskCompleted",
      input: {
        task: { id: "1", subject: "a", description: "d", status: "completed", owner: "main" },
        previousTask: { id: "1", subject: "a", description: "d", status: "in_progress", owner: "main" },
        statusFrom: "in_progress",
        statusTo: "completed",
      },
    });
    expect(t.seen.filter((s) => s.event === "TaskCompleted")).toHaveLength(1);
  });

  it("a TaskCompleted block applies nothing of the update and returns the reason", async () => {
    const t = setup();
    await callTool(t.create, { subject: "a", description: "untested change" });
    const before = onDisk(t.file);
    expect(await callTool(t.update, { task_id: "1", status: "completed", subject: "renamed" })).toEqual({
      content: "task_update: blocked by a TaskCompleted hook: run the tests first",
      isError: true,
    });
    expect(t.store.get("1")).toMatchObject({ subject: "a", status: "pending" });
    expect(onDisk(t.file)).toBe(before);
  });

  it("deleted removes the task and unknown ids are an error", async () => {
    const t = setup();
    await callTool(t.create, { subject: "a", description: "" });
    expect((await callTool(t.update, { task_id: "1", status: "deleted" })).content).toBe("deleted task #1");
    expect(await callTool(t.update, { task_id: "1", status: "completed" })).toEqual({
      content: "task_update: no task #1",
      isError: true,
    });
  });

  it("parallel creations keep every allowed task and drop only the blocked one", async () => {
    const t = setup();
    await Promise.all([
      callTool(t.create, { subject: "one", description: "" }),
      callTool(t.create, { subject: "forbidden", description: "" }),
      callTool(t.create, { subject: "three", description: "" }),
    ]);
    expect(
      t.store
        .list()
        .map((x) => x.subject)
        .sort(),
    ).toEqual(["one", "three"]);
    expect(new TaskStore(t.file).list()).toHaveLength(2);
  });

  it("a task that cannot be written is not created: the model is told, TaskCreated does not run, list and file stay as they were", async () => {
    const t = setup();
    await callTool(t.create, { subject: "kept", description: "" });
    const before = onDisk(t.file);
    failWrites();
    expect(await callTool(t.create, { subject: "lost", description: "" })).toEqual({
      content:
        "task_create: the task was not saved, the list is unchanged: EROFS: read-only file system, rename",
      isError: true,
    });
    expect(t.seen.map((s) => s.event)).toEqual(["TaskCreated"]);
    expect((await callTool(t.list, {})).content).toBe("#1 [pending] kept");
    expect(onDisk(t.file)).toBe(before);
    // The id was not used up either: the next task that is saved gets #2.
    vi.restoreAllMocks();
    expect((await callTool(t.create, { subject: "next", description: "" })).content).toBe(
      "created task #2: next",
    );
  });

  it("an update that cannot be written leaves the task as it was and says it was not saved", async () => {
    const t = setup();
    await callTool(t.create, { subject: "a", description: "" });
    failWrites();
    expect(await callTool(t.update, { task_id: "1", status: "in_progress", subject: "renamed" })).toEqual({
      content: "task_update: task #1 was not saved, it is unchanged: EROFS: read-only file system, rename",
      isError: true,
    });
    expect(t.store.get("1")).toMatchObject({ subject: "a", status: "pending" });
  });

  it("a deletion that cannot be written keeps the task and says it was not deleted", async () => {
    const t = setup();
    await callTool(t.create, { subject: "a", description: "" });
    failWrites();
    expect(await callTool(t.update, { task_id: "1", status: "deleted" })).toEqual({
      content: "task_update: task #1 was not deleted: EROFS: read-only file system, rename",
      isError: true,
    });
    expect(t.store.list().map((x) => x.subject)).toEqual(["a"]);
  });
});
