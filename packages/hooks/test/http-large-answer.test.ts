/**
 * A policy endpoint's large answer: read whole up to the cap a Claude Code group's command hook's stdout has (32 MiB;
 * claude 2.1.328 read a 200 KB additionalContext, recorded), and one cut at the cap fails the run
 * with a message that says it was cut, not only that its JSON does not parse.
 */
import { describe, expect, it } from "vitest";
import { CLAUDE_ANSWER_CAP } from "../src/answer-cap.js";
import { createHttpExecutor } from "../src/http-executor.js";
import { loopbackServers, respondWith } from "./http-loopback.js";
import { bashTool, callTool, runnerFor } from "./support.js";

const startServer = loopbackServers();

/** A guard whose endpoint allows with `size` characters of additionalContext. */
async function guardAnswering(size: number) {
  const answer = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      additionalContext: "X".repeat(size),
    },
  };
  const target = await startServer(respondWith(JSON.stringify(answer)));
  const hooks = {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url: `${target.origin}/check` }] }],
  };
  const executors = { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) };
  return runnerFor(hooks, { executors });
}

describe("a large http hook answer", () => {
  it("of 200 KB is read whole and decides", async () => {
    const { runner, traces } = await guardAnswering(200_000);
    await callTool(runner, bashTool, { command: "ls" });
    expect(traces[0]).toMatchObject({ outcome: "allowed", decision: { permission: "allow" } });
    expect(traces[0]?.error).toBeUndefined();
  });

  it("over the cap fails the run, saying it was cut", async () => {
    const { runner, traces, errors } = await guardAnswering(CLAUDE_ANSWER_CAP);
    await callTool(runner, bashTool, { command: "ls" });
    const error =
      "stdout looks like JSON but does not parse: it was longer than codebot reads (32 MiB), so it was cut";
    expect(traces[0]).toMatchObject({ outcome: "failed", error, truncated: ["stdout"] });
    expect(errors).toEqual([expect.stringContaining(error)]);
  });
});
