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

/** The first request a `-p` run with these flags sends (on claude-sonnet-4-5 unless they name a model), and its stderr. */
async function firstRequest(flags: string[]) {
  const box = sandbox();
  const server = await modelServer([reply.text("one")]);
  const r = await runCli(["-p", "hi", "--model", "claude-sonnet-4-5", ...flags, "--cwd", box.project], {
    env: modelEnv(server, box.home),
  });
  expect(r.code, r.stderr).toBe(0);
  expect(server.requests).toHaveLength(1);
  return { request: server.requests[0], stderr: r.stderr };
}

/** The `thinking` of the first request a `-p` run with these flags sends. */
async function thinkingSent(flags: string[]): Promise<unknown> {
  return ((await firstRequest(flags)).request?.body as { thinking?: unknown } | undefined)?.thinking;
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

describe("--thinking-display", () => {
  const opus46 = ["--model", "claude-opus-4-6"];
  const betasOf = (request: Awaited<ReturnType<typeof firstRequest>>["request"]) =>
    request?.headers["anthropic-beta"]?.split(",") ?? [];

  it("summarized asks adaptive thinking for summaries, without the updates beta, as claude sends it", async () => {
    const { request } = await firstRequest([...opus46, "--thinking-display", "summarized"]);
    expect(request?.body?.thinking).toEqual({ type: "adaptive", display: "summarized" });
    expect(betasOf(request)).not.toContain("thinking-display-updates-2026-08-18");
  });

  it("omitted changes nothing on the wire: claude sends its updates", async () => {
    const { request, stderr } = await firstRequest([...opus46, "--thinking-display", "omitted"]);
    expect(request?.body?.thinking).toEqual({ type: "adaptive", display: "updates" });
    expect(stderr).toBe("");
  });

  it("highlights is not sent, and a line says so", async () => {
    const { request, stderr } = await firstRequest([...opus46, "--thinking-display", "highlights"]);
    expect(request?.body?.thinking).toEqual({ type: "adaptive", display: "updates" });
    expect(stderr).toContain("--thinking-display highlights is not sent");
  });

  it("another value is refused in one line naming the choices, as claude refuses it", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--thinking-display", "bogus", "--cwd", box.project], {
      env: { HOME: box.home },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      "argument 'bogus' is invalid. Allowed choices are summarized, omitted, highlights.",
    );
  });
});
