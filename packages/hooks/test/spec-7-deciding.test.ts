/** HOOKS.md §7.1–§7.3 (interpreting a run, hard and soft decisions) with real hook processes. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHttpExecutor } from "../src/index.js";
import { loopbackServers, respondWith } from "./http-loopback.js";
import { bashTool, callTool, runnerFor, tempDir } from "./support.js";

const guard = (command: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  blocking: true,
  command,
  ...extra,
});

const startServer = loopbackServers();

describe("§7.1 a failed run's JSON decision fields still count", () => {
  it("a blocking hook that exits 1 after printing a JSON block blocks with the JSON reason", async () => {
    const { runner, traces } = runnerFor({
      PreToolUse: [guard(`echo '{"block":true,"reason":"policy says no"}'; echo crash >&2; exit 1`)],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(result).toEqual({ content: "hook: policy says no", isError: true });
    expect(executed).toEqual([]);
    expect(traces[0]).toMatchObject({ outcome: "failed", exitCode: 1 });
  });

  it("a blocking hook that times out after printing a JSON block still blocks", async () => {
    const { runner, traces } = runnerFor({
      PreToolUse: [guard(`echo '{"block":true,"reason":"decided early"}'; sleep 30`, { timeout: 0.5 })],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "ls" } });
    expect(decision).toMatchObject({ kind: "block", reason: "decided early" });
    expect(traces[0]?.outcome).toBe("timed out");
  });

  it("a failed run's updated_input and additional_context still apply", async () => {
    const out = '{"updated_input":{"command":"pwd"},"additional_context":"rewritten by a flaky hook"}';
    const { runner } = runnerFor({ PreToolUse: [{ type: "command", command: `echo '${out}'; exit 3` }] });
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed.map((c) => c.args)).toEqual([{ command: "pwd" }]);
    expect(result.content).toContain("ran: pwd");
    expect(result.content).toContain("rewritten by a flaky hook");
  });

  it("an http hook answering 500 with a block body blocks (the status fails the run, the body counts)", async () => {
    const target = await startServer(respondWith('{"block":true,"reason":"server veto"}', 500));
    const { runner, traces } = runnerFor(
      { PreToolUse: [{ type: "http", blocking: true, url: `${target.origin}/check` }] },
      { executors: { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) } },
    );
    const { result } = await callTool(runner, bashTool, { command: "ls" });
    expect(result).toEqual({ content: "hook: server veto", isError: true });
    expect(traces[0]?.outcome).toBe("failed");
    expect(target.requests).toHaveLength(1);
  });
});

describe("§7.1 updated_input must be a JSON object", () => {
  for (const [what, value] of [
    ["a string", '"rm -rf /"'],
    ["a number", "7"],
  ] as const) {
    it(`an updated_input that is ${what} is ignored and the original arguments run`, async () => {
      const { runner } = runnerFor({
        PreToolUse: [{ type: "command", command: `echo '{"updated_input":${value}}'` }],
      });
      const { executed } = await callTool(runner, bashTool, { command: "ls" });
      expect(executed.map((c) => c.args)).toEqual([{ command: "ls" }]);
    });
  }
});

describe("§7.1 block reason precedence", () => {
  it("exit 2: the JSON reason beats stderr", async () => {
    const { runner } = runnerFor({
      PreToolUse: [guard(`echo '{"reason":"from json"}'; echo 'from stderr' >&2; exit 2`)],
    });
    expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
      kind: "block",
      reason: "from json",
    });
  });

  it("exit 2 with a blank JSON reason falls back to the trimmed stderr", async () => {
    const { runner } = runnerFor({
      PreToolUse: [guard(`echo '{"reason":"  "}'; printf '\\n  from stderr  \\n' >&2; exit 2`)],
    });
    expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
      kind: "block",
      reason: "from stderr",
    });
  });

  it("a JSON block with no reason and no stderr is 'blocked by hook'", async () => {
    const { runner } = runnerFor({ PreToolUse: [guard(`echo '{"block":true}'`)] });
    expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
      kind: "block",
      reason: "blocked by hook",
    });
  });
});

describe("§7.2 hard-blocking events", () => {
  it("UserPromptSubmit: the first blocking hook that blocks decides and later hooks never start", async () => {
    const { runner, dir } = runnerFor({
      UserPromptSubmit: [
        { type: "command", command: "touch before" },
        guard("echo 'first veto' >&2; exit 2", { name: "first" }),
        guard("touch after-blocking; exit 2", { name: "second" }),
        { type: "command", command: "touch after-plain" },
      ],
    });
    const decision = await runner.userPromptSubmit({ prompt: "hi" });
    expect(decision).toMatchObject({ kind: "block", reason: "first veto", by: "first" });
    expect(existsSync(join(dir, "before"))).toBe(true);
    expect(existsSync(join(dir, "after-blocking"))).toBe(false);
    expect(existsSync(join(dir, "after-plain"))).toBe(false);
  });

  it("TaskCreated: a non-blocking hook's block is traced, ignored, and later hooks still run", async () => {
    const { runner, dir } = runnerFor({
      TaskCreated: [
        { type: "command", name: "advisory", command: "echo 'i object' >&2; exit 2" },
        { type: "command", command: "touch later-ran" },
      ],
    });
    const decision = await runner.taskCreated({ task: { id: "1", subject: "s", status: "pending" } });
    expect(decision.kind).toBe("allow");
    expect(decision.trace[0]).toMatchObject({
      hook: "advisory",
      decision: { block: true, reason: "i object", ignored: "not a blocking hook" },
    });
    expect(existsSync(join(dir, "later-ran"))).toBe(true);
  });

  it('onError "block" on a non-blocking hook does not veto: only a blocking hook may', async () => {
    const { runner, traces } = runnerFor({
      PreToolUse: [{ type: "command", onError: "block", command: "echo broken >&2; exit 1" }],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(result.isError).toBe(false);
    expect(executed).toHaveLength(1);
    expect(traces[0]?.outcome).toBe("failed");
  });

  it("a later hook's if is matched against the arguments as rewritten so far", async () => {
    const { runner } = runnerFor({
      PreToolUse: [
        { type: "command", command: `echo '{"updated_input":{"command":"rm -rf /"}}'` },
        guard("echo 'rm -rf is not allowed' >&2; exit 2", { if: "/rm -rf/" }),
      ],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(result).toEqual({ content: "hook: rm -rf is not allowed", isError: true });
    expect(executed).toEqual([]);
  });

  it("a rewrite after a guard let the call through is shown to that guard again: it blocks what will really run", async () => {
    const { runner } = runnerFor({
      PreToolUse: [
        guard(`grep -q FORBIDDEN && { echo 'policy: no' >&2; exit 2; }; exit 0`),
        { type: "command", command: `echo '{"updated_input":{"command":"echo FORBIDDEN"}}'` },
      ],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "echo safe" });
    expect(result).toEqual({ content: "hook: policy: no", isError: true });
    expect(executed).toEqual([]);
  });

  it("a guard whose if did not match the call as asked is asked about the rewritten call that it matches", async () => {
    const { runner } = runnerFor({
      PreToolUse: [
        guard("echo 'no rm here' >&2; exit 2", { if: "/rm /" }),
        { type: "command", command: `echo '{"updated_input":{"command":"rm v1"}}'` },
      ],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "echo hi" });
    expect(result).toEqual({ content: "hook: no rm here", isError: true });
    expect(executed).toEqual([]);
  });

  it("a guard shown a rewrite it accepts lets the rewritten call run; without a rewrite it runs once", async () => {
    const dir = tempDir();
    const count = join(dir, "count");
    const counting = guard(`echo x >> '${count}'; exit 0`);
    const rewriting = { type: "command", command: `echo '{"updated_input":{"command":"pwd"}}'` };
    const once = runnerFor({ PreToolUse: [counting] });
    await callTool(once.runner, bashTool, { command: "ls" });
    expect(readFileSync(count, "utf8")).toBe("x\n");
    const twice = runnerFor({ PreToolUse: [counting, rewriting] });
    const { executed } = await callTool(twice.runner, bashTool, { command: "ls" });
    expect(executed.map((c) => c.args)).toEqual([{ command: "pwd" }]);
    expect(readFileSync(count, "utf8")).toBe("x\nx\nx\n");
  });

  it("contexts join with a blank line and a later rewrite replaces an earlier one, blocking or not", async () => {
    const { runner } = runnerFor({
      PreToolUse: [
        guard(`echo '{"updated_input":{"command":"one"},"additional_context":"a"}'`),
        { type: "command", command: `echo '{"updated_input":{"command":"two"},"additional_context":"b"}'` },
      ],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "zero" } });
    expect(decision).toMatchObject({
      kind: "allow",
      updatedInput: { command: "two" },
      context: "a\n\nb",
    });
  });
});

describe("§7.3 soft block (PostStopValidation)", () => {
  it("a validator that blocks with exit 2 gives its stdout as feedback, not its stderr", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [
        { type: "command", command: "echo '  lint: 3 errors  '; echo 'see above' >&2; exit 2" },
      ],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "lint: 3 errors",
    });
  });

  it("a timed-out validator that printed something gives that output as feedback", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [
        { type: "command", timeout: 0.5, command: "echo '2 of 9 suites failed'; sleep 30" },
      ],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "2 of 9 suites failed",
    });
  });

  it("after the first validator that fails, later validators do not run", async () => {
    const { runner, dir } = runnerFor({
      PostStopValidation: [
        { type: "command", name: "tests", command: "echo red; exit 1" },
        { type: "command", name: "lint", command: "touch lint-ran" },
      ],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      by: "tests",
    });
    expect(existsSync(join(dir, "lint-ran"))).toBe(false);
  });
});
