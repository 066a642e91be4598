import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { approvalWithdrawn, type HookApprovalRequest } from "../src/index.js";
import { bashTool, callTool, runnerFor } from "./support.js";

const deny = (reason: string) => async () => ({ approved: false as const, reason });

describe("hook approval", () => {
  it("a denied blocking hook blocks with the approval's reason and never starts", async () => {
    const { runner, dir, traces } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, command: "touch marker" }] },
      { approveHook: deny("project hooks are not trusted") },
    );
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(result).toEqual({
      content: "hook: hook not approved: project hooks are not trusted",
      isError: true,
    });
    expect(executed).toEqual([]);
    expect(existsSync(join(dir, "marker"))).toBe(false);
    expect(traces[0]).toMatchObject({
      matched: true,
      skipped: "not approved",
      approval: "denied",
      approvalReason: "project hooks are not trusted",
      outcome: "blocked",
    });
  });

  it("a denied non-blocking hook is only traced and never starts", async () => {
    const { runner, dir, traces } = runnerFor(
      { PreToolUse: [{ type: "command", command: "touch marker" }] },
      { approveHook: deny("plan mode") },
    );
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(result.isError).toBe(false);
    expect(executed).toHaveLength(1);
    expect(existsSync(join(dir, "marker"))).toBe(false);
    expect(traces[0]).toMatchObject({
      skipped: "not approved",
      approval: "denied",
      approvalReason: "plan mode",
    });
    expect(traces[0]?.outcome).toBeUndefined();
  });

  it("a denied async hook never starts", async () => {
    const { runner, dir, traces } = runnerFor(
      { PostToolUse: [{ type: "command", command: "touch marker" }] },
      { approveHook: deny("no") },
    );
    runner.postToolUse({ tool: "bash", toolUseId: "t", args: {}, output: "", isError: false });
    await runner.close();
    expect(existsSync(join(dir, "marker"))).toBe(false);
    expect(traces[0]).toMatchObject({ skipped: "not approved" });
  });

  it("is asked before every run, with the hook's identity", async () => {
    const requests: HookApprovalRequest[] = [];
    const { runner, dir } = runnerFor(
      { PreToolUse: [{ type: "command", name: "audit", blocking: true, command: "echo >> runs" }] },
      {
        approveHook: async (req) => {
          requests.push(req);
          return { approved: true };
        },
      },
    );
    await callTool(runner, bashTool, { command: "a" });
    await callTool(runner, bashTool, { command: "b" });
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      event: "PreToolUse",
      tool: "bash",
      label: "audit",
      blocking: true,
      source: "user",
      path: "/settings/user.json",
      fingerprint: runner.hooks[0]?.fingerprint,
    });
    expect(requests[0]?.hook).toBe(runner.hooks[0]);
    expect(existsSync(join(dir, "runs"))).toBe(true);
  });

  it("an approval that does not answer within the hook's timeout is a denial", async () => {
    const { runner, dir } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, timeout: 0.3, command: "touch marker" }] },
      { approveHook: () => new Promise(() => {}) },
    );
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision).toMatchObject({ kind: "block", reason: "hook not approved: no approval within 0.3s" });
    expect(existsSync(join(dir, "marker"))).toBe(false);
  });

  it("the gate is told when its hook's timeout passes, so it can withdraw its question", async () => {
    const signals: AbortSignal[] = [];
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, timeout: 0.3, command: "true" }] },
      {
        approveHook: (request) => {
          signals.push(request.signal);
          return new Promise(() => {});
        },
      },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toEqual(new Error("no approval within 0.3s"));
    // Expired, not withdrawn: the gate says so (changed-hook-question.ts).
    expect(approvalWithdrawn(signals[0] as AbortSignal)).toBe(false);
  });

  it("a run cancelled while its hook waits for approval gives the approval up at once, and tells the gate", async () => {
    const signals: AbortSignal[] = [];
    const { runner, traces } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, timeout: 60, command: "true" }] },
      {
        approveHook: (request) => {
          signals.push(request.signal);
          return new Promise(() => {});
        },
      },
    );
    const run = new AbortController();
    setTimeout(() => run.abort(new Error("interrupted by the user")), 50);
    const started = performance.now();
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {}, signal: run.signal });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(decision).toMatchObject({
      kind: "block",
      reason: "hook not run: the run was cancelled before the hook was approved",
    });
    expect(signals[0]?.aborted).toBe(true);
    // Withdrawn, not expired: the gate can tell (changed-hook-question.ts).
    expect(approvalWithdrawn(signals[0] as AbortSignal)).toBe(true);
    // Withdrawn with the run, not refused: its record says cancelled, with why, and never started.
    expect(traces[0]).toMatchObject({
      skipped: "not started",
      outcome: "cancelled",
      cancelReason: "interrupted by the user",
      decision: { block: true },
    });
    expect(traces[0]).not.toHaveProperty("approval");
    expect(traces[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("a non-blocking hook whose question is withdrawn with the run is recorded cancelled, not not approved", async () => {
    const { runner, traces } = runnerFor(
      { PreToolUse: [{ type: "command", timeout: 60, command: "true" }] },
      { approveHook: () => new Promise(() => {}) },
    );
    const run = new AbortController();
    setTimeout(() => run.abort(new Error("background agent stopped by the user")), 50);
    await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {}, signal: run.signal });
    expect(traces[0]).toMatchObject({
      skipped: "not started",
      outcome: "cancelled",
      cancelReason: "background agent stopped by the user",
    });
    expect(traces[0]).not.toHaveProperty("decision");
  });

  it("a run cancelled before its hook is approved blocks, is recorded cancelled, and the gate is not asked", async () => {
    let asked = 0;
    const { runner, dir, traces } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, command: "touch marker" }] },
      {
        approveHook: () => {
          asked++;
          return { approved: true };
        },
      },
    );
    const run = new AbortController();
    run.abort(new Error("the session ended"));
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {}, signal: run.signal });
    expect(decision).toMatchObject({
      kind: "block",
      reason: "hook not run: the run was cancelled before the hook was approved",
    });
    expect(traces[0]).toMatchObject({ outcome: "cancelled", cancelReason: "the session ended" });
    expect(asked).toBe(0);
    expect(existsSync(join(dir, "marker"))).toBe(false);
  });

  it("an approval answered in time leaves the gate's signal alone", async () => {
    const signals: AbortSignal[] = [];
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, timeout: 0.2, command: "true" }] },
      {
        approveHook: async (request) => {
          signals.push(request.signal);
          return { approved: true };
        },
      },
    );
    expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
      kind: "allow",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(signals[0]?.aborted).toBe(false);
  });

  it("a gate that answers at once is taken at its word: no signal is made for it, no wait timed", async () => {
    const { runner } = runnerFor(
      // A timeout no other timer of the run has: the approval's wait would be timed with it.
      { PreToolUse: [{ type: "command", blocking: true, timeout: 77, command: "true" }] },
      { approveHook: () => ({ approved: true }) },
    );
    const timers = vi.spyOn(globalThis, "setTimeout");
    const controllers = vi.spyOn(globalThis, "AbortController");
    try {
      expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
        kind: "allow",
      });
      expect(controllers).not.toHaveBeenCalled();
      // Only the command's own timer (77 s less what passed before it started).
      expect(timers.mock.calls.filter(([, ms]) => (ms ?? 0) > 76_000)).toHaveLength(1);
    } finally {
      timers.mockRestore();
      controllers.mockRestore();
    }
  });

  it("a gate that answers at once and throws, or answers later and fails, is a denial", async () => {
    for (const approveHook of [
      () => {
        throw new Error("store unreadable");
      },
      () => Promise.reject(new Error("store unreadable")),
    ]) {
      const { runner } = runnerFor(
        { PreToolUse: [{ type: "command", blocking: true, command: "true" }] },
        { approveHook },
      );
      expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
        kind: "block",
        reason: "hook not approved: approval failed: store unreadable",
      });
    }
  });

  it("an approval gate that throws is a denial", async () => {
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, command: "true" }] },
      {
        approveHook: async () => {
          throw new Error("store unreadable");
        },
      },
    );
    expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
      kind: "block",
      reason: "hook not approved: approval failed: store unreadable",
    });
  });

  it("a denied blocking hook that guards nothing (UserPromptSubmit, Stop, PostStopValidation) is skipped, never a block", async () => {
    const { runner, dir, traces } = runnerFor(
      {
        UserPromptSubmit: [{ type: "command", blocking: true, command: "touch marker" }],
        Stop: [{ matcher: "", hooks: [{ type: "command", command: "touch marker" }] }],
        PostStopValidation: [{ type: "command", command: "touch marker" }],
      },
      { approveHook: deny("not trusted") },
    );
    expect(await runner.userPromptSubmit({ prompt: "hi" })).toMatchObject({ kind: "allow" });
    const signal = new AbortController().signal;
    expect(await runner.stop({ stopHookActive: false, lastAssistantMessage: "done", signal })).toMatchObject({
      kind: "allow",
    });
    expect(await runner.postStopValidation({ stopHookActive: false, signal })).toMatchObject({
      kind: "allow",
    });
    expect(existsSync(join(dir, "marker"))).toBe(false);
    expect(traces.map((t) => [t.event, t.skipped, t.outcome])).toEqual([
      ["UserPromptSubmit", "not approved", undefined],
      ["Stop", "not approved", undefined],
      ["PostStopValidation", "not approved", undefined],
    ]);
  });
});
