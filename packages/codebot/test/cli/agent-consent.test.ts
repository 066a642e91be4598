/**
 * A project's custom agent with hooks asks for consent like any project hook (issue 14 item 4),
 * through the real CLI: untrusted, its guard refuses the sub-agent's call in `-p`; `codebot hooks
 * trust` lists the hook with its agent file and approves it; then it runs.
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
