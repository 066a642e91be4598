/**
 * The `agent` hook handler (issue 14 item 5, Claude Code's `type: "agent"`) through a real
 * session: a sub-agent with read-only tools reads a real file and answers `{ok, reason}`. The
 * scripted model (labelled test double) plays both the main agent and the verifier: its requests
 * come in order — main step, verifier steps, main step.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { promptText, startSession, toolResultFor } from "../support/e2e.js";

const agentHook = (prompt: string, extra: Record<string, unknown> = {}) => ({
  type: "agent",
  prompt,
  ...extra,
});

describe("agent hooks", () => {
  it("a PreToolUse agent hook reads a file with its read-only tools and blocks the call with its reason", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [agentHook("Does policy.txt allow this? $ARGUMENTS")] }],
        },
      },
      script: [
        reply.toolCall("bash", { command: "touch ran" }, "b1"),
        reply.toolCall("read", { file_path: "policy.txt" }, "r1"),
        reply.text('{"ok": false, "reason": "policy.txt forbids shell commands"}'),
        reply.text("understood"),
      ],
    });
    fs.writeFileSync(s.at("policy.txt"), "no shell commands\n");
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "understood" });
    expect(toolResultFor(s.model, "b1")).toEqual({
      text: "hook: policy.txt forbids shell commands",
      isError: true,
    });
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    const verifier = s.model.requests[1];
    expect(verifier?.tools?.map((t) => t.name)).toEqual(["read", "glob", "grep"]);
    expect(promptText(verifier, "system").join("\n")).toMatch(/evaluating a PreToolUse hook/);
    const [question] = promptText(verifier, "user");
    expect(question).toMatch(/^Does policy\.txt allow this\? \{/);
    expect(JSON.parse(question?.replace(/^[^{]*/, "") ?? "{}")).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "touch ran" },
    });
    // The verifier's read ran for real: its result reached its next step.
    expect(toolResultFor(s.model, "r1")?.text).toMatch(/no shell commands/);
  });

  it("ok: true lets the call run", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [agentHook("safe?")] }] } },
      script: [
        reply.toolCall("bash", { command: "touch ran" }, "b1"),
        reply.text('Checked. {"ok": true, "reason": "harmless"}'),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")?.isError).toBe(false);
    expect(fs.existsSync(s.at("ran"))).toBe(true);
  });

  it("a Stop agent hook that finds the work unfinished keeps the agent going with its reason", async () => {
    const s = await startSession({
      user: { hooks: { Stop: [{ hooks: [agentHook("Is DONE.txt written?")] }] } },
      script: [
        reply.text("finished"),
        reply.toolCall("glob", { pattern: "DONE.txt" }, "g1"),
        reply.text('{"ok": false, "reason": "DONE.txt is missing"}'),
        reply.toolCall("write", { file_path: "DONE.txt", content: "ok" }, "w1"),
        reply.text("now finished"),
        reply.toolCall("read", { file_path: "DONE.txt" }, "r2"),
        reply.text('{"ok": true, "reason": "written"}'),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "now finished" });
    expect(promptText(s.model.requests[1], "system").join("\n")).toMatch(/verifying a stop condition/);
    expect(promptText(s.model.requests[3], "user").join("\n")).toContain("DONE.txt is missing");
    expect(fs.readFileSync(s.at("DONE.txt"), "utf8")).toBe("ok");
  });

  it("the verifier's model steps count in the session's usage, as a prompt hook's call does", async () => {
    const s = await startSession({
      user: { hooks: { Stop: [{ hooks: [agentHook("Is it done?")] }] } },
      script: [
        reply.text("finished"),
        reply.toolCall("glob", { pattern: "*" }, "g1"),
        reply.text('{"ok": true, "reason": "done"}'),
      ],
    });
    await s.runtime.prompt("go");
    expect(s.model.requests).toHaveLength(3);
    // The main agent's one step and the verifier's two, on the session's one model.
    const used = [...s.runtime.usage.models().values()];
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ steps: 3 });
  });

  it("a verifier answering in Claude Code's hook-output words, as the hook's prompt asked, blocks with that reason", async () => {
    const asked =
      'Deny destructive commands. Respond ONLY with {"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "<why>"}}';
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [agentHook(asked)] }] } },
      script: [
        reply.toolCall("bash", { command: "touch ran" }, "b1"),
        reply.text(
          '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "destructive"}}',
        ),
        reply.text("understood"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")).toEqual({ text: "hook: destructive", isError: true });
    expect(fs.existsSync(s.at("ran"))).toBe(false);
  });

  it("a verifier that ends without a verdict is a failed run: shown to the user, the call not blocked (onError allow)", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [agentHook("safe?")] }] } },
      script: [
        reply.toolCall("bash", { command: "touch ran" }, "b1"),
        reply.text("I am not sure."),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("ran"))).toBe(true);
    expect(s.notices.join("\n")).toMatch(/agent hook: the sub-agent ended without a verdict/);
  });

  it("with onError block, a verifier that times out refuses the call", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [agentHook("safe?", { timeout: 0.5, onError: "block" })] }],
        },
      },
      script: [reply.toolCall("bash", { command: "touch ran" }, "b1"), reply.hang(), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/agent hook: timed out after 0\.\d+s/);
  });

  it("the verifier may read the session's transcript, which lies outside the project", async () => {
    const s = await startSession({
      user: { hooks: { Stop: [{ hooks: [agentHook("Did the user say please? $ARGUMENTS")] }] } },
      script: [
        reply.text("hello"),
        (request) => {
          const input = JSON.parse(promptText(request, "user")[0]?.replace(/^[^{]*/, "") ?? "{}");
          return reply.toolCall("read", { file_path: input.transcript_path }, "t1");
        },
        reply.text('{"ok": true}'),
      ],
    });
    await s.runtime.prompt("please say hello");
    expect(toolResultFor(s.model, "t1")).toMatchObject({ isError: false });
    expect(toolResultFor(s.model, "t1")?.text).toContain("please say hello");
  });
});
