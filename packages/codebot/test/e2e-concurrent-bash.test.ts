/**
 * Bash lines that only read run together within a model's batch, as claude 2.1.328 runs them
 * (recorded: three `sleep 1` calls took 1 s, each PreToolUse hook fired before the first
 * PostToolUse); a line that writes, or moves the shell's directory, runs alone between the groups
 * of its neighbours. Real session, real bash, real hooks: the hooks' log shows the overlap.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession, toolResultFor } from "./support/e2e.js";

const logged = (what: string) =>
  command(`id=$(sed -n 's/.*"tool_use_id":"\\([^"]*\\)".*/\\1/p'); echo "${what} $id" >> hooks.log`);

const hooks = {
  hooks: {
    PreToolUse: [{ matcher: "bash", hooks: [logged("pre")] }],
    PostToolUse: [{ matcher: "bash", hooks: [logged("post")] }],
  },
};

function hookLog(at: (rel: string) => string): string[] {
  return fs.readFileSync(at("hooks.log"), "utf8").trim().split("\n");
}

/**
 * A session whose model makes these bash calls (`[id, command]`) in one batch, then answers; run
 * to its end. `before` prepares the project first.
 */
async function batchRun(
  calls: [string, string][],
  options: {
    env?: Record<string, string>;
    project?: unknown;
    before?: (at: (rel: string) => string) => void;
  } = {},
) {
  const s = await startSession({
    user: hooks,
    ...(options.project ? { project: options.project } : {}),
    script: [
      reply.turn({ toolCalls: calls.map(([id, command]) => toolCall("bash", { command }, id)) }),
      reply.text("done"),
    ],
    ...(options.env ? { runtime: { env: options.env } } : {}),
  });
  options.before?.(s.at);
  expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
  await s.runtime.close();
  return s;
}

describe("bash calls of one batch", () => {
  it("lines that only read run together: every PreToolUse before the first PostToolUse, results in the model's order", async () => {
    const s = await batchRun([
      ["b1", "echo one; sleep 1"],
      ["b2", "echo two; sleep 1"],
      ["b3", "echo three; sleep 1"],
    ]);
    expect(hookLog(s.at).slice(0, 3).sort()).toEqual(["pre b1", "pre b2", "pre b3"]);
    expect(hookLog(s.at).slice(3).sort()).toEqual(["post b1", "post b2", "post b3"]);
    expect(toolResultFor(s.model, "b1")?.text).toContain("one");
    expect(toolResultFor(s.model, "b2")?.text).toContain("two");
    expect(toolResultFor(s.model, "b3")?.text).toContain("three");
  });

  it("a line that writes runs alone, after the reads before it and before the ones after it", async () => {
    const s = await batchRun([
      ["r1", "sleep 0.5"],
      ["r2", "sleep 0.5"],
      ["w", "echo x > written.txt"],
      ["r3", "cat written.txt"],
    ]);
    const log = hookLog(s.at);
    expect(log.slice(0, 2).sort()).toEqual(["pre r1", "pre r2"]);
    expect(log.slice(2, 4).sort()).toEqual(["post r1", "post r2"]);
    expect(log.slice(4)).toEqual(["pre w", "post w", "pre r3", "post r3"]);
    expect(toolResultFor(s.model, "r3")?.text).toContain("x");
  });

  it("a cd line runs alone: the next line starts where it went", async () => {
    const s = await batchRun(
      [
        ["r1", "sleep 0.5"],
        ["cd", "cd sub"],
        ["r2", "pwd"],
      ],
      { before: (at) => fs.mkdirSync(at("sub")) },
    );
    expect(hookLog(s.at)).toEqual(["pre r1", "post r1", "pre cd", "post cd", "pre r2", "post r2"]);
    expect(toolResultFor(s.model, "r2")?.text).toContain(s.at("sub"));
  });

  it("CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY=1 runs them one after another; a value that is not a number is said", async () => {
    const two: [string, string][] = [
      ["r1", "sleep 0.5"],
      ["r2", "sleep 0.5"],
    ];
    const one = await batchRun(two, { env: { CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: "1" } });
    expect(hookLog(one.at)).toEqual(["pre r1", "post r1", "pre r2", "post r2"]);

    const bad = await batchRun(two, { env: { CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: "two" } });
    expect(bad.notices).toContain(
      "codebot: CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY=two is not a whole number from 1; 10 is used",
    );
    expect(hookLog(bad.at).slice(0, 2).sort()).toEqual(["pre r1", "pre r2"]);
  });

  it("a project's CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY waits for approval, as any project env variable", async () => {
    const s = await batchRun(
      [
        ["r1", "sleep 0.5"],
        ["r2", "sleep 0.5"],
      ],
      { project: { env: { CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: "1" } } },
    );
    expect(s.notices.join("\n")).toContain("env:CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY=1");
    expect(hookLog(s.at).slice(0, 2).sort()).toEqual(["pre r1", "pre r2"]);
  });
});
