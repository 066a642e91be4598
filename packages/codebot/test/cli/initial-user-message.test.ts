/**
 * A SessionStart hook's `initialUserMessage` in `codebot -p`: claude 2.1.328 `-p` (checked by
 * running it) sends it as a prompt of its own, answered, before the prompt given; UserPromptSubmit
 * fires for each, and each answer is printed.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

function setup() {
  const box = sandbox();
  const output = JSON.stringify({
    hookSpecificOutput: { hookEventName: "SessionStart", initialUserMessage: "HOOK-FIRST-MESSAGE" },
  });
  const settings = box.json("s.json", {
    hooks: {
      SessionStart: [{ hooks: [command(`echo '${output}'`)] }],
      UserPromptSubmit: [{ hooks: [command("jq -c .prompt >> prompts.jsonl")] }],
    },
  });
  const args = ["--settings", settings, "--cwd", box.project, "--permission-mode", "bypassPermissions"];
  return { box, args };
}

describe("SessionStart's initialUserMessage in -p", () => {
  it("is sent and answered before the prompt given; UserPromptSubmit sees both; both answers are printed", async () => {
    const { box, args } = setup();
    const server = await modelServer([reply.text("first answer"), reply.text("second answer")]);
    const r = await runCli(["-p", "GIVEN-PROMPT", ...args], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("first answer\nsecond answer\n");
    expect(server.requests).toHaveLength(2);
    expect(requestText(server.requests[0])).toContain("HOOK-FIRST-MESSAGE");
    expect(requestText(server.requests[0])).not.toContain("GIVEN-PROMPT");
    const second = requestText(server.requests[1]);
    expect(second.indexOf("HOOK-FIRST-MESSAGE")).toBeLessThan(second.indexOf("first answer"));
    expect(second.indexOf("first answer")).toBeLessThan(second.indexOf("GIVEN-PROMPT"));
    const prompts = fs
      .readFileSync(box.at("prompts.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(prompts).toEqual(["HOOK-FIRST-MESSAGE", "GIVEN-PROMPT"]);
  });

  it("--output-format json prints one result object, the given prompt's", async () => {
    const { box, args } = setup();
    const server = await modelServer([reply.text("first answer"), reply.text("second answer")]);
    const r = await runCli(["-p", "GIVEN-PROMPT", "--output-format", "json", ...args], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ type: "result", result: "second answer" });
  });

  it("--output-format json: total_cost_usd and modelUsage count both prompts, usage the given one's (claude 2.1.328)", async () => {
    const { box, args } = setup();
    const used = (inputTokens: number, outputTokens: number) => ({
      usage: { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    const server = await modelServer([
      { ...reply.text("first answer"), ...used(10_000, 0) },
      { ...reply.text("second answer"), ...used(20_000, 0) },
    ]);
    const r = await runCli(["-p", "GIVEN-PROMPT", "--output-format", "json", ...args], {
      env: modelEnv(server, box.home),
    });
    const result = JSON.parse(r.stdout);
    expect(result.usage.input_tokens).toBe(20_000);
    expect(result.modelUsage["claude-sonnet-4-5"].inputTokens).toBe(30_000);
    // Claude Sonnet 4.5's list price, $3 per million input tokens.
    expect(result.total_cost_usd).toBe(0.09);
  });

  it("--output-format stream-json: the first prompt's result line comes before the second prompt's answer", async () => {
    const { box, args } = setup();
    const server = await modelServer([reply.text("first answer"), reply.text("second answer")]);
    const r = await runCli(["-p", "GIVEN-PROMPT", "--output-format", "stream-json", "--verbose", ...args], {
      env: modelEnv(server, box.home),
    });
    const lines = r.stdout.split("\n").filter((l) => l.trim());
    const firstResult = lines.findIndex((l) => JSON.parse(l).type === "result");
    const secondAnswer = lines.findIndex(
      (l) => JSON.parse(l).type === "assistant" && l.includes("second answer"),
    );
    expect(firstResult).toBeGreaterThan(-1);
    expect(secondAnswer).toBeGreaterThan(firstResult);
  });

  it("--output-format stream-json has a result line per prompt, each with its result_index", async () => {
    const { box, args } = setup();
    const server = await modelServer([reply.text("first answer"), reply.text("second answer")]);
    const r = await runCli(["-p", "GIVEN-PROMPT", "--output-format", "stream-json", "--verbose", ...args], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    const results = r.stdout
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === "result");
    expect(results.map((l) => l.result)).toEqual(["first answer", "second answer"]);
    expect(results.map((l) => l.result_index)).toEqual([0, 1]);
  });
});
