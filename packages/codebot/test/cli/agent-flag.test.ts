/**
 * `--agent <name>` (Claude Code's flag, as claude 2.1.328 does it): the session itself runs as
 * that custom agent — its instructions, its tools, its model unless `--model` chose one, its hooks
 * (its Stop as Stop) — and every hook payload carries `agent_type`.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const REVIEWER = JSON.stringify({
  reviewer: {
    description: "Reviews code",
    prompt: "You are REVIEWER-MAIN.",
    tools: ["Read", "Grep"],
    model: "claude-haiku-4-5",
    hooks: { Stop: [{ hooks: [{ type: "command", command: "echo AGENT-STOP >> hooks.log" }] }] },
  },
});

function request(server: Awaited<ReturnType<typeof modelServer>>, i: number) {
  const body = server.requests[i]?.body as { model: string; system?: unknown; tools: { name: string }[] };
  return {
    model: body.model,
    system: JSON.stringify(body.system ?? []),
    tools: body.tools.map((t) => t.name),
  };
}

describe("--agent", () => {
  it("runs the session as the agent: its instructions, tools and model; the init line says so", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("reviewed")]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--agents",
        REVIEWER,
        "--agent",
        "reviewer",
        "--output-format",
        "stream-json",
        "--verbose",
      ],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    expect(r.code, r.stderr).toBe(0);
    const sent = request(server, 0);
    expect(sent.system).toContain("You are REVIEWER-MAIN.");
    expect(sent.tools.sort()).toEqual(["grep", "read"]);
    expect(sent.model).toBe("claude-haiku-4-5");
    const init = JSON.parse(r.stdout.split("\n")[0] as string);
    expect(init).toMatchObject({ model: "claude-haiku-4-5", tools: ["Read", "Grep"] });
  });

  it("in an interactive session /model names the agent's model", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const r = await runCli(["--agents", REVIEWER, "--agent", "reviewer"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
      input: "/model\n",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("model: anthropic/claude-haiku-4-5");
  });

  it("an interactive session's banner names the agent, not a model the agent may replace", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const r = await runCli(["--agents", REVIEWER, "--agent", "reviewer"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
      input: "/exit\n",
    });
    expect(r.code, r.stderr).toBe(0);
    const banner = r.stdout.split("\n")[0];
    expect(banner).toMatch(/^codebot \S+ · agent reviewer · /);
    expect(banner).not.toContain("claude-sonnet-4-5");
  });

  it("/agents lists the custom agents, with where each came from, its model and the one the session runs as", async () => {
    const box = sandbox();
    box.write(
      ".claude/agents/helper.md",
      "---\nname: helper\ndescription: Helps with chores\n---\nYou help.\n",
    );
    const server = await modelServer([]);
    const r = await runCli(["--agents", REVIEWER, "--agent", "reviewer"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
      input: "/agents\n",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      [
        "  reviewer  (--agents, claude-haiku-4-5) · the session runs as this agent",
        "      Reviews code",
        "  helper  (project, the session's model)",
        "      Helps with chores",
      ].join("\n"),
    );
  });

  it("--model wins over the agent's model", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("reviewed")]);
    const r = await runCli(
      ["-p", "go", "--agents", REVIEWER, "--agent", "reviewer", "--model", "anthropic/claude-sonnet-4-5"],
      { env: modelEnv(server, box.home), cwd: box.project },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(request(server, 0).model).toBe("claude-sonnet-4-5");
  });

  it("hook payloads carry agent_type, and the agent's own Stop hook runs at the session's stop", async () => {
    const box = sandbox();
    const log = "cat >> payloads.jsonl; echo >> payloads.jsonl";
    const settings = box.json("s.json", {
      hooks: { UserPromptSubmit: [{ hooks: [command(log)] }], Stop: [{ hooks: [command(log)] }] },
    });
    const server = await modelServer([reply.text("reviewed")]);
    const r = await runCli(
      ["-p", "go", "--agents", REVIEWER, "--agent", "reviewer", "--settings", settings],
      {
        env: modelEnv(server, box.home),
        cwd: box.project,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const payloads = fs
      .readFileSync(box.at("payloads.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l));
    expect(payloads.map((p) => [p.hook_event_name, p.agent_type])).toEqual([
      ["UserPromptSubmit", "reviewer"],
      ["Stop", "reviewer"],
    ]);
    expect(fs.readFileSync(box.at("hooks.log"), "utf8")).toBe("AGENT-STOP\n");
  });

  it("an agent that does not exist is one line naming the agents there are, before anything runs", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const r = await runCli(["-p", "go", "--agents", REVIEWER, "--agent", "nosuch"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("codebot: --agent 'nosuch' not found. Available agents: reviewer\n");
    expect(server.requests).toEqual([]);
  });
});
