/**
 * A command PreToolUse hook is reported as "no verdict" (claude 2.1.328's `hook_no_verdict` line)
 * when its JSON gives a decision that is not a value there is, as claude reports it (recorded:
 * Gopherlinzy/claude-code-hooks' `{"decision": "deny"}`); not for a non-zero exit or for stdout
 * that is not JSON, which claude does not report either.
 */
import { describe, expect, it } from "vitest";
import type { HookNoVerdict } from "../src/index.js";
import { bashTool, callTool, runnerFor } from "./support.js";

function guard(command: string) {
  const noVerdicts: HookNoVerdict[] = [];
  const hooks = { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] };
  const { runner } = runnerFor(hooks, { onNoVerdict: (n) => noVerdicts.push(n) });
  return { runner, noVerdicts };
}

describe("a command PreToolUse hook that gave no verdict", () => {
  it("is reported for a top-level decision other than approve or block, once per hook, and its call runs", async () => {
    const { runner, noVerdicts } = guard(`echo '{"decision":"deny","reason":"refused"}'`);
    const first = await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    await callTool(runner, bashTool, { command: "pwd" }, { id: "call-2" });
    expect(first.executed).toHaveLength(1);
    expect(noVerdicts).toEqual([{ toolUseId: "call-1", timedOut: false }]);
  });

  it("is reported for a permissionDecision that is not one there is", async () => {
    const { runner, noVerdicts } = guard(`echo '{"hookSpecificOutput":{"permissionDecision":"Deny"}}'`);
    await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(noVerdicts).toEqual([{ toolUseId: "call-1", timedOut: false }]);
  });

  it("is not reported for a non-zero exit", async () => {
    const { runner, noVerdicts } = guard("echo oops >&2; exit 1");
    await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(noVerdicts).toEqual([]);
  });
});
