/**
 * stream-json lines of an answer and its tool results as claude 2.1.328 writes them (recorded
 * against a loopback server: an answer with a text and two Bash calls came as three `assistant`
 * lines with the message's id, then a `user` line per result in the order the calls ended, the
 * faster second call's first, each with `tool_use_result`).
 */
import { OUTPUT_LIMIT_RESUME_TEXT } from "@codebot/agentcore";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

type Line = Record<string, unknown>;
const message = (line: Line) => line.message as { id?: string; content: unknown[]; usage?: unknown };

describe("stream-json: an answer and its results", () => {
  it("the resume after an answer cut at the output limit is a synthetic user line, its text a block, as claude writes it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.atLimit("first part "), reply.text("second part")]);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const [resume] = jsonLines(r.stdout).filter((l) => l.type === "user") as Line[];
    expect(resume?.message).toEqual({
      role: "user",
      content: [{ type: "text", text: OUTPUT_LIMIT_RESUME_TEXT }],
    });
    expect(resume?.isSynthetic).toBe(true);
  });

  it("a sub-agent's prompt is a user line with its text a block, and not synthetic", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look around" }),
      reply.text("sub answer"),
      reply.text("main done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--permission-mode", "bypassPermissions"],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    const prompt = (jsonLines(r.stdout) as Line[]).find(
      (l) =>
        l.type === "user" &&
        l.parent_tool_use_id !== null &&
        JSON.stringify(l.message).includes("look around"),
    );
    expect(prompt?.message).toEqual({ role: "user", content: [{ type: "text", text: "look around" }] });
    expect(prompt).not.toHaveProperty("isSynthetic");
  });

  it("an answer's line has claude's message fields in claude's order, and its thinking's line says how thinking is shown", async () => {
    const box = sandbox();
    const server = await modelServer([reply.turn({ reasoning: "hmm", text: "ok" })]);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const [thinking, text] = jsonLines(r.stdout).filter((l) => l.type === "assistant") as Line[];
    expect(Object.keys((thinking as Line).message as Line)).toEqual([
      "id",
      "type",
      "role",
      "model",
      "content",
      "stop_reason",
      "stop_sequence",
      "usage",
      "context_management",
    ]);
    expect(((text as Line).message as Line).context_management).toBeNull();
    expect(thinking?.thinking_display).toBe("updates");
    expect(text).not.toHaveProperty("thinking_display");
  });

  it("an answer is a line per block, each with the message's id; each result a line of its own as its call ends", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.turn({
        text: "Let me look.",
        toolCalls: [
          toolCall("bash", { command: "echo slow; sleep 0.5" }, "call_slow"),
          toolCall("bash", { command: "echo fast" }, "call_fast"),
        ],
      }),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = jsonLines(r.stdout).filter((l) => l.type === "assistant" || l.type === "user");
    expect(lines.map((l) => l.type)).toEqual([
      "assistant",
      "assistant",
      "assistant",
      "user",
      "user",
      "assistant",
    ]);
    const [text, slow, fast, first, second, done] = lines as Line[];
    expect([text, slow, fast].map((l) => message(l as Line).content)).toEqual([
      [{ type: "text", text: "Let me look." }],
      [{ type: "tool_use", id: "call_slow", name: "Bash", input: { command: "echo slow; sleep 0.5" } }],
      [{ type: "tool_use", id: "call_fast", name: "Bash", input: { command: "echo fast" } }],
    ]);
    // The provider's message id on each block of its answer, and the next answer's own.
    expect([text, slow, fast, done].map((l) => message(l as Line).id)).toEqual([
      "msg_loopback_1",
      "msg_loopback_1",
      "msg_loopback_1",
      "msg_loopback_2",
    ]);
    expect(message(text as Line).usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: 5 });
    expect(new Set([text, slow, fast].map((l) => (l as Line).uuid)).size).toBe(3);
    // The faster call's result first, each with the tool's own result beside the text.
    expect(message(first as Line).content).toEqual([
      { type: "tool_result", tool_use_id: "call_fast", content: "fast", is_error: false },
    ]);
    expect(first).toMatchObject({
      parent_tool_use_id: null,
      timestamp: expect.any(String),
      tool_use_result: { stdout: "fast", stderr: "", interrupted: false, isImage: false },
    });
    expect(message(second as Line).content).toEqual([
      { type: "tool_result", tool_use_id: "call_slow", content: "slow", is_error: false },
    ]);
  });
});
