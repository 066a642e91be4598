/**
 * `-p --output-format stream-json` writes claude 2.1.328's task lines for a background shell
 * (recorded): `background_tasks_changed` and `task_started` before the launch's result, and
 * `task_updated`, `task_notification` and `background_tasks_changed` as it ends — stopped by
 * `task_stop` (`killed` / `stopped`, its description as the summary) or by itself (its status and
 * the notification's summary). Real processes: a loop of `echo` and `sleep`, a command that waits
 * for a file.
 */
import { type RecordedRequest, reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** The ids of the background launches the request's results name, in order. */
function launchedIds(request: RecordedRequest): string[] {
  return [...requestText(request).matchAll(/Command running in background with ID: (b[a-z0-9]{8})\./g)].map(
    (m) => m[1] ?? "",
  );
}

/** A line's place in the stream: its type and subtype, or the tool result it carries. */
function shape(line: Record<string, unknown>): string {
  if (line.type === "user") {
    const content = (line.message as { content: unknown }).content;
    const result = Array.isArray(content) ? content.find((part) => part.type === "tool_result") : undefined;
    return result ? `result ${result.tool_use_id}` : "user";
  }
  if (line.type === "system") return `${line.subtype}`;
  return `${line.type}`;
}

describe("stream-json task lines of a background shell", () => {
  it("as claude 2.1.328 writes them: started before the launch's result, updated and notified at its end, stopped or not", async () => {
    const box = sandbox();
    const loop = "for i in $(seq 1 600); do echo tick $i; sleep 0.1; done";
    const waiting = "for i in $(seq 1 1200); do if [ -f go.b ]; then break; fi; sleep 0.05; done; exit 3";
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: loop, description: "Print ticks", run_in_background: true }, "bgA"),
      ),
      reply.toolCalls(toolCall("bash", { command: waiting, run_in_background: true }, "bgB")),
      (request) => reply.toolCalls(toolCall("task_stop", { task_id: launchedIds(request)[0] }, "stop1")),
      reply.toolCalls(toolCall("bash", { command: "touch go.b" }, "go1")),
      reply.text("done"),
      reply.text("noted"),
    ]);
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions"],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    const lines = jsonLines(r.stdout);
    const [a, b] = launchedIds(server.requests.at(-1) as RecordedRequest);
    const taskLines = lines.filter(
      (l) => typeof l.subtype === "string" && /^(task_|background_)/.test(l.subtype),
    );
    const at = (line: Record<string, unknown> | undefined) => (line ? lines.indexOf(line) : -1);
    const resultAt = (id: string) => lines.findIndex((l) => shape(l) === `result ${id}`);
    const ids = (l: Record<string, unknown> | undefined) =>
      ((l?.tasks ?? []) as { task_id: string }[]).map((t) => t.task_id);

    // Each launch: the tasks going, then task_started, then the call's result.
    const [
      changedA,
      startedA,
      changedB,
      startedB,
      updatedA,
      notifiedA,
      changedAfterA,
      updatedB,
      notifiedB,
      changedAfterB,
    ] = taskLines.map((line) => line);
    expect(taskLines.map((l) => l.subtype)).toEqual([
      "background_tasks_changed",
      "task_started",
      "background_tasks_changed",
      "task_started",
      "task_updated",
      "task_notification",
      "background_tasks_changed",
      "task_updated",
      "task_notification",
      "background_tasks_changed",
    ]);
    expect(changedA?.tasks).toEqual([
      { task_id: a, run_id: a, task_type: "local_bash", description: "Print ticks" },
    ]);
    expect(startedA).toMatchObject({
      task_id: a,
      run_id: a,
      tool_use_id: "bgA",
      description: "Print ticks",
      is_backgrounded: true,
      task_type: "local_bash",
    });
    expect(at(startedA)).toBeLessThan(resultAt("bgA"));
    // No description: the command is the task's.
    expect(ids(changedB)).toEqual([a, b]);
    expect(startedB).toMatchObject({ task_id: b, tool_use_id: "bgB", description: waiting });
    expect(at(startedB)).toBeLessThan(resultAt("bgB"));

    // task_stop: killed, the notification line says stopped with the description, before the stop's result.
    expect(updatedA).toMatchObject({ task_id: a, run_id: a, patch: { status: "killed" } });
    expect(updatedA?.patch).toEqual({ status: "killed", end_time: expect.any(Number) });
    expect(notifiedA).toEqual({
      type: "system",
      subtype: "task_notification",
      task_id: a,
      run_id: a,
      tool_use_id: "bgA",
      status: "stopped",
      output_file: expect.stringMatching(new RegExp(`/tasks/${a}\\.output$`)),
      summary: "Print ticks",
      uuid: expect.any(String),
      session_id: expect.any(String),
    });
    expect(ids(changedAfterA)).toEqual([b]);
    expect(at(changedAfterA)).toBeLessThan(resultAt("stop1"));

    // Its own end: failed, with the notification's summary.
    expect(updatedB).toMatchObject({ task_id: b, patch: { status: "failed" } });
    expect(notifiedB).toMatchObject({
      task_id: b,
      tool_use_id: "bgB",
      status: "failed",
      output_file: expect.stringMatching(new RegExp(`/tasks/${b}\\.output$`)),
      summary: `Background command "${waiting}" failed with exit code 3`,
    });
    expect(changedAfterB?.tasks).toEqual([]);
    expect(at(notifiedB)).toBeGreaterThan(resultAt("go1"));
  });
});
