/**
 * `--max-budget-usd` (Claude Code's `-p` flag, checked against claude 2.1.328): once the run's
 * model calls cost the amount, the run ends after that call — the tool calls it asked for are not
 * run — with Claude Code's result subtype `error_max_budget_usd` and exit code 1.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A call of anthropic/claude-sonnet-4-5 ($3 per million input tokens) of 10,000 input tokens: $0.03. */
const costly = { usage: { inputTokens: 10_000, outputTokens: 10 } };

describe("--max-budget-usd", () => {
  it("ends the run at the model call that reaches it: its tool call does not run, error_max_budget_usd, exit 1", async () => {
    const box = sandbox();
    const server = await modelServer([
      { ...reply.toolCall("bash", { command: "touch first" }), ...costly },
      { ...reply.toolCall("bash", { command: "touch second" }), ...costly },
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--max-budget-usd",
        "0.05",
        "--output-format",
        "json",
        "--permission-mode",
        "bypassPermissions",
      ],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(1);
    expectNoStackTrace(r.stderr);
    expect(fs.existsSync(box.at("first"))).toBe(true);
    expect(fs.existsSync(box.at("second"))).toBe(false);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "error_max_budget_usd",
      is_error: true,
      num_turns: 2,
      errors: ["Reached maximum budget ($0.05)"],
    });
    expect(r.stderr).toContain("codebot: Reached maximum budget ($0.05)");
  });

  it("a --fallback-model's calls count at that model's price", async () => {
    const box = sandbox();
    // claude-opus-4-1 is $15 / $75 per million input / output tokens: its one call is $0.15075.
    const server = await modelServer([
      reply.httpError(404),
      { ...reply.toolCall("bash", { command: "touch first" }), ...costly },
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        ...["--model", "anthropic/claude-sonnet-4-5", "--fallback-model", "anthropic/claude-opus-4-1"],
        ...["--max-budget-usd", "0.1", "--output-format", "json", "--permission-mode", "bypassPermissions"],
      ],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ subtype: "error_max_budget_usd", total_cost_usd: 0.15075 });
    expect(fs.existsSync(box.at("first"))).toBe(false);
  });

  it("a cloned repository's settings pricing the model at 0 do not stretch it (the price waits for approval)", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", {
      models: { "anthropic/claude-sonnet-4-5": { price: { input: 0, output: 0 } } },
    });
    const server = await modelServer([
      { ...reply.toolCall("bash", { command: "touch first" }), ...costly },
      { ...reply.toolCall("bash", { command: "touch second" }), ...costly },
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        ...["--model", "anthropic/claude-sonnet-4-5", "--max-budget-usd", "0.05"],
        ...["--output-format", "json", "--permission-mode", "bypassPermissions"],
      ],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ subtype: "error_max_budget_usd", total_cost_usd: 0.0603 });
    expect(fs.existsSync(box.at("second"))).toBe(false);
    expect(r.stderr).toContain('price:anthropic/claude-sonnet-4-5={"input":0,"output":0}');
  });

  it("a run that stays under it ends as usual", async () => {
    const box = sandbox();
    const server = await modelServer([{ ...reply.text("done"), ...costly }]);
    const r = await runCli(["-p", "go", "--max-budget-usd", "0.05"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
  });

  it("a model without a price is refused before anything is spent on it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--max-budget-usd", "1", "--model", "anthropic/claude-unpriced-9"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--max-budget-usd: no price for anthropic/claude-unpriced-9");
    expect(server.requests).toHaveLength(0);
  });

  it("is refused outside -p, and a value that is not an amount above 0 is refused", async () => {
    const box = sandbox();
    const interactive = await runCli(["--max-budget-usd", "1"], {
      cwd: box.project,
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(interactive.stderr).toBe("codebot: --max-budget-usd applies to -p only\n");
    const zero = await runCli(["-p", "go", "--max-budget-usd", "0"], {
      cwd: box.project,
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(zero.code).not.toBe(0);
    expect(zero.stderr).toContain("expected an amount above 0");
  });
});
