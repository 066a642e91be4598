import { describe, expect, it } from "vitest";
import type { HookExecutor, HookProgress, RunContext } from "../src/index.js";
import { bashTool, callTool, runnerFor } from "./support.js";

/** A command executor that says whether the run was asked for its output so far, and gives some. */
function observingExecutor() {
  const asked: boolean[] = [];
  const executor: HookExecutor = {
    run: async (_spec, ctx: RunContext) => {
      asked.push(ctx.onOutput !== undefined);
      ctx.onOutput?.("so far", "", "so far");
      return { stdout: "", stderr: "", exitCode: 0 };
    },
  };
  return { asked, executor };
}

const hooks = {
  PreToolUse: [{ type: "command", name: "guard", command: "exit 0" }],
  SessionStart: [{ type: "command", name: "setup", command: "exit 0" }],
};

describe("onHookProgress: a running hook's output so far, only where it is listened to", () => {
  it("a hook of an event hookProgressOf accepts reports its output under its run's id", async () => {
    const { asked, executor } = observingExecutor();
    const progress: HookProgress[] = [];
    const starts: string[] = [];
    const { runner } = runnerFor(hooks, {
      executors: { command: executor },
      onHookStart: (start) => starts.push(start.runId),
      onHookProgress: (p) => progress.push(p),
      hookProgressOf: (event) => event === "PreToolUse",
    });
    await callTool(runner, bashTool, { command: "ls" });
    expect(asked).toEqual([true]);
    expect(progress).toEqual([{ runId: starts[0], stdout: "so far", stderr: "", output: "so far" }]);
  });

  it("a hook of an event hookProgressOf refuses runs without being asked for its output (no timer armed)", async () => {
    const { asked, executor } = observingExecutor();
    const progress: HookProgress[] = [];
    const { runner } = runnerFor(hooks, {
      executors: { command: executor },
      onHookProgress: (p) => progress.push(p),
      hookProgressOf: (event) => event === "SessionStart",
    });
    await callTool(runner, bashTool, { command: "ls" });
    expect(asked).toEqual([false]);
    expect(progress).toEqual([]);
  });

  it("without onHookProgress no run is asked for its output", async () => {
    const { asked, executor } = observingExecutor();
    const { runner } = runnerFor(hooks, { executors: { command: executor } });
    await callTool(runner, bashTool, { command: "ls" });
    expect(asked).toEqual([false]);
  });
});
