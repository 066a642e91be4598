/** HOOKS.md §3.1 (`enabled`), §4 (match names) and §5 (payload) for the hooks a runner selects. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bashTool, callTool, readJson, runnerFor } from "./support.js";

describe("§3.1 enabled", () => {
  it("enabled: false switches a blocking guard off: it never starts and the tool runs", async () => {
    const { runner, dir, traces } = runnerFor({
      PreToolUse: [
        { type: "command", name: "off", enabled: false, blocking: true, command: "touch ran; exit 2" },
      ],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "rm -rf /" });
    expect(result.isError).toBe(false);
    expect(executed).toHaveLength(1);
    expect(existsSync(join(dir, "ran"))).toBe(false);
    expect(traces).toMatchObject([{ hook: "off", matched: false, skipped: "disabled" }]);
  });

  it("enabled: false also keeps an async hook from starting", async () => {
    const { runner, dir, traces } = runnerFor({
      Notification: [{ type: "command", enabled: false, command: "touch ran" }],
    });
    runner.notification({ message: "m" });
    await runner.close();
    expect(existsSync(join(dir, "ran"))).toBe(false);
    expect(traces).toMatchObject([{ skipped: "disabled" }]);
  });
});

describe("§4 match names", () => {
  it('a non-empty exact matcher on an event whose match name is "" never fires; "" and /^$/ do', async () => {
    const { runner, dir, traces } = runnerFor({
      UserPromptSubmit: [
        { type: "command", name: "exact", matcher: "bash", command: "touch exact" },
        { type: "command", name: "all", command: "touch all" },
        { type: "command", name: "empty-regex", matcher: "/^$/", command: "touch empty-regex" },
      ],
    });
    await runner.userPromptSubmit({ prompt: "bash" });
    expect(existsSync(join(dir, "exact"))).toBe(false);
    expect(existsSync(join(dir, "all"))).toBe(true);
    expect(existsSync(join(dir, "empty-regex"))).toBe(true);
    expect(traces.find((t) => t.hook === "exact")).toMatchObject({ matched: false, skipped: "matcher" });
  });

  it('SubagentStop compares if with "": a pattern that needs text never fires', async () => {
    const { runner, dir } = runnerFor({
      SubagentStop: [
        { type: "command", matcher: "reviewer", if: "/reviewer/", command: "touch with-if" },
        { type: "command", matcher: "reviewer", if: "/^$/", command: "touch empty-if" },
      ],
    });
    runner.subagentStop({ agent: "reviewer" });
    await runner.close();
    expect(existsSync(join(dir, "with-if"))).toBe(false);
    expect(existsSync(join(dir, "empty-if"))).toBe(true);
  });

  it("a regex matcher is an unanchored search; an exact one must equal the whole name", async () => {
    const { runner, dir } = runnerFor({
      PreToolUse: [
        { type: "command", matcher: "/as/", command: "touch regex" },
        { type: "command", matcher: "bas", command: "touch exact-prefix" },
        { type: "command", matcher: "BASH", command: "touch exact-case" },
      ],
    });
    await callTool(runner, bashTool, { command: "ls" });
    expect(existsSync(join(dir, "regex"))).toBe(true);
    expect(existsSync(join(dir, "exact-prefix"))).toBe(false);
    expect(existsSync(join(dir, "exact-case"))).toBe(true);
  });
});

describe("§5 payload: fields that do not apply are omitted", () => {
  it("SubagentStop carries exactly the common fields and the agent's name", async () => {
    const { runner, dir } = runnerFor({ SubagentStop: [{ type: "command", command: "cat > p.json" }] });
    runner.subagentStop({ agent: "tester" });
    await runner.close();
    expect(readJson(join(dir, "p.json"))).toEqual({
      event: "SubagentStop",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      agent: "tester",
    });
  });

  it("SessionEnd carries exactly the common fields", async () => {
    const { runner, dir } = runnerFor({ SessionEnd: [{ type: "command", command: "cat > p.json" }] });
    runner.sessionEnd();
    await runner.close();
    expect(readJson(join(dir, "p.json"))).toEqual({
      event: "SessionEnd",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
    });
  });
});
