/**
 * `--agents <json-or-file>` (Claude Code's flag): custom sub-agents for this session, chosen by
 * the agent tool's `subagent_type`; they win a name clash with the project's and the user's.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const REVIEWER = JSON.stringify({
  reviewer: { description: "Reviews code", prompt: "You are REVIEWER-FROM-FLAG.", tools: ["Read"] },
});

/** The system prompt and tool names of a recorded Anthropic request. */
function requestOf(server: Awaited<ReturnType<typeof modelServer>>, i: number) {
  const body = server.requests[i]?.body as { system?: { text: string }[]; tools: { name: string }[] };
  return { system: JSON.stringify(body.system ?? []), tools: body.tools.map((t) => t.name) };
}

/** `-p go --agents <agents>` in `box`, against a model that has the reviewer review once, then ends. */
async function runWithReviewer(box: Sandbox, agents: string) {
  const server = await modelServer([
    reply.toolCall("agent", { subagent_type: "reviewer", prompt: "review it" }),
    reply.text("reviewed"),
    reply.text("main done"),
  ]);
  const r = await runCli(["-p", "go", "--agents", agents], {
    env: modelEnv(server, box.home),
    cwd: box.project,
  });
  return { server, r };
}

describe("--agents", () => {
  it("defines a sub-agent: the agent tool offers it, and it runs with its prompt and tools", async () => {
    const box = sandbox();
    const { server, r } = await runWithReviewer(box, REVIEWER);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("Reviews code");
    const sub = requestOf(server, 1);
    expect(sub.system).toContain("You are REVIEWER-FROM-FLAG.");
    expect(sub.tools).toEqual(["read"]);
  });

  it("wins over a project agent of the same name, which is reported as shadowed", async () => {
    const box = sandbox();
    box.write(
      ".claude/agents/reviewer.md",
      "---\nname: reviewer\ndescription: the project's\n---\nYou are PROJECT.\n",
    );
    const { server, r } = await runWithReviewer(box, REVIEWER);
    expect(r.code, r.stderr).toBe(0);
    expect(requestOf(server, 1).system).toContain("You are REVIEWER-FROM-FLAG.");
    expect(r.stderr).toContain(
      "agent: reviewer is also defined in --agents, which wins; this one is not used",
    );
  });

  it("reads a file holding the JSON", async () => {
    const box = sandbox();
    const file = box.write("agents.json", REVIEWER);
    const { server, r } = await runWithReviewer(box, file);
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(server.requests[1])).toContain("review it");
    expect(requestOf(server, 1).system).toContain("You are REVIEWER-FROM-FLAG.");
  });

  it("an agent that cannot be used is refused before anything runs, naming it; unknown keys are warned about", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const env = modelEnv(server, box.home);
    const noPrompt = await runCli(["-p", "go", "--agents", '{"x": {"description": "d"}}'], {
      env,
      cwd: box.project,
    });
    expect(noPrompt.code).toBe(1);
    expect(noPrompt.stderr).toBe(
      'codebot: --agents: x: has no "prompt" (its instructions); agent not loaded\n',
    );
    const notJson = await runCli(["-p", "go", "--agents", "{nope"], { env, cwd: box.project });
    expect(notJson.stderr).toMatch(/^codebot: --agents is not valid JSON: /);
    expect(server.requests).toEqual([]);
    const odd = await runCli(
      ["-p", "go", "--agents", '{"x": {"description": "d", "prompt": "p", "colour": "red"}}'],
      { env, cwd: box.project },
    );
    expect(odd.code, odd.stderr).toBe(0);
    expect(odd.stderr).toContain('codebot: --agents: x: unknown JSON key "colour"; ignored');
  });
});
