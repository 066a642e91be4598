import { describe, expect, it } from "vitest";
import { interpret, type RunOutcome } from "../src/index.js";

const ok = (stdout: string, over: Partial<RunOutcome> = {}): RunOutcome => ({
  stdout,
  stderr: "",
  exitCode: 0,
  ...over,
});

describe("interpret", () => {
  it("exit 0 with no output allows", () => {
    expect(interpret(ok(""))).toMatchObject({ isBlock: false, failed: false, warnings: [] });
  });

  it("reads the codebot vocabulary", () => {
    const v = interpret(
      ok(JSON.stringify({ block: true, reason: "r", additional_context: "c", updated_input: { a: 1 } })),
    );
    expect(v).toMatchObject({ isBlock: true, reason: "r", additionalContext: "c", updatedInput: { a: 1 } });
  });

  it("reads PermissionRequest's decision: allow with updatedInput, deny with message, interrupt, a bad shape", () => {
    const out = (decision: unknown) =>
      interpret(ok(JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } })));
    expect(out({ behavior: "allow", updatedInput: { command: "ls" } })).toMatchObject({
      isBlock: false,
      permission: "allow",
      updatedInput: { command: "ls" },
    });
    const deny = out({ behavior: "deny", message: "no" });
    expect(deny).toMatchObject({ isBlock: true, reason: "no" });
    expect(deny.stopRun).toBeUndefined();
    expect(out({ behavior: "deny", message: "halt", interrupt: true })).toMatchObject({
      isBlock: true,
      stopRun: "halt",
    });
    // A deny's updatedInput is no rewrite; an unknown behavior is a warning, not an allow.
    expect(out({ behavior: "deny", updatedInput: { a: 1 } }).updatedInput).toBeUndefined();
    const bad = out({ behavior: "maybe" });
    expect(bad).toMatchObject({
      isBlock: false,
      warnings: [expect.stringMatching(/^hookSpecificOutput\.decision has the wrong type/)],
    });
    expect(bad.permission).toBeUndefined();
  });

  it("reads PermissionRequest's updatedPermissions entry by entry: a malformed one is a warning, the allow stays", () => {
    const rule = { toolName: "Bash", ruleContent: "npm test:*" };
    const add = { type: "addRules", rules: [rule], behavior: "allow", destination: "session" };
    const mode = { type: "setMode", mode: "acceptEdits", destination: "session" };
    const out = (decision: unknown) =>
      interpret(ok(JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } })));
    const v = out({ behavior: "allow", updatedPermissions: [add, { type: "addRules", rules: "x" }, mode] });
    expect(v).toMatchObject({
      permission: "allow",
      updatedPermissions: [add, mode],
      warnings: ["hookSpecificOutput.decision.updatedPermissions[1] is not a permission update; ignored"],
    });
    // A hook passing on a missing permission_suggestions (`null`) gives none, without a warning.
    expect(out({ behavior: "allow", updatedPermissions: null })).toMatchObject({
      permission: "allow",
      warnings: [],
    });
    // A deny changes no permissions.
    expect(out({ behavior: "deny", updatedPermissions: [add] }).updatedPermissions).toBeUndefined();
  });

  it("reads the Claude Code vocabulary", () => {
    const v = interpret(
      ok(
        JSON.stringify({
          hookSpecificOutput: {
            permissionDecision: "deny",
            permissionDecisionReason: "r",
            additionalContext: "c",
            updatedInput: { a: 2 },
          },
        }),
      ),
    );
    expect(v).toMatchObject({ isBlock: true, reason: "r", additionalContext: "c", updatedInput: { a: 2 } });
    expect(interpret(ok('{"decision":"block","stopReason":"s"}'))).toMatchObject({
      isBlock: true,
      reason: "s",
    });
    expect(interpret(ok('{"decision":"approve"}')).isBlock).toBe(false);
  });

  it("Claude Code's permissionDecision defer is read as ask", () => {
    const v = interpret(ok('{"hookSpecificOutput":{"permissionDecision":"defer"}}'), true);
    expect(v).toMatchObject({ isBlock: false, failed: false, permission: "ask" });
  });

  it("an unknown permissionDecision fails a hook that may block, and is a warning for one that may not", () => {
    const typo = ok('{"hookSpecificOutput":{"permissionDecision":"Deny"}}');
    expect(interpret(typo, true)).toMatchObject({
      isBlock: false,
      failed: true,
      error: 'hookSpecificOutput.permissionDecision "Deny" is not one of allow, deny, ask, defer',
    });
    expect(interpret(typo)).toMatchObject({
      failed: false,
      warnings: [
        'hookSpecificOutput.permissionDecision "Deny" is not one of allow, deny, ask, defer; ignored',
      ],
    });
    expect(interpret(typo).permission).toBeUndefined();
  });

  it("a top-level decision other than approve or block fails a hook that may block, and is a warning for one that may not", () => {
    // Gopherlinzy/claude-code-hooks' guards answer {"decision":"deny"}: claude 2.1.328 rejects it
    // ("Hook JSON output validation failed") and warns that the hook did not check the call.
    const deny = ok('{"decision":"deny","reason":"sudo is refused"}');
    const error =
      'decision "deny" is not one of approve, block (a deny is hookSpecificOutput.permissionDecision)';
    expect(interpret(deny, true)).toMatchObject({ isBlock: false, failed: true, error });
    expect(interpret(deny)).toMatchObject({ failed: false, warnings: [`${error}; ignored`] });
    expect(interpret(ok('{"decision":"approve"}'), true)).toMatchObject({
      failed: false,
      permission: "allow",
    });
  });

  it("exit 2 blocks with trimmed stderr, JSON reason first", () => {
    expect(interpret(ok("", { exitCode: 2, stderr: " why \n" }))).toMatchObject({
      isBlock: true,
      reason: "why",
    });
    expect(interpret(ok('{"reason":"json"}', { exitCode: 2, stderr: "err" }))).toMatchObject({
      reason: "json",
    });
    expect(interpret(ok("", { exitCode: 2 }))).toMatchObject({ reason: "blocked by hook", failed: false });
  });

  it("other non-zero exits, timeouts and errors are failed runs whose JSON still counts", () => {
    expect(interpret(ok("", { exitCode: 1 }))).toMatchObject({
      failed: true,
      isBlock: false,
      error: "exit code 1",
    });
    expect(interpret(ok("", { exitCode: null, timedOut: true, error: "timed out after 1s" }))).toMatchObject({
      failed: true,
      timedOut: true,
    });
    expect(interpret(ok('{"block":true}', { exitCode: 1, error: "http hook x: status 500" }))).toMatchObject({
      failed: true,
      isBlock: true,
      reason: "blocked by hook",
    });
  });

  it("plain text stdout is text, not a decision", () => {
    expect(interpret(ok("block: true\n"))).toMatchObject({
      isBlock: false,
      stdoutIsJson: false,
      warnings: [],
    });
    expect(interpret(ok("[1,2]"))).toMatchObject({ stdoutIsJson: false, warnings: [] });
  });

  it("unusable parts become warnings and the rest still counts", () => {
    const v = interpret(
      ok(JSON.stringify({ block: "yes", reason: 5, additional_context: "c", updated_input: [1] })),
    );
    expect(v).toMatchObject({ isBlock: false, additionalContext: "c" });
    expect(v.updatedInput).toBeUndefined();
    expect(v.warnings).toEqual([
      "block has the wrong type (string); ignored",
      "reason has the wrong type (number); ignored",
      "updated_input has the wrong type (array); ignored",
    ]);
    expect(interpret(ok('{"block": tru}')).warnings).toEqual([
      "stdout looks like JSON but does not parse; treated as text",
    ]);
  });
});

