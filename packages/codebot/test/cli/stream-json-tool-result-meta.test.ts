/**
 * `tool_result_meta` on stream-json's tool result lines: how each call's permission check ended,
 * as claude 2.1.328 writes it (recorded under the Agent SDK 0.3.337 and with `-p`; docs/claude-code.md
 * "The Claude Agent SDK").
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { SDK_ARGS, startSdkRun } from "./support/sdk-driver.js";

useBuiltCli();

/** Each tool result line's call id and its `tool_result_meta` entry, in order. */
function metaOf(lines: Record<string, unknown>[]): [string, unknown][] {
  return lines.flatMap((line) => {
    if (line.type !== "user") return [];
    const meta = line.tool_result_meta as { id: string }[] | undefined;
    const content = (line.message as { content?: unknown }).content;
    // Tool results only: a sub-agent's prompt is a user line of text blocks too (as claude's).
    const results = Array.isArray(content) ? content.filter((block) => block.type === "tool_result") : [];
    const ids: string[] = results.map((block) => block.tool_use_id);
    return ids.map((id): [string, unknown] => [id, meta?.find((entry) => entry.id === id)]);
  });
}

const decided = (id: string, decision: Record<string, unknown>, notRun?: string) => ({
  id,
  ...(notRun ? { non_execution_kind: notRun } : {}),
  permission_decision: decision,
});

describe("stream-json tool_result_meta", () => {
  it("under the Agent SDK: a rule's allow and deny, a line that only reads, a hook's allow, and canUseTool's allow and deny, each said as claude says it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch by-rule" }, "t_rule"),
      reply.toolCall("bash", { command: "rm -f denied" }, "t_deny"),
      reply.toolCall("bash", { command: "ls" }, "t_reads"),
      reply.toolCall("bash", { command: "touch by-hook" }, "t_hook"),
      reply.toolCall("bash", { command: "touch asked-yes" }, "t_yes"),
      reply.toolCall("bash", { command: "touch asked-no" }, "t_no"),
      reply.text("done"),
    ]);
    const args = ["--allowedTools", "Bash(touch by-rule)", "--disallowedTools", "Bash(rm -f denied)"];
    const run = startSdkRun([...SDK_ARGS, ...args, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      hooks: { PreToolUse: [{ matcher: "Bash", hookCallbackIds: ["pre"] }] },
      answers: {
        hook_callback: (request) =>
          (request.input as { tool_use_id: string }).tool_use_id === "t_hook"
            ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }
            : {},
        can_use_tool: (request) =>
          request.tool_use_id === "t_yes"
            ? { behavior: "allow", updatedInput: request.input }
            : { behavior: "deny", message: "no" },
      },
    });
    run.say("go");
    await run.result();
    await run.end();
    expect(metaOf(run.lines())).toEqual([
      ["t_rule", decided("t_rule", { decision: "accept", source: "config", reason_type: "rule" })],
      [
        "t_deny",
        decided("t_deny", { decision: "reject", source: "config", reason_type: "rule" }, "permission-rule"),
      ],
      [
        "t_reads",
        decided("t_reads", { decision: "accept", source: "config", reason_type: "subcommandResults" }),
      ],
      ["t_hook", decided("t_hook", { decision: "accept", source: "hook", reason_type: "hook" })],
      ["t_yes", decided("t_yes", { decision: "accept", source: "user_temporary" })],
      ["t_no", decided("t_no", { decision: "reject", source: "user_reject" }, "permission-rule")],
    ]);
  });

  it("a call a PreToolUse hook denies is the hook's no, as claude 2.1.328 says it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch x" }, "t_hook"),
      reply.text("done"),
    ]);
    const run = startSdkRun([...SDK_ARGS, "--cwd", box.project], {
      env: modelEnv(server, box.home),
      hooks: { PreToolUse: [{ matcher: "Bash", hookCallbackIds: ["pre"] }] },
      answers: {
        hook_callback: () => ({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "no",
          },
        }),
      },
    });
    run.say("go");
    await run.result();
    await run.end();
    expect(metaOf(run.lines())).toEqual([
      [
        "t_hook",
        decided("t_hook", { decision: "reject", source: "hook", reason_type: "hook" }, "permission-rule"),
      ],
    ]);
  });

  it("a sub-agent's tool result line, under the call that started it, says so too", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { prompt: "look", description: "looker" }, "t_agent"),
      reply.toolCall("bash", { command: "ls" }, "t_sub"),
      reply.text("sub done"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    const under = jsonLines(r.stdout).filter((l) => l.parent_tool_use_id === "t_agent");
    expect(metaOf(under)).toEqual([
      ["t_sub", decided("t_sub", { decision: "accept", source: "config", reason_type: "subcommandResults" })],
    ]);
  });

  it("-p: a call nobody can be asked about is the configuration's no, a person's kind; bypassPermissions' allow is the mode's", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch x" }, "t_asked"),
      reply.text("done"),
      reply.toolCall("bash", { command: "touch x" }, "t_mode"),
      reply.text("done"),
    ]);
    const run = (more: string[]) =>
      runCli(["-p", "go", "--output-format", "stream-json", "--verbose", ...more], {
        cwd: box.project,
        env: modelEnv(server, box.home),
      });
    const refused = jsonLines((await run([])).stdout);
    const bypassed = jsonLines((await run(["--permission-mode", "bypassPermissions"])).stdout);
    expect(metaOf(refused)).toEqual([
      ["t_asked", decided("t_asked", { decision: "reject", source: "config" }, "user-rejected")],
    ]);
    expect(metaOf(bypassed)).toEqual([
      ["t_mode", decided("t_mode", { decision: "accept", source: "config", reason_type: "mode" })],
    ]);
  });
});

describe("stream-json tool_result_meta in auto mode", () => {
  it("-p --permission-mode auto: an edit in the project by the mode, the classifier's allow, block and unreadable answer, each said as claude 2.1.328 says it (recorded)", async () => {
    const box = sandbox();
    const writer = (file: string) => `node -e "require('fs').writeFileSync('${file}', 'x')"`;
    const server = await modelServer([
      reply.toolCall("write", { file_path: "in.txt", content: "x" }, "t_edit"),
      reply.toolCall("bash", { command: writer("allowed") }, "t_allow"),
      reply.text("<block>no</block>"),
      reply.toolCall("bash", { command: writer("blocked") }, "t_block"),
      reply.text("<block>yes</block><reason>writes a file</reason>"),
      reply.toolCall("bash", { command: writer("unread") }, "t_garbage"),
      reply.text("hmm"),
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--permission-mode",
        "auto",
        "--output-format",
        "stream-json",
        "--verbose",
        "--cwd",
        box.project,
      ],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    const byClassifier = { decision: "accept", source: "config", reason_type: "classifier" };
    const refused = { decision: "reject", source: "config", reason_type: "classifier" };
    expect(metaOf(jsonLines(r.stdout))).toEqual([
      ["t_edit", decided("t_edit", { decision: "accept", source: "config", reason_type: "mode" })],
      ["t_allow", decided("t_allow", byClassifier)],
      ["t_block", decided("t_block", refused, "automode-blocked")],
      ["t_garbage", decided("t_garbage", refused, "automode-parsing-error")],
    ]);
    expect(jsonLines(r.stdout)[0]?.permissionMode).toBe("auto");
  });
});
