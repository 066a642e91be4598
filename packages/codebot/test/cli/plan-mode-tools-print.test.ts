/**
 * `-p` with nobody to approve a plan (no `--permission-prompt-tool`) offers neither plan tool, as
 * claude 2.1.328 -p offers neither (recorded: "No such tool available: EnterPlanMode.
 * EnterPlanMode is disabled for this session"): plan mode then lasts the whole run.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("plan mode's tools in -p", { timeout: 120_000 }, () => {
  it("offers neither enter_plan_mode nor exit_plan_mode, in plan mode either", async () => {
    const { server, r } = await printRun("go", [reply.text("done")], {
      flags: ["--permission-mode", "plan"],
    });
    expect(r.code).toBe(0);
    const offered = ((server.requests[0]?.body.tools ?? []) as { name: string }[]).map((t) => t.name);
    expect(offered).toContain("read");
    expect(offered).not.toContain("enter_plan_mode");
    expect(offered).not.toContain("exit_plan_mode");
  });
});
