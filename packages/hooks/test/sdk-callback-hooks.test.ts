import { describe, expect, it } from "vitest";
import {
  type CallbackSpec,
  compileSdkCallbackHooks,
  type HookExecutor,
  type RunContext,
} from "../src/index.js";
import { bashTool, callTool, runnerFor, writeTool } from "./support.js";

/** The program's functions, by callback id: each gets the hook's input and returns its answer. */
function program(answers: Record<string, (input: Record<string, unknown>) => unknown>) {
  const calls: { id: string; input: Record<string, unknown>; timeoutMs: number }[] = [];
  const callback: HookExecutor<CallbackSpec> = {
    async run(spec, ctx: RunContext) {
      const input = JSON.parse(ctx.payload) as Record<string, unknown>;
      calls.push({ id: spec.callbackId, input, timeoutMs: ctx.timeoutMs });
      const answer = answers[spec.callbackId]?.(input);
      return { stdout: JSON.stringify(answer ?? {}), stderr: "", exitCode: 0 };
    },
  };
  return { calls, executors: { callback } };
}

const denyBash = () => ({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "sdk says no",
  },
});

describe("the Agent SDK's hook matchers (compileSdkCallbackHooks)", () => {
  it("a PreToolUse callback answering deny blocks the call its matcher names (Claude Code's tool name), with its reason", async () => {
    const sdk = program({ hook_0: denyBash });
    const { runner } = runnerFor({}, { executors: sdk.executors });
    const { hooks, problems } = compileSdkCallbackHooks({
      PreToolUse: [{ matcher: "Bash", hookCallbackIds: ["hook_0"] }],
    });
    expect(problems).toEqual([]);
    runner.addScopedHooks("agent-sdk", hooks);

    const blocked = await callTool(runner, bashTool, { command: "rm x" }, { id: "toolu_1" });
    expect(blocked.executed).toEqual([]);
    expect(blocked.result.content).toContain("sdk says no");
    expect(
      sdk.calls.map((c) => [c.id, c.input.hook_event_name, c.input.tool_name, c.input.tool_use_id]),
    ).toEqual([["hook_0", "PreToolUse", "Bash", "toolu_1"]]);

    // Another tool is not the matcher's: no callback, the call runs.
    expect((await callTool(runner, writeTool, { file_path: "a", content: "" })).executed).toHaveLength(1);
    expect(sdk.calls).toHaveLength(1);
  });

  it("a SubagentStop callback is called when a sub-agent run ends by itself, not when it was stopped (claude fires none then)", async () => {
    const sdk = program({});
    const { runner } = runnerFor({}, { executors: sdk.executors });
    runner.addScopedHooks(
      "agent-sdk",
      compileSdkCallbackHooks({ SubagentStop: [{ hookCallbackIds: ["on_stop"] }] }).hooks,
    );
    await runner.subagentStop({ agent: "general-purpose", agentId: "a1", runStopped: true });
    expect(sdk.calls).toEqual([]);
    await runner.subagentStop({ agent: "general-purpose", agentId: "a2" });
    expect(sdk.calls.map((c) => [c.id, c.input.hook_event_name, c.input.agent_id])).toEqual([
      ["on_stop", "SubagentStop", "a2"],
    ]);
  });

  it("a matcher's timeout (seconds) bounds its callbacks; without one Claude Code's 600 s applies", () => {
    const { hooks } = compileSdkCallbackHooks({
      PreToolUse: [{ matcher: "Bash", hookCallbackIds: ["a", "b"], timeout: 2 }],
      Stop: [{ hookCallbackIds: ["c"] }],
    });
    expect(hooks.map((h) => [h.spec, h.event, h.timeoutMs])).toEqual([
      [{ type: "callback", callbackId: "a" }, "PreToolUse", 2000],
      [{ type: "callback", callbackId: "b" }, "PreToolUse", 2000],
      [{ type: "callback", callbackId: "c" }, "Stop", 600_000],
    ]);
    expect(hooks.every((h) => h.source === "cli")).toBe(true);
  });

  it("onFailure 'block' makes a failed callback refuse the call; by default a failure lets it through", () => {
    const { hooks } = compileSdkCallbackHooks({
      PreToolUse: [{ hookCallbackIds: ["closed"], onFailure: "block" }, { hookCallbackIds: ["open"] }],
    });
    expect(hooks.map((h) => [h.spec.type === "callback" ? h.spec.callbackId : "", h.onError])).toEqual([
      ["closed", "block"],
      ["open", "allow"],
    ]);
  });

  it("an event codebot does not fire and a malformed matcher are reported, the rest compiled", () => {
    const { hooks, problems } = compileSdkCallbackHooks({
      TeammateIdle: [{ hookCallbackIds: ["x"] }],
      PreToolUse: [
        { matcher: 5, hookCallbackIds: ["y"] },
        { hookCallbackIds: "z" },
        { hookCallbackIds: ["ok"] },
      ],
    });
    expect(problems).toEqual([
      "hooks.TeammateIdle: an event codebot does not fire; its callbacks are not called",
      'hooks.PreToolUse[0]: "matcher" is not a string',
      'hooks.PreToolUse[1]: "hookCallbackIds" is not a list of strings',
    ]);
    expect(hooks.map((h) => h.spec)).toEqual([{ type: "callback", callbackId: "ok" }]);
  });
});
