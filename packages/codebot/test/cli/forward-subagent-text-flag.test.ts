/**
 * `--forward-subagent-text`, replaying what claude 2.1.328 wrote against a loopback server for a
 * foreground sub-agent that thinks, says something, calls a tool and answers: its prompt and each
 * of its messages is an `assistant`/`user` line with `parent_tool_use_id` (the main agent's call that started it),
 * `agent_id` and `subagent_type`. Without the flag codebot keeps its own `agent_message` lines.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

type Line = Record<string, unknown>;

async function subagentRun(extra: string[]): Promise<Line[]> {
  const box = sandbox();
  const server = await modelServer([
    reply.toolCall("agent", { prompt: "list the files", description: "List files" }, "call_agent"),
    reply.turn({
      reasoning: "sub thinks",
      text: "Let me look.",
      toolCalls: [{ id: "call_glob", name: "glob", input: JSON.stringify({ pattern: "*" }) }],
    }),
    reply.text("Sub-agent says: two files."),
    reply.text("The sub-agent found two files."),
  ]);
  const r = await runCli(
    ["-p", "explore", "--output-format", "stream-json", "--cwd", box.project, ...extra],
    {
      env: modelEnv(server, box.home),
    },
  );
  expect(r.code, r.stderr).toBe(0);
  return jsonLines(r.stdout);
}

const content = (line: Line | undefined) => (line?.message as { content: unknown } | undefined)?.content;

describe("--forward-subagent-text", () => {
  it("a sub-agent's prompt and messages are user and assistant lines under the call that started it", async () => {
    const lines = await subagentRun(["--forward-subagent-text"]);
    const under = lines.filter((l) => l.parent_tool_use_id === "call_agent");
    expect(under.map((l) => l.type)).toEqual([
      "user",
      "assistant",
      "assistant",
      "assistant",
      "user",
      "assistant",
    ]);
    // Its prompt first, as claude writes it.
    expect(JSON.stringify(content(under.shift()))).toContain("list the files");
    // An answer is a line per block, as claude writes it, each with the message's id.
    expect(under.slice(0, 3).map(content)).toEqual([
      [{ type: "thinking", thinking: "sub thinks", signature: "loopback-signature" }],
      [{ type: "text", text: "Let me look." }],
      [{ type: "tool_use", id: "call_glob", name: "Glob", input: { pattern: "*" } }],
    ]);
    const ids = under.slice(0, 3).map((l) => (l.message as { id?: string }).id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^msg_/);
    expect(content(under[3])).toMatchObject([{ type: "tool_result", tool_use_id: "call_glob" }]);
    expect(content(under[4])).toEqual([{ type: "text", text: "Sub-agent says: two files." }]);
    for (const line of under) {
      expect(line).toMatchObject({
        agent_id: expect.stringMatching(/^a[0-9a-f]{16}$/),
        subagent_type: "general-purpose",
        task_description: "List files",
        session_id: lines[0]?.session_id,
        uuid: expect.any(String),
        timestamp: expect.any(String),
      });
    }
    expect(new Set(under.map((l) => l.agent_id)).size).toBe(1);
    expect(lines.some((l) => l.subtype === "agent_message")).toBe(false);
    // The main agent's own lines stay at the top.
    const answer = lines.filter((l) => l.type === "assistant" && l.parent_tool_use_id === null).at(-1);
    expect(content(answer)).toEqual([{ type: "text", text: "The sub-agent found two files." }]);
  });

  it("a sub-agent's run is claude's task_started, then task_updated and task_notification lines", async () => {
    const lines = await subagentRun([]);
    const started = lines.findIndex((l) => l.subtype === "task_started");
    const prompt = lines.findIndex((l) => l.parent_tool_use_id === "call_agent");
    expect(started).toBeGreaterThan(-1);
    expect(started).toBeLessThan(prompt);
    const taskId = lines[started]?.task_id;
    expect(taskId).toMatch(/^a[0-9a-f]{16}$/);
    expect(lines[started]).toMatchObject({
      type: "system",
      tool_use_id: "call_agent",
      description: "List files",
      subagent_type: "general-purpose",
      is_backgrounded: false,
      spawn_depth: 1,
      task_type: "local_agent",
      prompt: "list the files",
    });
    const updated = lines.find((l) => l.subtype === "task_updated");
    expect(updated).toMatchObject({
      task_id: taskId,
      patch: { status: "completed", end_time: expect.any(Number) },
    });
    const notification = lines.find((l) => l.subtype === "task_notification");
    expect(notification).toMatchObject({
      task_id: taskId,
      tool_use_id: "call_agent",
      status: "completed",
      summary: "Sub-agent says: two files.",
      output_file: expect.stringMatching(new RegExp(`${taskId}\\.jsonl$`)),
      usage: { total_tokens: expect.any(Number), tool_uses: 1, duration_ms: expect.any(Number) },
    });
    // Both after the sub-agent's last line, before the main agent's answer.
    const last = lines.findLastIndex((l) => l.subtype === "agent_message");
    expect(lines.indexOf(notification as Line)).toBeGreaterThan(last);
  });

  it("a task_progress line as each of the run's tool calls starts: what it does in claude's words, its counts so far", async () => {
    const lines = await subagentRun([]);
    const taskId = lines.find((l) => l.subtype === "task_started")?.task_id;
    const progress = lines.filter((l) => l.subtype === "task_progress");
    expect(progress).toEqual([
      expect.objectContaining({
        type: "system",
        task_id: taskId,
        tool_use_id: "call_agent",
        description: "Finding *",
        subagent_type: "general-purpose",
        usage: { total_tokens: expect.any(Number), tool_uses: 1, duration_ms: expect.any(Number) },
        last_tool_name: "Glob",
      }),
    ]);
    // After the line with its call, before its result's (claude's lines under the agent call).
    const under = lines.filter((l) => l.parent_tool_use_id === "call_agent");
    const at = lines.indexOf(progress[0] as Line);
    expect(at).toBeGreaterThan(lines.indexOf(under[1] as Line));
    expect(at).toBeLessThan(lines.indexOf(under[2] as Line));
  });

  it("without it, a sub-agent's messages are codebot's agent_message lines, and its prompt, tool calls and results claude's lines under its call", async () => {
    const lines = await subagentRun([]);
    // Its prompt, its answer with the tool call, the tool result, its last answer.
    expect(lines.filter((l) => l.subtype === "agent_message")).toHaveLength(4);
    // As claude 2.1.328 writes them without the flag: no text or thinking of the sub-agent's.
    const under = lines.filter((l) => l.parent_tool_use_id === "call_agent");
    expect(under.map((l) => l.type)).toEqual(["user", "assistant", "user"]);
    expect(JSON.stringify(content(under[0]))).toContain("list the files");
    expect(content(under[1])).toEqual([
      { type: "tool_use", id: "call_glob", name: "Glob", input: { pattern: "*" } },
    ]);
    expect(content(under[2])).toMatchObject([{ type: "tool_result", tool_use_id: "call_glob" }]);
    // Each line its own uuid, though the prompt's agent_message and claude line come of one event.
    const uuids = lines.map((l) => l.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(JSON.stringify(under)).not.toContain("Sub-agent says");
    expect(JSON.stringify(under)).not.toContain("sub thinks");
  });

  it("is refused without -p stream-json, as claude refuses it", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--forward-subagent-text", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "codebot: --forward-subagent-text requires --print and --output-format stream-json\n",
    );
  });
});
