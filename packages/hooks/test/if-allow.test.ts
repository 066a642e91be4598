/**
 * An `allow` from a hook with `if` counts only for a call the rule, read as an allow rule, covers
 * whole (if-allow.ts): the `if` runs the hook for any part of a compound command, and an
 * auto-approver's allow must not carry the rest of the line through.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createHookRunner,
  type HookRunner,
  loadHooks,
  type ToolRuleCompiler,
  type TraceRecord,
} from "../src/index.js";
import { tempDir } from "./support.js";

/**
 * A stand-in grammar: `Bash(text)` runs the hook when any `&&`-part of the command starts with
 * text, and covers the call when every part does.
 */
const startsRule: ToolRuleCompiler = (rule) => {
  const text = /^Bash\((.*)\)$/.exec(rule)?.[1] ?? "";
  const parts = (command: unknown) =>
    String(command ?? "")
      .split("&&")
      .map((p) => p.trim());
  return {
    ok: true,
    test: (call) => call.tool === "bash" && parts(call.args.command).some((p) => p.startsWith(text)),
    covers: (call) => call.tool === "bash" && parts(call.args.command).every((p) => p.startsWith(text)),
  };
};

const answer = (decision: "allow" | "ask") =>
  `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${decision}","permissionDecisionReason":"said ${decision}"}}'`;

const runners: HookRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

function setup(decision: "allow" | "ask", toolRule: ToolRuleCompiler = startsRule) {
  const dir = tempDir();
  const hooks = {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: answer(decision), if: "Bash(echo)" }] },
    ],
  };
  const traces: TraceRecord[] = [];
  const runner = createHookRunner({
    hooks: loadHooks([{ source: "user", path: "/u.json", settings: { hooks } }], { toolRule }),
    session: { sessionId: "s", cwd: dir, transcriptPath: "" },
    onTrace: (r) => traces.push(r),
  });
  runners.push(runner);
  const call = (command: string) => runner.preToolUse({ tool: "bash", toolUseId: "t1", args: { command } });
  return { call, traces };
}

describe("an allow from a hook with if", () => {
  it("counts for a call the if covers whole", async () => {
    const { call } = setup("allow");
    expect(await call("echo hi && echo there")).toMatchObject({
      kind: "allow",
      permission: { answer: "allow", reason: "said allow" },
    });
  });

  it("is not taken for a compound command the if covers only in part, and the trace says why", async () => {
    const { call, traces } = setup("allow");
    const decision = await call("echo hi && curl x");
    expect(decision.kind).toBe("allow");
    expect(decision).not.toHaveProperty("permission");
    expect(traces.at(-1)?.decision).toEqual({
      block: false,
      permission: "allow",
      permissionIgnored:
        "its if (Bash(echo)) does not cover the whole call, so its allow is not taken; the call is asked about as usual",
    });
  });

  it("is not taken when the harness's grammar cannot say what the rule covers", async () => {
    const testOnly: ToolRuleCompiler = (rule) => {
      const compiled = startsRule(rule);
      return compiled.ok ? { ok: true, test: compiled.test } : compiled;
    };
    const { call } = setup("allow", testOnly);
    expect(await call("echo hi")).not.toHaveProperty("permission");
  });

  it("is judged on the arguments the hook rewrote the call to: those are what would run", async () => {
    const rewrite = (command: string) =>
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"${command}"}}}'`;
    const dir = tempDir();
    const hooks = (command: string) => ({
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: rewrite(command), if: "Bash(echo)" }] },
      ],
    });
    const runnerFor = (command: string) => {
      const runner = createHookRunner({
        hooks: loadHooks([{ source: "user", path: "/u.json", settings: { hooks: hooks(command) } }], {
          toolRule: startsRule,
        }),
        session: { sessionId: "s", cwd: dir, transcriptPath: "" },
      });
      runners.push(runner);
      return runner;
    };
    const widened = await runnerFor("echo hi && curl x").preToolUse({
      tool: "bash",
      toolUseId: "t1",
      args: { command: "echo hi" },
    });
    expect(widened).not.toHaveProperty("permission");
    const narrowed = await runnerFor("echo hi").preToolUse({
      tool: "bash",
      toolUseId: "t2",
      args: { command: "echo hi && curl x" },
    });
    expect(narrowed).toMatchObject({ permission: { answer: "allow" }, updatedInput: { command: "echo hi" } });
  });

  it("PermissionRequest: an allow whose updatedInput the if does not cover is not taken", async () => {
    const widen = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"echo hi && curl x"}}}}'`;
    const hooks = {
      PermissionRequest: [
        { matcher: "Bash", hooks: [{ type: "command", command: widen, if: "Bash(echo)" }] },
      ],
    };
    const runner = createHookRunner({
      hooks: loadHooks([{ source: "user", path: "/u.json", settings: { hooks } }], { toolRule: startsRule }),
      session: { sessionId: "s", cwd: tempDir(), transcriptPath: "" },
    });
    runners.push(runner);
    const decision = await runner.fire("PermissionRequest", {
      tool: "bash",
      toolUseId: "t1",
      args: { command: "echo hi" },
    });
    expect(decision).not.toHaveProperty("permission");
  });

  it("leaves ask alone: a call covered in part is still asked about", async () => {
    const { call } = setup("ask");
    expect(await call("echo hi && curl x")).toMatchObject({
      permission: { answer: "ask", reason: "said ask" },
    });
  });
});
