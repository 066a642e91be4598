/**
 * What auto mode's classifier request costs is the session's, as claude 2.1.328 counts its own
 * (recorded): in `total_cost_usd` and `modelUsage`, not in the result's `usage` (the main
 * agent's), and against `--max-budget-usd`, whose limit it can reach before the call it judged runs.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { WRITER } from "../support/auto-mode-session.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** anthropic/claude-sonnet-4-5 is $3 per million input tokens: 10,000 of them are $0.03. */
const costly = { usage: { inputTokens: 10_000, outputTokens: 0 } };

/** The judged call (a cheap step), the classifier's allow (a costly one), then the end of the turn. */
const script = () => [
  reply.toolCall("bash", { command: WRITER }),
  { ...reply.text("<block>no</block>"), ...costly },
  reply.text("done"),
];

const autoJson = ["-p", "go", "--permission-mode", "auto", "--output-format", "json"];

describe("auto mode's classifier's cost", () => {
  it("counts in total_cost_usd and modelUsage, not in the main agent's usage", async () => {
    const box = sandbox();
    const server = await modelServer(script());
    const r = await runCli(autoJson, { cwd: box.project, env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    // Two main steps of 10 input tokens each (the loopback server's default), the classifier's 10,000.
    expect(result.usage.input_tokens).toBe(20);
    expect(Object.values(result.modelUsage)).toEqual([expect.objectContaining({ inputTokens: 10_020 })]);
    expect(result.total_cost_usd).toBeGreaterThanOrEqual(0.03);
  });

  it("reaching --max-budget-usd ends the run before the call it judged runs", async () => {
    const box = sandbox();
    const server = await modelServer(script());
    const r = await runCli([...autoJson, "--max-budget-usd", "0.02"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(1);
    expect(fs.existsSync(box.at("ran.txt"))).toBe(false);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "error_max_budget_usd",
      errors: ["Reached maximum budget ($0.02)"],
    });
  });

  // claude 2.1.328 (recorded, -p, a loopback model, a hook on each of these events): the call its
  // classifier's request spent the budget on fired PreToolUse and nothing after it — no
  // PermissionDenied, no PostToolUse(Failure), no Stop — and was none of `permission_denials`.
  it("reaching --max-budget-usd refuses no call: no PermissionDenied hook fires, permission_denials is empty", async () => {
    const box = sandbox();
    const log = box.at("events.log");
    const logged = { hooks: [{ type: "command", command: `jq -r .hook_event_name >> '${log}'` }] };
    const events = ["PreToolUse", "PermissionDenied", "PostToolUse", "PostToolUseFailure", "Stop"];
    const settings = box.json("s.json", { hooks: Object.fromEntries(events.map((e) => [e, [logged]])) });
    const server = await modelServer(script());
    const r = await runCli([...autoJson, "--max-budget-usd", "0.02", "--settings", settings], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(1);
    expect(fs.readFileSync(log, "utf8")).toBe("PreToolUse\n");
    expect(JSON.parse(r.stdout)).toMatchObject({ subtype: "error_max_budget_usd", permission_denials: [] });
  });

  it("reached by a sub-agent's classifier request, ends the sub-agent's run and then the session's, with no model step more", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { prompt: "write the file" }),
      ...script().slice(0, 2),
      reply.text("the sub-agent would go on"),
      reply.text("the main agent would go on"),
    ]);
    const r = await runCli([...autoJson, "--max-budget-usd", "0.02"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(fs.existsSync(box.at("ran.txt"))).toBe(false);
    // The main step, the sub-agent's step, its classifier's request: nothing after.
    expect(server.requests).toHaveLength(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ subtype: "error_max_budget_usd" });
  });
});
