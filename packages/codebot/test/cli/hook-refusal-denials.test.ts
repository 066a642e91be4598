/**
 * A call a PreToolUse hook refuses is one of the result's `permission_denials`, as in claude
 * 2.1.328 (recorded with kenryu42/claude-code-safety-net's `permissionDecision: "deny"`,
 * ChrisWiles/claude-code-showcase's exit-2 main-branch guard, a legacy `decision: "block"` and an
 * `ask` in `-p`, each listed; a `continue: false` alone was not, a `continue: false` beside a `deny`
 * was). A CI wrapper reading the JSON result learns from it that a guard stopped something.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A guard answering each way Claude Code hooks refuse a call, picked by a word in the command. */
const GUARD = `#!/bin/sh
p=$(cat)
case "$p" in
  *EXIT2*) echo 'no edits on main' >&2; exit 2 ;;
  *DENY*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"BLOCKED by Safety Net"}}' ;;
  *LEGACY*) echo '{"decision":"block","reason":"legacy no"}' ;;
  *ASK*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}' ;;
esac
exit 0
`;

describe("permission_denials of a -p run", () => {
  it("lists the calls PreToolUse hooks refused (exit 2, deny, a legacy block, an ask nobody answers), not those they let run", async () => {
    const box = sandbox();
    const guard = path.join(box.home, ".claude/guard.sh");
    box.write(guard, GUARD);
    fs.chmodSync(guard, 0o755);
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard }] }] },
    });
    const commands = ["echo EXIT2", "echo DENY", "echo fine", "echo LEGACY", "echo ASK"];
    const server = await modelServer([
      ...commands.map((command, i) => reply.toolCall("bash", { command }, `b-${i}`)),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--output-format", "json", "--allowedTools", "Bash", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).permission_denials).toEqual(
      [0, 1, 3, 4].map((i) => ({
        tool_name: "Bash",
        tool_use_id: `b-${i}`,
        tool_input: { command: commands[i] },
      })),
    );
  });

  it("lists a call whose hook denied it and ended the run (`continue: false` beside the deny), and the model's result keeps the deny's reason", async () => {
    // kogitore/claude-code-hooks-herald's policy deny: claude 2.1.328 refused the call, listed it,
    // gave its model `PreToolUse:Bash hook error: <reason>`, and ended the run (`hook_stopped`).
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              {
                type: "command",
                command: `echo '{"continue":false,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Dangerous command pattern"}}'`,
              },
            ],
          },
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "rm -rf /x" }, "b-0"),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const result = lines.find((line) => line.type === "result");
    expect(result.terminal_reason).toBe("hook_stopped");
    expect(result.permission_denials).toEqual([
      { tool_name: "Bash", tool_use_id: "b-0", tool_input: { command: "rm -rf /x" } },
    ]);
    const toolResult = lines.find((line) => line.type === "user").message.content[0];
    expect(toolResult).toMatchObject({
      tool_use_id: "b-0",
      is_error: true,
      content: "hook: Dangerous command pattern",
    });
    expect(server.requests).toHaveLength(1);
  });
});
