/**
 * enter_plan_mode and exit_plan_mode (Claude Code's EnterPlanMode and ExitPlanMode) under the
 * Agent SDK's driver (`--permission-prompt-tool stdio`), where claude 2.1.328 offers them
 * (recorded, docs/claude-code.md "Plan mode's tools"): entering asks nobody; the plan goes to
 * `can_use_tool`, whose allow returns to the mode before and whose deny keeps plan mode.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { ENTERED_PLAN_MODE, PLAN_APPROVED } from "../../src/tools/plan-mode-tools.js";
import { command, sandbox, streamToolResult } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { allowAsAsked } from "./support/sdk-driver.js";
import { sdkTurn } from "./support/sdk-session.js";

useBuiltCli();

const PLAN = "# Plan\n1. write made.txt";
const planCalls = () => [
  reply.toolCall("enter_plan_mode", {}, "enter"),
  reply.toolCall("write", { file_path: "early.txt", content: "x" }, "early"),
  reply.toolCall("exit_plan_mode", { plan: PLAN }, "exit"),
  reply.toolCall("write", { file_path: "made.txt", content: "x" }, "made"),
  reply.text("done"),
];

describe("plan mode's tools under the Agent SDK", { timeout: 120_000 }, () => {
  it("enter_plan_mode switches to plan mode without asking: a write is refused until the plan is approved, then runs in the mode from before", async () => {
    const { run, box } = await sdkTurn("go", planCalls(), {
      args: ["--permission-mode", "acceptEdits"],
      answers: { can_use_tool: allowAsAsked },
    });
    const lines = run.lines();
    expect(streamToolResult(lines, "enter")).toMatchObject({ is_error: false });
    expect(streamToolResult(lines, "enter")?.content).toContain(ENTERED_PLAN_MODE);
    expect(streamToolResult(lines, "early")?.content).toContain("not allowed in plan mode");
    expect(fs.existsSync(box.at("early.txt"))).toBe(false);
    expect(streamToolResult(lines, "exit")).toMatchObject({ is_error: false });
    expect(streamToolResult(lines, "exit")?.content).toContain(PLAN_APPROVED);
    // Back in acceptEdits: the write runs unasked, and the plan was the only question.
    expect(fs.existsSync(box.at("made.txt"))).toBe(true);
    expect(
      run
        .requests()
        .filter((r) => r.subtype === "can_use_tool")
        .map((r) => [r.tool_name, r.input]),
    ).toEqual([["ExitPlanMode", { plan: PLAN }]]);
  });

  it("writes claude's status line as each tool switches the mode: plan, then the mode from before", async () => {
    const { run } = await sdkTurn("go", planCalls(), {
      args: ["--permission-mode", "bypassPermissions"],
      answers: { can_use_tool: allowAsAsked },
    });
    const modes = run
      .lines()
      .filter((l) => l.type === "system" && l.subtype === "status" && "permissionMode" in l)
      .map((l) => [l.status, l.permissionMode]);
    expect(modes).toEqual([
      [null, "plan"],
      [null, "bypassPermissions"],
    ]);
  });

  it("exit_plan_mode outside plan mode and enter_plan_mode inside it are errors that change nothing", async () => {
    const { run } = await sdkTurn(
      "go",
      [
        reply.toolCall("exit_plan_mode", { plan: PLAN }, "early-exit"),
        reply.toolCall("enter_plan_mode", {}, "enter"),
        reply.toolCall("enter_plan_mode", {}, "again"),
        reply.text("done"),
      ],
      { answers: { can_use_tool: allowAsAsked } },
    );
    const lines = run.lines();
    expect(streamToolResult(lines, "early-exit")).toEqual({
      content: "You are not in plan mode: there is no plan to approve.",
      is_error: true,
    });
    expect(streamToolResult(lines, "again")).toEqual({
      content: "You are already in plan mode.",
      is_error: true,
    });
    // Nobody was asked about a plan that was never in plan mode.
    expect(run.requests().filter((r) => r.subtype === "can_use_tool")).toEqual([]);
  });

  it("a can_use_tool deny of the plan keeps plan mode, its message the result, and the turn goes on (claude 2.1.328's does, recorded)", async () => {
    const { run, box, result } = await sdkTurn("go", planCalls(), {
      answers: {
        can_use_tool: (r) =>
          r.tool_name === "ExitPlanMode" ? { behavior: "deny", message: "step 1 is wrong" } : allowAsAsked(r),
      },
    });
    const lines = run.lines();
    expect(streamToolResult(lines, "exit")).toEqual({ content: "step 1 is wrong", is_error: true });
    expect(streamToolResult(lines, "made")?.content).toContain("not allowed in plan mode");
    expect(fs.existsSync(box.at("made.txt"))).toBe(false);
    expect(result.permission_denials).toContainEqual({
      tool_name: "ExitPlanMode",
      tool_use_id: "exit",
      tool_input: { plan: PLAN },
    });
  });

  it("no hook runs in plan mode, and a catch-all PreToolUse guard that cannot run there does not keep exit_plan_mode from asking", async () => {
    const box = sandbox();
    const log = path.join(box.project, "hooks.jsonl");
    const logger = command(`jq -c '[.hook_event_name, .tool_name, .permission_mode]' >> '${log}'`);
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        PreToolUse: [{ matcher: "*", hooks: [logger] }],
        PermissionRequest: [{ matcher: "*", hooks: [logger] }],
        PostToolUse: [{ matcher: "*", hooks: [logger] }],
      },
    });
    const { run } = await sdkTurn("go", planCalls(), {
      box,
      args: ["--permission-mode", "acceptEdits"],
      answers: { can_use_tool: allowAsAsked },
    });
    expect(streamToolResult(run.lines(), "exit")?.content).toContain(PLAN_APPROVED);
    const fired = fs
      .readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // enter's PreToolUse before the switch; exit's PostToolUse after it; nothing in between.
    expect(fired).toEqual([
      ["PreToolUse", "EnterPlanMode", "acceptEdits"],
      ["PostToolUse", "ExitPlanMode", "acceptEdits"],
      ["PreToolUse", "Write", "acceptEdits"],
      ["PostToolUse", "Write", "acceptEdits"],
    ]);
  });
});
