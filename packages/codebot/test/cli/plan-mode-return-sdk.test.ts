/**
 * The mode an approved plan returns to is the one the session left for the plan mode now in
 * force, however it came into it — not the mode an earlier enter_plan_mode left. Under the Agent
 * SDK a program switches modes with `set_permission_mode`: a model that entered plan mode from
 * bypassPermissions, and a person who then stepped down to `default` and back into `plan`, must
 * not get bypassPermissions back by approving the next plan.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { PLAN_APPROVED } from "../../src/tools/plan-mode-tools.js";
import { sandbox, streamToolResult } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { allowAsAsked } from "./support/sdk-driver.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

describe("the mode an approved plan returns to", { timeout: 120_000 }, () => {
  it("is the one set_permission_mode plan left (default), not bypassPermissions an earlier enter_plan_mode left", async () => {
    const box = sandbox();
    const target = box.at("made");
    const { run } = await sdkSession(
      [
        reply.toolCall("enter_plan_mode", {}, "enter"),
        reply.text("planning"),
        reply.toolCall("exit_plan_mode", { plan: "# Plan\n1. touch made" }, "exit"),
        reply.toolCall("bash", { command: `touch '${target}'` }, "touch"),
        reply.text("done"),
      ],
      {
        box,
        args: ["--permission-mode", "bypassPermissions"],
        answers: {
          can_use_tool: (r) =>
            r.tool_name === "ExitPlanMode" ? allowAsAsked(r) : { behavior: "deny", message: "not now" },
        },
      },
    );
    await run.initialized;
    run.say("plan it");
    await run.result(1);
    await run.request("m1", { subtype: "set_permission_mode", mode: "default" });
    await run.request("m2", { subtype: "set_permission_mode", mode: "plan" });
    run.say("go on");
    await run.result(2);
    await run.end();
    const lines = run.lines();
    const exit = streamToolResult(lines, "exit");
    expect(exit?.is_error).toBe(false);
    expect(exit?.content).toContain(PLAN_APPROVED);
    // Back in default: the bash call was put to the program, which refused it.
    expect(run.requests().map((r) => r.tool_name)).toEqual(["ExitPlanMode", "Bash"]);
    expect(fs.existsSync(target)).toBe(false);
  });
});