describe("interpret: keys a hook got wrong", () => {
  const run = (output: unknown) => interpret(ok(JSON.stringify(output)));

  it("a misspelt key is a warning naming the field it was meant to be, and blocks nothing (as in claude)", () => {
    const verdict = run({ decison: "block", reason: "no" });
    expect(verdict.isBlock).toBe(false);
    expect(verdict.warnings).toEqual([
      "decison is not a hook output field (did you mean decision?); ignored",
    ]);
    expect(
      run({ hookSpecificOutput: { hookEventName: "PreToolUse", permisionDecision: "deny" } }).warnings,
    ).toEqual([
      "hookSpecificOutput.permisionDecision is not a hook output field (did you mean permissionDecision?); ignored",
    ]);
  });

  it("a hookSpecificOutput field given at the top level is a warning", () => {
    const verdict = run({ permissionDecision: "deny", additionalContext: "x" });
    expect(verdict.isBlock).toBe(false);
    expect(verdict.warnings).toEqual([
      "permissionDecision belongs inside hookSpecificOutput; ignored",
      "additionalContext belongs inside hookSpecificOutput; ignored",
    ]);
  });

  it("keys of the hook's own and Claude Code fields codebot does not read pass in silence", () => {
    const verdict = run({
      suppressOutput: true,
      myTool: { version: 2 },
      checked_files: 3,
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "x" },
    });
    expect(verdict.warnings).toEqual([]);
  });
});
