import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createHookRunner, type HookRunner, interpret, loadHooks } from "../src/index.js";
import { q, readJson, tempDir, waitFor } from "./support.js";

const runners: HookRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

/** A runner over one user layer of Claude Code groups, each a command hook, in a temp project. */
function runnerWith(event: string, ...commands: string[]) {
  const dir = tempDir();
  const hooks = { [event]: [{ hooks: commands.map((command) => ({ type: "command", command })) }] };
  const loaded = loadHooks([{ source: "user", path: "/settings/user.json", settings: { hooks } }]);
  expect(loaded.problems).toEqual([]);
  const runner = createHookRunner({
    hooks: loaded,
    session: { sessionId: "sess-1", cwd: dir, transcriptPath: join(dir, "t.jsonl") },
  });
  runners.push(runner);
  return { runner, dir };
}

describe("WorktreeCreate", () => {
  it("gets Claude Code's payload with the name, and the last line of its stdout is the worktree", async () => {
    const { runner, dir } = runnerWith(
      "WorktreeCreate",
      `cat > ${q("in.json")}; echo made; echo /tmp/wt-bar`,
    );
    const decision = await runner.fire("WorktreeCreate", { name: "bar" });
    expect(decision).toMatchObject({ kind: "allow", worktreePath: "/tmp/wt-bar" });
    expect(readJson(join(dir, "in.json"))).toEqual({
      session_id: "sess-1",
      transcript_path: join(dir, "t.jsonl"),
      cwd: dir,
      hook_event_name: "WorktreeCreate",
      name: "bar",
    });
  });

  it("a hook that exits 1 ends the firing as a block with its stderr", async () => {
    const { runner } = runnerWith("WorktreeCreate", "echo no space >&2; exit 1");
    const decision = await runner.fire("WorktreeCreate", { name: "bar" });
    expect(decision).toMatchObject({
      kind: "block",
      reason: "no space",
      by: expect.stringContaining("exit 1"),
    });
  });

  it("a hook that succeeds without output gives no worktree", async () => {
    const { runner } = runnerWith("WorktreeCreate", "true");
    const decision = await runner.fire("WorktreeCreate", { name: "bar" });
    expect(decision.kind).toBe("allow");
    expect(decision).not.toHaveProperty("worktreePath");
  });

  it("an http hook names its worktree in hookSpecificOutput.worktreePath", () => {
    const stdout = JSON.stringify({
      hookSpecificOutput: { hookEventName: "WorktreeCreate", worktreePath: "/w/x" },
    });
    expect(interpret({ stdout, stderr: "", exitCode: 0 })).toMatchObject({
      worktreePath: "/w/x",
      warnings: [],
    });
  });
});

describe("WorktreeRemove", () => {
  it("is observational and its payload carries worktree_path", async () => {
    const { runner, dir } = runnerWith("WorktreeRemove", `cat > ${q("in.json")}`);
    expect(runner.fire("WorktreeRemove", { worktreePath: "/w/x" })).toBeUndefined();
    await waitFor(() => existsSync(join(dir, "in.json")));
    await runner.close();
    expect(readJson(join(dir, "in.json"))).toMatchObject({
      hook_event_name: "WorktreeRemove",
      worktree_path: "/w/x",
    });
  });
});
