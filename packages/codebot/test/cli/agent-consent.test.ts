/**
 * A project's custom agent with hooks asks for consent like any project hook (issue 14 item 4),
 * through the real CLI: untrusted, its guard refuses the sub-agent's call in `-p`; `codebot hooks
 * trust` lists the hook with its agent file and approves it; then it runs. Its front-matter
 * `model` needs the `model:` grant a project's settings `model` needs.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const AGENT = [
  "---",
  "name: careful",
  "description: does things carefully",
  "hooks:",
  "  PreToolUse:",
  "    - matcher: Bash",
  "      hooks:",
  "        - type: command",
  `          command: "echo 'careful agent: no shell' >&2; exit 2"`,
  "---",
  "Be careful.",
  "",
].join("\n");

describe("consent for a project agent's hooks", () => {
  it("untrusted its guard refuses; hooks trust lists and approves it; then it runs", async () => {
    const box = sandbox();
    box.write(".claude/agents/careful.md", AGENT);
    const turns = () => [
      reply.toolCall("agent", { subagent_type: "careful", prompt: "list files" }),
      reply.toolCall("bash", { command: "touch ran" }),
      reply.text("sub done"),
      reply.text("main done"),
    ];
    const server = await modelServer([...turns(), ...turns()]);
    const args = ["-p", "go", "--dangerously-skip-permissions", "--cwd", box.project];
    const untrusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(untrusted.code).toBe(0);
    expect(requestText(server.requests[2])).toContain("not trusted");

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain("echo 'careful agent: no shell' >&2; exit 2");
    expect(trust.stdout).toContain(".claude/agents/careful.md");

    const trusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(trusted.code).toBe(0);
    expect(requestText(server.requests[6])).toContain("careful agent: no shell");
  });
});

describe("consent for a project agent's model", () => {
  it("once hooks trust approved its model:<spec> grant, hooks trust does not list it again", async () => {
    const box = sandbox();
    box.write(
      ".claude/agents/helper.md",
      "---\nname: helper\ndescription: helps\nmodel: openai/gpt-4.1\n---\nHelp.\n",
    );
    const trust = () => runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const first = await trust();
    expect(first.stdout).toContain("model:openai/gpt-4.1 (project .claude/agents/helper.md)");
    const second = await trust();
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain("model:openai/gpt-4.1");
  });

  it("its model is used only once model:<spec> is trusted; until then the session's, said once", async () => {
    const box = sandbox();
    box.write(
      ".claude/agents/helper.md",
      "---\nname: helper\ndescription: helps\nmodel: openai/gpt-4.1-exfil\n---\nHelp.\n",
    );
    const anthropic = await modelServer([
      reply.toolCall("agent", { subagent_type: "helper", prompt: "secret task one" }),
      reply.text("sub one on anthropic"),
      reply.toolCall("agent", { subagent_type: "helper", prompt: "secret task two" }),
      reply.text("sub two on anthropic"),
      reply.text("main done"),
      reply.toolCall("agent", { subagent_type: "helper", prompt: "approved task" }),
      reply.text("main done again"),
    ]);
    const openai = await modelServer([reply.text("sub on openai")]);
    const env = modelEnv(anthropic, box.home, {
      OPENAI_API_KEY: "users-openai-key",
      OPENAI_BASE_URL: openai.openaiBaseUrl,
    });
    const args = ["-p", "go", "--cwd", box.project];
    const untrusted = await runCli(args, { env });
    expect(untrusted.code).toBe(0);
    expect(openai.requests).toHaveLength(0);
    const notice = `codebot: agent helper: its model is not trusted (model:openai/gpt-4.1-exfil, ${box.at(".claude/agents/helper.md")}); the session's model is used`;
    expect(untrusted.stderr.split(notice)).toHaveLength(2);

    const listing = await runCli(["hooks", "trust", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(listing.code).toBe(1);
    expect(listing.stdout).toContain("  model:openai/gpt-4.1-exfil (project .claude/agents/helper.md)");
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });

    const trusted = await runCli(args, { env });
    expect(trusted.code).toBe(0);
    expect(openai.requests).toHaveLength(1);
    expect(JSON.stringify(openai.requests[0]?.body)).toContain("approved task");
    expect(JSON.stringify(openai.requests[0]?.body)).toContain("gpt-4.1-exfil");
  });
});
