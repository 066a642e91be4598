/**
 * The built `codebot` with Claude Code's `if` on a hook: the guard runs only for the tool calls its
 * permission rule matches, `hooks list` shows the rule, and a rule that does not parse is an
 * error that `hooks validate` reports and that keeps a one-shot run from starting without it.
 */
import type { RecordedRequest } from "@codebot/agentcore/testing";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const pushGuard = (ifRule: string) => ({
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", if: ifRule, command: "echo 'git push is blocked' >&2; exit 2" }],
      },
    ],
  },
});

/** The text of each tool result the model was sent in `request`, by tool_use_id. */
function toolResults(request: RecordedRequest | undefined): Record<string, string> {
  const results: Record<string, string> = {};
  const messages = (request?.body?.messages ?? []) as { content?: unknown }[];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Record<string, unknown>[])
      if (block.type === "tool_result") results[String(block.tool_use_id)] = String(block.content);
  }
  return results;
}

describe("codebot with a Claude Code hook's if", () => {
  it("a guard with if Bash(git push *) blocks git push, in a compound command too, and lets every other command run", async () => {
    const box = sandbox();
    const settings = box.json("s.json", pushGuard("Bash(git push *)"));
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "echo hi" }, "c1"),
        toolCall("bash", { command: "ls && echo x" }, "c2"),
        toolCall("bash", { command: "git push origin main" }, "c3"),
        toolCall("bash", { command: "ls && git push" }, "c4"),
      ),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--permission-mode", "bypassPermissions", "--settings", settings, "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    expect(toolResults(server.requests[1])).toEqual({
      c1: "hi",
      c2: "s.json\nx",
      c3: "hook: git push is blocked",
      c4: "hook: git push is blocked",
    });
    expect(r.stderr).not.toContain("warning");
  });

  it("hooks list shows the if as a permission rule", async () => {
    const box = sandbox();
    const settings = box.json("s.json", pushGuard("Bash(git push *)"));
    const r = await runCli(["hooks", "list", "--settings", settings, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "matcher: exact list: Bash (case-sensitive, aliases) on tool name · if: Bash(git push *) (permission rule) · blocking: yes (Claude Code rules)",
    );
  });

  it("an if that does not parse is an error: hooks validate names it, and -p refuses to start without the guard", async () => {
    const box = sandbox();
    const settings = box.json("s.json", pushGuard("Bash(git push *"));
    const validate = await runCli(["hooks", "validate", "--settings", settings, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain(
      `error: ${settings}: hooks.PreToolUse[0].hooks[0].if: permission rule "Bash(git push *": expected "Tool" or "Tool(specifier)"; the hook is not loaded`,
    );
    const server = await modelServer([reply.text("never asked")]);
    const run = await runCli(["-p", "go", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('permission rule "Bash(git push *"');
    expect(server.requests).toHaveLength(0);
  });
});
