/**
 * PostToolBatch (issue 14): once per model step, after all its tool calls finished and before the
 * next model call; a block ends the run there, context reaches the model. Real session, real hooks.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, promptText, startSession } from "./support/e2e.js";

describe("PostToolBatch", () => {
  it("fires once for a step's parallel calls, with every call and its result, in Claude Code's shape", async () => {
    const s = await startSession({
      user: { hooks: { PostToolBatch: [group("", command("cat >> batches.jsonl; echo >> batches.jsonl"))] } },
      script: [
        reply.turn({
          toolCalls: [
            toolCall("read", { file_path: "a.txt" }, "r1"),
            toolCall("read", { file_path: "missing.txt" }, "r2"),
          ],
        }),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "alpha\n");
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    const batches = s.jsonLines("batches.jsonl");
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      hook_event_name: "PostToolBatch",
      session_id: s.runtime.sessionId,
      tool_calls: [
        {
          tool_name: "Read",
          tool_input: { file_path: s.at("a.txt") },
          tool_use_id: "r1",
          tool_response: expect.stringContaining("alpha"),
        },
        { tool_name: "Read", tool_input: { file_path: s.at("missing.txt") }, tool_use_id: "r2" },
      ],
    });
  });

  it("gives each call's result as the tool gave it, without what the call's own hooks told the model", async () => {
    // As claude 2.1.328 (recorded with tuomashatakka/claude-code-hooks, whose PostToolUseFailure
    // hook answers additionalContext): the model reads the context after the result; the batch's
    // tool_response is the result alone.
    const context = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"hook says"}}'`;
    const s = await startSession({
      user: {
        hooks: {
          PostToolUseFailure: [group("", command(context))],
          PostToolBatch: [group("", command("cat > batch.json"))],
        },
      },
      script: [reply.toolCall("read", { file_path: "missing.txt" }, "r1"), reply.text("done")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    expect(JSON.stringify(s.model.requests[1])).toContain("PostToolUseFailure hook context:\\nhook says");
    const [call] = JSON.parse(fs.readFileSync(s.at("batch.json"), "utf8")).tool_calls;
    expect(call.tool_response).toContain("missing.txt");
    expect(call.tool_response).not.toContain("hook says");
  });

  it("gives a read's result without the nested CLAUDE.md the read loaded for the model", async () => {
    const s = await startSession({
      user: { hooks: { PostToolBatch: [group("", command("cat > batch.json"))] } },
      script: [reply.toolCall("read", { file_path: "sub/a.txt" }, "r1"), reply.text("done")],
    });
    fs.mkdirSync(s.at("sub"));
    fs.writeFileSync(s.at("sub/a.txt"), "alpha\n");
    fs.writeFileSync(s.at("sub/CLAUDE.md"), "Nested rule: use tabs.\n");
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    expect(JSON.stringify(s.model.requests[1])).toContain("Nested rule: use tabs.");
    const [call] = JSON.parse(fs.readFileSync(s.at("batch.json"), "utf8")).tool_calls;
    expect(call.tool_response).toContain("alpha");
    expect(call.tool_response).not.toContain("Nested rule");
  });

  it("a block ends the run before the next model call, with the hook's reason", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PostToolBatch: [group("", command(`echo '{"decision":"block","reason":"enough tools for now"}'`))],
        },
      },
      script: [reply.toolCall("bash", { command: "echo one > one.txt" }, "b1"), reply.text("never asked")],
    });
    const result = await s.runtime.prompt("go");
    await s.runtime.close();
    expect(result.status).toBe("stopped");
    expect(result.reason).toMatch(/: enough tools for now$/);
    expect(fs.readFileSync(s.at("one.txt"), "utf8")).toBe("one\n");
    expect(s.model.requests).toHaveLength(1);
  });

  // claude 2.1.328 (recorded, a general-purpose sub-agent running Bash): its step fired PostToolBatch
  // with the run's agent_id and agent_type, before the main agent's step that started it.
  it("a sub-agent's step fires it too, naming the run by agent_id and agent_type", async () => {
    const s = await startSession({
      user: { hooks: { PostToolBatch: [group("", command("cat >> batches.jsonl; echo >> batches.jsonl"))] } },
      script: [
        reply.toolCall("agent", { prompt: "look around" }, "a1"),
        reply.toolCall("bash", { command: "echo sub" }, "s1"),
        reply.text("sub done"),
        reply.text("main done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    const batches = s.jsonLines("batches.jsonl");
    expect(
      batches.map((b) => [b.agent_type, (b.tool_calls as { tool_name: string }[])[0]?.tool_name]),
    ).toEqual([
      ["general-purpose", "Bash"],
      [undefined, "Agent"],
    ]);
    expect(batches[0]?.agent_id).toMatch(/^a[0-9a-f]{16}$/);
    expect(batches[1]).not.toHaveProperty("agent_id");
  });

  // claude 2.1.328 (recorded: a hook exiting 2 for the sub-agent's batch only): the sub-agent made no
  // further request, its task "completed", and the main agent went on.
  it("a block in a sub-agent's step ends that sub-agent there, and the main agent goes on", async () => {
    const blockSubagents = `grep -q '"agent_id"' && { echo 'sub-agent batch refused' >&2; exit 2; }; exit 0`;
    const s = await startSession({
      user: { hooks: { PostToolBatch: [group("", command(blockSubagents))] } },
      script: [
        reply.toolCall("agent", { prompt: "look around" }, "a1"),
        reply.toolCall("bash", { command: "echo sub" }, "s1"),
        reply.text("main done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    expect(s.model.requests).toHaveLength(3);
    // The agent call's result is its answer, no error.
    const agentResult = JSON.stringify(s.model.requests[2]?.prompt.at(-1));
    expect(agentResult).toContain("tool-result");
    expect(agentResult).not.toMatch(/ended early|error-text/);
  });

  it("a native entry that is not blocking only observes; additional_context reaches the model", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PostToolBatch: [
            command(`cat > batch.json; echo '{"block": true, "reason": "ignored"}'`),
            command(`echo '{"additional_context": "the build is green"}'`),
          ],
        },
      },
      script: [reply.toolCall("bash", { command: "true" }, "b1"), reply.text("done")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    await s.runtime.close();
    expect(promptText(s.model.requests[1], "user").at(-1)).toBe(
      "<system-reminder>\nPostToolBatch hook context:\nthe build is green\n</system-reminder>",
    );
    expect(JSON.parse(fs.readFileSync(s.at("batch.json"), "utf8"))).toMatchObject({
      event: "PostToolBatch",
      agent: "main",
      tool_calls: [{ tool: "bash", tool_use_id: "b1", args: { command: "true" }, is_error: false }],
    });
  });
});
