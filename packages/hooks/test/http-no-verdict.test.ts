/**
 * An http PreToolUse hook that failed or timed out and let its call go ahead is reported as
 * "no verdict" (claude 2.1.328's `hook_no_verdict` line): once per hook, and never for a run
 * that decided something or refused the call.
 */
import { describe, expect, it } from "vitest";
import { createHttpExecutor, type HookNoVerdict } from "../src/index.js";
import { loopbackServers, type Responder, respondWith } from "./http-loopback.js";
import { bashTool, callTool, runnerFor } from "./support.js";

const startServer = loopbackServers();

async function guard(
  answer: string | Responder,
  status = 200,
  entry: Record<string, unknown> = {},
  event = "PreToolUse",
) {
  const target = await startServer(typeof answer === "string" ? respondWith(answer, status) : answer);
  const noVerdicts: HookNoVerdict[] = [];
  const hooks = {
    [event]: [{ matcher: "Bash", hooks: [{ type: "http", url: `${target.origin}/check`, ...entry }] }],
  };
  const executors = { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) };
  const { runner } = runnerFor(hooks, { executors, onNoVerdict: (n) => noVerdicts.push(n) });
  return { runner, noVerdicts };
}

describe("an http PreToolUse hook that gave no verdict", () => {
  it("is reported with the call it let through, once per hook", async () => {
    const { runner, noVerdicts } = await guard("OK");
    await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    await callTool(runner, bashTool, { command: "pwd" }, { id: "call-2" });
    expect(noVerdicts).toEqual([{ toolUseId: "call-1", timedOut: false }]);
  });

  it("is reported for an error status too", async () => {
    const { runner, noVerdicts } = await guard("{}", 500);
    await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(noVerdicts).toEqual([{ toolUseId: "call-1", timedOut: false }]);
  });

  it("says so when the hook timed out", async () => {
    const never: Responder = () => {};
    const { runner, noVerdicts } = await guard(never, 200, { timeout: 1 });
    const { executed } = await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(executed).toHaveLength(1);
    expect(noVerdicts).toEqual([{ toolUseId: "call-1", timedOut: true }]);
  });

  it("is not reported when the failure refused the call (onError: block)", async () => {
    const { runner, noVerdicts } = await guard("OK", 200, { onError: "block" });
    const { executed } = await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(executed).toEqual([]);
    expect(noVerdicts).toEqual([]);
  });

  it("is not reported for an answer that decided (an empty JSON object allows)", async () => {
    const { runner, noVerdicts } = await guard("{}");
    await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(noVerdicts).toEqual([]);
  });

  it("is not reported for another event's failed hook", async () => {
    const { runner, noVerdicts } = await guard("{}", 500, {}, "PostToolUse");
    await callTool(runner, bashTool, { command: "ls" }, { id: "call-1" });
    expect(noVerdicts).toEqual([]);
  });
});
