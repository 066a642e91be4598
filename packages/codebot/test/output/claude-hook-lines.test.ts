/**
 * claude's `hook_response` line's outcome: claude 2.1.328 (recorded with a loopback server) says
 * `cancelled` for a hook SIGINT stopped mid-run and for one its timeout stopped, `error` for one
 * that failed by itself; its `exit_code` is 1 for both stopped hooks (an optional integer in
 * claude's types, never null).
 */
import type { HookEnd, HookStart } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { ClaudeHookLines } from "../../src/cli/output/claude-hook-lines.js";

const start: HookStart = {
  runId: "r1",
  event: "PreToolUse",
  hook: "guard",
  source: "project",
  file: "/p/.claude/settings.json",
  subject: "Bash",
};

/** The hook_response line for a run that ended so. */
function response(end: Omit<HookEnd, "runId" | "stdout" | "stderr">) {
  const lines = new ClaudeHookLines(() => "s1", true);
  lines.line({ kind: "hook_start", start });
  return lines.line({ kind: "hook_end", end: { runId: "r1", stdout: "", stderr: "", ...end } });
}

/** The outcome of the hook_response line for a run that ended so. */
function responseOutcome(end: Omit<HookEnd, "runId" | "stdout" | "stderr">): unknown {
  return response(end)?.outcome;
}

describe("claude's hook_response outcome", () => {
  it("is cancelled for a run stopped because its run was cancelled", () => {
    expect(responseOutcome({ exitCode: null, failed: true, outcome: "cancelled" })).toBe("cancelled");
  });

  it("is cancelled for a run its timeout stopped, as claude's", () => {
    expect(responseOutcome({ exitCode: null, failed: true, outcome: "timed out" })).toBe("cancelled");
  });

  it("is error for a run that failed by itself, success for one that exited 0", () => {
    expect(responseOutcome({ exitCode: 1, failed: true, outcome: "failed" })).toBe("error");
    expect(responseOutcome({ exitCode: 0, failed: false, outcome: "allowed" })).toBe("success");
  });
});

describe("claude's hook_response exit_code", () => {
  it("is 1 for a run stopped because its run was cancelled, as claude's (not null)", () => {
    expect(response({ exitCode: null, failed: true, outcome: "cancelled" })).toHaveProperty("exit_code", 1);
  });

  it("is 1 for a run its timeout stopped, as claude's", () => {
    expect(response({ exitCode: null, failed: true, outcome: "timed out" })).toHaveProperty("exit_code", 1);
  });

  it("is left out for a run with no exit code of its own (an http hook), never null", () => {
    expect(response({ exitCode: null, failed: false, outcome: "allowed" })).not.toHaveProperty("exit_code");
  });

  it("is the hook's own code when it exited", () => {
    expect(response({ exitCode: 2, failed: false, outcome: "blocked" })).toHaveProperty("exit_code", 2);
  });
});
