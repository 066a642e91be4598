/** runner.abandon(): what a session that must end at once hands over, so that no hook run is lost silently. */
import { describe, expect, it } from "vitest";
import { runnerFor, waitFor } from "./support.js";

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

  it("lists the hooks of an event that was due and did not fire, with their payload", () => {
    const { runner } = runnerFor({
      SessionEnd: [{ type: "command", name: "flush", command: "true" }],
    });
    const abandoned = runner.abandon({ event: "SessionEnd", fields: { reason: "other" } });
    expect(abandoned).toMatchObject([{ event: "SessionEnd", hook: "flush", state: "not fired" }]);
    expect(JSON.parse(abandoned[0]?.payload ?? "")).toMatchObject({ event: "SessionEnd", reason: "other" });
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
