import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Tool } from "@codebot/agentcore";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bashTool, callTool, logOverlap, readJson, runnerFor, waitFor } from "./support.js";

/** A tool that runs until the test lets it finish. */
function heldTool(): { tool: Tool; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tool: Tool = {
    name: "bash",
    description: "waits",
    inputSchema: z.object({ command: z.string() }),
    execute: async () => {
      await held;
      return { content: "done", isError: false };
    },
  };
  return { tool, release };
}

describe("PostToolUse", () => {
  it("is asynchronous: a 2 s hook does not delay the tool result, and close waits for it", async () => {
    const { runner, dir } = runnerFor({
      PostToolUse: [{ type: "command", command: "sleep 2; cat > post.json" }],
    });
    const started = performance.now();
    const { result } = await callTool(runner, bashTool, { command: "ls" });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(result.content).toBe("ran: ls");
    expect(existsSync(join(dir, "post.json"))).toBe(false);
    await runner.close();
    expect(readJson(join(dir, "post.json"))).toMatchObject({ event: "PostToolUse", tool: "bash" });
  });

  it("gets the arguments actually run, the output the model sees and is_error", async () => {
    const { runner, dir } = runnerFor({
      PreToolUse: [{ type: "command", command: `echo '{"updated_input":{"command":"pwd"}}'` }],
      PostToolUse: [{ type: "command", command: "cat > post.json" }],
    });
    await callTool(runner, bashTool, { command: "ls" }, { id: "toolu_9" });
    await runner.close();
    expect(readJson(join(dir, "post.json"))).toEqual({
      event: "PostToolUse",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      tool: "bash",
      tool_use_id: "toolu_9",
      agent: "main",
      args: { command: "pwd" },
      output: "ran: pwd",
      is_error: false,
    });
  });

  it("does not fire for a call that a PreToolUse hook blocked", async () => {
    const { runner, dir } = runnerFor({
      PreToolUse: [{ type: "command", blocking: true, command: "exit 2" }],
      PostToolUse: [{ type: "command", command: "touch post" }],
    });
    await callTool(runner, bashTool, { command: "ls" });
    await runner.close();
    expect(existsSync(join(dir, "post"))).toBe(false);
  });

  it("still completes after the run that fired it is aborted", async () => {
    const { runner, dir } = runnerFor({ PostToolUse: [{ type: "command", command: "sleep 1; touch done" }] });
    const run = new AbortController();
    await callTool(runner, bashTool, { command: "ls" }, { signal: run.signal });
    run.abort();
    await runner.close();
    expect(existsSync(join(dir, "done"))).toBe(true);
  });

  it("close waits for a hanging hook only up to its own timeout", async () => {
    const { runner, traces } = runnerFor({
      PostToolUse: [{ type: "command", command: "sleep 30", timeout: 0.5 }],
    });
    runner.postToolUse({ tool: "bash", toolUseId: "t", args: {}, output: "", isError: false });
    const started = performance.now();
    await runner.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(traces).toMatchObject([{ event: "PostToolUse", outcome: "timed out" }]);
  });

  it("the concurrency cap queues hooks and never drops one", async () => {
    const { runner, dir } = runnerFor(
      { PostToolUse: [{ type: "command", command: "echo s >> log; sleep 0.3; echo e >> log" }] },
      { maxConcurrentAsync: 3 },
    );
    for (let i = 0; i < 12; i++) {
      runner.postToolUse({ tool: "bash", toolUseId: `t${i}`, args: {}, output: "", isError: false });
    }
    await runner.close();
    const { peak, starts, ends } = logOverlap(readFileSync(join(dir, "log"), "utf8"));
    expect(starts).toBe(12);
    expect(ends).toBe(12);
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThanOrEqual(2);
  });

  it("close is idempotent and also waits for hooks fired after a first close", async () => {
    const { runner, dir } = runnerFor({
      Notification: [{ type: "command", command: "sleep 0.3; touch done" }],
    });
    await runner.close();
    await runner.close();
    runner.notification({ message: "x" });
    await Promise.all([runner.close(), runner.close()]);
    expect(existsSync(join(dir, "done"))).toBe(true);
  });

  it("async hooks wait while a tool call is running, and start once none is", async () => {
    const { runner, dir } = runnerFor(
      { Notification: [{ type: "command", command: "touch started" }] },
      { maxAsyncDeferMs: 20_000 },
    );
    const { tool, release } = heldTool();
    const call = callTool(runner, tool, { command: "x" });
    runner.notification({ message: "m" });
    await new Promise((r) => setTimeout(r, 400));
    expect(existsSync(join(dir, "started"))).toBe(false);
    release();
    await call;
    await waitFor(() => existsSync(join(dir, "started")), 15_000, "the deferred hook");
  });

  it("a long tool call delays async hooks no longer than maxAsyncDeferMs", async () => {
    const { runner, dir } = runnerFor(
      { Notification: [{ type: "command", command: "touch started" }] },
      { maxAsyncDeferMs: 200 },
    );
    const { tool, release } = heldTool();
    const call = callTool(runner, tool, { command: "x" });
    runner.notification({ message: "m" });
    await waitFor(() => existsSync(join(dir, "started")), 15_000, "the hook despite the running call");
    release();
    await call;
  });

  it("a firing that cannot be built is reported, not an unhandled rejection", async () => {
    const { runner, errors } = runnerFor({ PostToolUse: [{ type: "command", if: "/x/", command: "true" }] });
    runner.postToolUse({ tool: "bash", toolUseId: "t", args: { n: 1n }, output: "", isError: false });
    await runner.close();
    expect(errors).toEqual([expect.stringMatching(/^hook PostToolUse: .*BigInt/)]);
  });
});
