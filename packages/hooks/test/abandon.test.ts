/** runner.abandon(): what a session that must end at once hands over, so that no hook run is lost silently. */
import { describe, expect, it } from "vitest";
import { type HookEnd, type HookStart, loadHooks } from "../src/index.js";
import { layer, runnerFor, waitFor } from "./support.js";

const post = (i: number) => ({
  tool: "bash",
  toolUseId: `t${i}`,
  args: {},
  output: `out ${i}`,
  isError: false,
});

describe("abandon", () => {
  it("lists every background run not finished, running or queued, with the payload it was to get", async () => {
    const { runner } = runnerFor(
      { PostToolUse: [{ type: "command", name: "audit", command: "touch started; sleep 2", timeout: 3 }] },
      { maxConcurrentAsync: 1 },
    );
    for (let i = 0; i < 3; i++) runner.postToolUse(post(i));
    await waitFor(() => runner.abandon().some((run) => run.state === "running"), 15_000, "the first run");
    const abandoned = runner.abandon();
    expect(abandoned.map((run) => [run.hook, run.state])).toEqual([
      ["audit", "running"],
      ["audit", "queued"],
      ["audit", "queued"],
    ]);
    expect(JSON.parse(abandoned[2]?.payload ?? "")).toMatchObject({
      event: "PostToolUse",
      tool_use_id: "t2",
    });
    expect(abandoned[0]?.queuedAt).toBeInstanceOf(Date);
  });

  it("traces a run given up while running as cancelled, with why and its time since it was fired", async () => {
    const starts: HookStart[] = [];
    const { runner, traces } = runnerFor(
      { PostToolUse: [{ type: "command", name: "audit", command: "sleep 2", timeout: 3 }] },
      { onHookStart: (start) => starts.push(start) },
    );
    runner.postToolUse(post(0));
    await waitFor(() => starts.length === 1, 15_000, "the run's start");
    await new Promise((resolve) => setTimeout(resolve, 50));
    runner.abandon();
    const record = traces.find((t) => t.hook === "audit");
    expect(record).toMatchObject({
      outcome: "cancelled",
      cancelReason: "abandoned at exit while running",
      exitCode: null,
    });
    expect(record).not.toHaveProperty("skipped");
    expect(record).not.toHaveProperty("error");
    expect(record?.durationMs).toBeGreaterThanOrEqual(50);
  });

  it("traces a run given up before it started as not started (no start precedes it), cancelled, with its time queued", async () => {
    const starts: HookStart[] = [];
    const { runner, traces } = runnerFor(
      { PostToolUse: [{ type: "command", name: "audit", command: "sleep 2", timeout: 3 }] },
      { maxConcurrentAsync: 1, onHookStart: (start) => starts.push(start) },
    );
    runner.postToolUse(post(0));
    runner.postToolUse(post(1));
    await waitFor(() => starts.length === 1, 15_000, "the first run");
    runner.abandon();
    const queued = traces.find((t) => t.toolUseId === "t1");
    expect(queued).toMatchObject({
      matched: true,
      skipped: "not started",
      outcome: "cancelled",
      cancelReason: "abandoned at exit before it started",
    });
    expect(queued?.durationMs).toBeGreaterThanOrEqual(0);
    expect(starts.map((s) => s.toolUseId)).toEqual(["t0"]);
  });

  it("gives a run given up while running an end paired with its start, cancelled, before its record; none to one not started", async () => {
    const starts: HookStart[] = [];
    const order: string[] = [];
    const ends: HookEnd[] = [];
    const { runner } = runnerFor(
      { PostToolUse: [{ type: "command", name: "audit", command: "sleep 2", timeout: 3 }] },
      {
        maxConcurrentAsync: 1,
        onHookStart: (start) => starts.push(start),
        onHookEnd: (end) => {
          ends.push(end);
          order.push("end");
        },
        onTrace: (record) => order.push(`record ${record.toolUseId}`),
      },
    );
    runner.postToolUse(post(0));
    runner.postToolUse(post(1));
    await waitFor(() => starts.length === 1, 15_000, "the first run's start");
    runner.abandon();
    expect(ends).toEqual([
      { runId: starts[0]?.runId, stdout: "", stderr: "", exitCode: null, failed: true, outcome: "cancelled" },
    ]);
    expect(order).toEqual(["end", "record t0", "record t1"]);
  });

  it("lists the hooks of an event that was due and did not fire, with their payload", () => {
    const { runner } = runnerFor({
      SessionEnd: [{ type: "command", name: "flush", command: "true" }],
    });
    const abandoned = runner.abandon({ event: "SessionEnd", fields: { reason: "other" } });
    expect(abandoned).toMatchObject([{ event: "SessionEnd", hook: "flush", state: "not fired" }]);
    expect(JSON.parse(abandoned[0]?.payload ?? "")).toMatchObject({ event: "SessionEnd", reason: "other" });
  });

  it("leaves out of an unfired event's hooks those allowManagedHooksOnly switches off: they would not have run", () => {
    const loaded = loadHooks([
      layer(
        {
          allowManagedHooksOnly: true,
          hooks: { SessionEnd: [{ type: "command", name: "policy", command: "true" }] },
        },
        "managed",
      ),
      layer({ hooks: { SessionEnd: [{ type: "command", name: "mine", command: "true" }] } }),
    ]);
    const { runner } = runnerFor({}, { hooks: loaded });
    const abandoned = runner.abandon({ event: "SessionEnd", fields: { reason: "other" } });
    expect(abandoned.map((run) => run.hook)).toEqual(["policy"]);
  });

  it("counts the runs closing still waits for, and none once they have finished", async () => {
    const { runner } = runnerFor({ PostToolUse: [{ type: "command", command: "sleep 0.2" }] });
    runner.postToolUse(post(1));
    runner.postToolUse(post(2));
    expect(runner.unfinishedRuns()).toBe(2);
    await runner.close();
    expect(runner.unfinishedRuns()).toBe(0);
  });

  it("counts the unfinished runs of one tool call when given its id", async () => {
    const { runner } = runnerFor({ PostToolUse: [{ type: "command", command: "sleep 0.2" }] });
    runner.postToolUse(post(1));
    runner.postToolUse(post(2));
    runner.postToolUse(post(2));
    expect([runner.unfinishedRuns("t1"), runner.unfinishedRuns("t2"), runner.unfinishedRuns("t3")]).toEqual([
      1, 2, 0,
    ]);
    await runner.close();
  });
});
