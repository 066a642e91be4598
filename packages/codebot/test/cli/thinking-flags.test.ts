/**
 * `--max-thinking-tokens` and `--thinking` (what the Agent SDK passes for its `thinking` and
 * `maxThinkingTokens` options), as claude 2.1.328 sends them (recorded against a loopback server on
 * claude-sonnet-4-5; docs/claude-code.md "The Claude Agent SDK").
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { SDK_ARGS, startSdkRun } from "./support/sdk-driver.js";

useBuiltCli();

/** The `thinking` of the first request a `-p` run with these flags sends. */
async function thinkingSent(flags: string[]): Promise<unknown> {
  const box = sandbox();
  const server = await modelServer([reply.text("one")]);
  const r = await runCli(["-p", "hi", "--model", "claude-sonnet-4-5", ...flags, "--cwd", box.project], {
    env: modelEnv(server, box.home),
  });
  expect(r.code, r.stderr).toBe(0);
  expect(server.requests).toHaveLength(1);
  return (server.requests[0]?.body as { thinking?: unknown } | undefined)?.thinking;
}

describe("--max-thinking-tokens and --thinking", () => {
  it("--max-thinking-tokens n sends a thinking budget of n; 0 and --thinking disabled send thinking disabled", async () => {
    expect(await thinkingSent(["--max-thinking-tokens", "3000"])).toEqual({
      type: "enabled",
      budget_tokens: 3000,
    });
    expect(await thinkingSent(["--max-thinking-tokens", "0"])).toEqual({ type: "disabled" });
    expect(await thinkingSent(["--thinking", "disabled"])).toEqual({ type: "disabled" });
  });

  it("--thinking enabled and adaptive leave the model to its own thinking: claude's budget, 31999", async () => {
    const own = { type: "enabled", budget_tokens: 31999 };
    expect(await thinkingSent(["--thinking", "adaptive"])).toEqual(own);
    expect(await thinkingSent(["--thinking", "enabled"])).toEqual(own);
  });

  it("a --max-thinking-tokens that is not a whole number of 0 or more is refused in one line", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--max-thinking-tokens", "-5", "--cwd", box.project], {
      env: { HOME: box.home },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      '--max-thinking-tokens must be a whole number of tokens, 0 or more (got "-5")',
    );
  });

  it("set_max_thinking_tokens null goes back to the start's --max-thinking-tokens", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const run = startSdkRun(
      [...SDK_ARGS, "--model", "claude-sonnet-4-5", "--max-thinking-tokens", "3000", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    const results = (n: number) =>
      waitFor(
        () => run.lines().filter((l) => l.type === "result").length >= n || undefined,
        30_000,
        `result ${n} (${run.cli.stderr()})`,
      );
    await run.request("t1", { subtype: "set_max_thinking_tokens", max_thinking_tokens: 2000 });
    run.say("first");
    await results(1);
    await run.request("t2", { subtype: "set_max_thinking_tokens", max_thinking_tokens: null });
    run.say("second");
    await results(2);
    await run.end();
    expect(server.requests.map((r) => (r.body as { thinking?: unknown }).thinking)).toEqual([
      { type: "enabled", budget_tokens: 2000 },
      { type: "enabled", budget_tokens: 3000 },
    ]);
  });
});
