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
  return ended(end, true)[0];
}

/** Every line of a run that started and ended so; `all`: `--include-hook-events`. */
function ended(end: Omit<HookEnd, "runId" | "stdout" | "stderr">, all: boolean, at: HookStart = start) {
  const lines = new ClaudeHookLines(() => "s1", all);
  lines.lines({ kind: "hook_start", start: at });
  return lines.lines({ kind: "hook_end", end: { runId: at.runId, stdout: "", stderr: "", ...end } });
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

describe("claude's line for a hook's systemMessage", () => {
  const said = { exitCode: 0, failed: false, outcome: "allowed" as const };

  it("follows the hook's response, each line as `<hook name> says:`, escape sequences removed", () => {
    // tuomashatakka/claude-code-hooks' Stop banner, as claude 2.1.328 wrote it (recorded).
    const stop: HookStart = { ...start, event: "Stop", subject: undefined };
    const message = "\x1b[1A\x1b[2K\r\n\x1b[31m ▄▀▀\x1b[39m  \n\x1b[41m ■ Stop \x1b[49m";
    const [response, says] = ended({ ...said, systemMessage: message }, true, stop);
    expect(response).toMatchObject({ subtype: "hook_response", hook_name: "Stop" });
    expect(says).toMatchObject({
      type: "system",
      subtype: "informational",
      content: "Stop says: \nStop says:  ▄▀▀  \nStop says:  ■ Stop ",
      level: "notice",
      session_id: "s1",
    });
  });

  it("reads a carriage return as a line break, and names a tool event's hook by its tool", () => {
    const [, says] = ended({ ...said, systemMessage: "\x1b[2K\rwarned" }, true);
    expect(says?.content).toBe("PreToolUse:Bash says: \nPreToolUse:Bash says: warned");
  });

  it("is written without --include-hook-events too, alone", () => {
    // Gopherlinzy/claude-code-hooks' large-file warning: claude 2.1.328 wrote it in a plain stream-json run.
    expect(ended({ ...said, systemMessage: "⚠️ 1500 lines" }, false)).toEqual([
      expect.objectContaining({ subtype: "informational", content: "PreToolUse:Bash says: ⚠️ 1500 lines" }),
    ]);
  });

  it("is not written for a hook that said nothing to the user", () => {
    expect(ended(said, false)).toEqual([]);
  });

  it("is not written for a SessionStart or SessionEnd hook's, as claude -p writes none", () => {
    for (const event of ["SessionStart", "SessionEnd"] as const) {
      const at: HookStart = { ...start, event, subject: "startup" };
      const lines = ended({ ...said, systemMessage: "hello" }, false, at);
      expect(lines.filter((line) => line.subtype === "informational")).toEqual([]);
    }
  });
});

describe("claude's hook_name", () => {
  const done = { exitCode: 0, failed: false, outcome: "allowed" as const };
  const named = (event: HookStart["event"], subject: string) =>
    ended(done, true, { ...start, event, subject })[0]?.hook_name;

  it("is the event alone for SubagentStart and SubagentStop, without the agent type (claude 2.1.328, recorded)", () => {
    expect(named("SubagentStop", "general-purpose")).toBe("SubagentStop");
    expect(named("SubagentStart", "reviewer")).toBe("SubagentStart");
  });

  it("is the event and what its matcher was compared with for the other events", () => {
    expect(named("PreToolUse", "Bash")).toBe("PreToolUse:Bash");
    expect(named("SessionStart", "startup")).toBe("SessionStart:startup");
  });
});
