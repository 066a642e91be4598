/**
 * `codebot hooks test` on events whose native hooks run in the background but whose Claude Code
 * groups a session waits for (PostToolUse, SessionStart, …): it reports what the session does
 * with those groups' answers, not "cannot block".
 */
import { describe, expect, it } from "vitest";
import { command, runHooksTest, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A Claude Code hook printing this JSON answer. */
const answering = (answer: unknown) => command(`echo '${JSON.stringify(answer)}'`);

const lintFailed = {
  decision: "block",
  reason: "lint failed",
  hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ctx here" },
};

function hooksTest(box: Sandbox, hooks: unknown, event: string, flags: string[]) {
  return runHooksTest(box, event, flags, { settings: box.json("s.json", { hooks }) });
}

const bashLs = ["--tool", "Bash", "--args", '{"command":"ls"}'];

describe("codebot hooks test: Claude Code groups a session waits for", () => {
  it("PostToolUse: a group's block is reported as feedback the model gets with the tool result, with its context, and exits 2", async () => {
    const box = sandbox();
    const hooks = { PostToolUse: [{ matcher: "Bash", hooks: [answering(lintFailed)] }] };
    const r = await hooksTest(box, hooks, "PostToolUse", bashLs);
    expectNoStackTrace(r.stderr);
    expect(r.code).toBe(2);
    const decision = r.stdout.slice(r.stdout.indexOf("\ndecision "));
    expect(decision).toContain("lint failed");
    expect(decision).toContain("ctx here");
    expect(decision).toContain("to the model with the tool result");
    expect(decision).not.toContain("cannot block");
  });

  it("PostToolUse --json: a group's block and context are the decision, not {async: true}", async () => {
    const box = sandbox();
    const hooks = { PostToolUse: [{ matcher: "Bash", hooks: [answering(lintFailed)] }] };
    const r = await hooksTest(box, hooks, "PostToolUse", [...bashLs, "--json"]);
    const report = JSON.parse(r.stdout);
    expect(report.decision).toEqual({
      blocked: true,
      reason: "lint failed",
      blocked_by: expect.any(String),
      additional_context: "ctx here",
    });
    expect(report.blocked).toBe(true);
  });

  it("SessionStart --json: a group's context is the decision, and its block is none (a session ignores it)", async () => {
    const box = sandbox();
    const answer = {
      decision: "block",
      reason: "ignored",
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "branch: main" },
    };
    const hooks = { SessionStart: [{ hooks: [answering(answer)] }] };
    const r = await hooksTest(box, hooks, "SessionStart", ["--json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.decision).toEqual({ blocked: false, additional_context: "branch: main" });
    expect(report.blocked).toBe(false);
  });

  it("PostToolUse: a native hook next to a waited group is still reported as running in the background", async () => {
    const box = sandbox();
    const hooks = {
      PostToolUse: [
        command("true", { name: "observer" }),
        { matcher: "Bash", hooks: [answering(lintFailed)] },
      ],
    };
    const r = await hooksTest(box, hooks, "PostToolUse", bashLs);
    const decision = r.stdout.slice(r.stdout.indexOf("\ndecision "));
    expect(decision).toContain("lint failed");
    expect(decision).toContain("native PostToolUse hooks run in the background and cannot block");
  });
});
