/**
 * claude 2.1.328's `stop-hook-error` notification in stream-json (recorded in `-p`): written once a
 * run when a Stop hook sends the agent back or fails. Modelled on liush2yuxjtu/claude-hooks-pack
 * (`8d608b5e`), whose Stop hooks (followup-spawn-agents.sh, finish-not-defer.sh…) answer
 * `decision: "block"`, and whose honest-report-gate.sh answers `continue: false`, which gave none.
 */
import type { HookEnd, HookStart } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { ClaudeHookLines } from "../../src/cli/output/claude-hook-lines.js";

const stop = (runId: string): HookStart => ({
  runId,
  event: "Stop",
  hook: "~/.claude/hooks/followup-spawn-agents.sh",
  source: "user",
  file: "/home/u/.claude/settings.json",
});

type Ending = Omit<HookEnd, "runId" | "stdout" | "stderr">;
const blocked: Ending = { exitCode: 0, failed: false, outcome: "blocked" };

/** The notification lines written for these runs, one after another in one `-p` run. */
function notifications(runs: { start: HookStart; end: Ending }[], all = false) {
  const lines = new ClaudeHookLines(() => "s1", all);
  return runs.flatMap(({ start, end }) => {
    lines.lines({ kind: "hook_start", start });
    return lines
      .lines({ kind: "hook_end", end: { runId: start.runId, stdout: "", stderr: "", ...end } })
      .filter((line) => line.subtype === "notification");
  });
}

describe("claude's stop-hook-error notification", () => {
  it("is written when a Stop hook sends the agent back, with or without --include-hook-events", () => {
    for (const all of [false, true]) {
      expect(notifications([{ start: stop("r1"), end: blocked }], all)).toEqual([
        expect.objectContaining({
          type: "system",
          subtype: "notification",
          key: "stop-hook-error",
          text: "stop hook reported a problem · ctrl+o to see",
          session_id: "s1",
        }),
      ]);
    }
  });

  it("is written when a Stop hook fails (exit 1)", () => {
    const failed: Ending = { exitCode: 1, failed: true, outcome: "failed" };
    expect(notifications([{ start: stop("r1"), end: failed }])).toHaveLength(1);
  });

  it("is written once a run, however many times Stop hooks sent the agent back", () => {
    const runs = ["r1", "r2", "r3"].map((id) => ({ start: stop(id), end: blocked }));
    expect(notifications(runs)).toHaveLength(1);
  });

  it("is not written for a Stop hook that let the agent stop, or only said continue: false", () => {
    const allowed: Ending = { exitCode: 0, failed: false, outcome: "allowed" };
    expect(notifications([{ start: stop("r1"), end: allowed }])).toEqual([]);
  });

  it("is not written for another event's block", () => {
    const guard: HookStart = { ...stop("r1"), event: "PreToolUse", subject: "Bash" };
    expect(notifications([{ start: guard, end: blocked }])).toEqual([]);
  });
});
