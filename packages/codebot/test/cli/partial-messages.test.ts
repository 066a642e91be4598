import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, printRun, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const PARTIAL = ["--output-format", "stream-json", "--include-partial-messages"];

/** The `stream_event` lines of a run's output. */
function streamEvents(stdout: string): Record<string, unknown>[] {
  return jsonLines(stdout).filter((line) => line.type === "stream_event");
}

describe("--include-partial-messages streams the model's events as claude 2.1.328 does", () => {
  it("every Anthropic stream event of an answer, in order, with its message id and the tool named as claude names it", async () => {
    const { r } = await printRun(
      "go",
      [
        reply.turn({
          reasoning: "think it over",
          signature: "sig-1",
          text: "I will run it",
          toolCalls: [{ id: "toolu_a", name: "bash", input: '{"command": "echo hi"}' }],
        }),
        reply.text("all done"),
      ],
      { flags: [...PARTIAL, "--permission-mode", "bypassPermissions"] },
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = streamEvents(r.stdout);
    const first = lines.filter((line) => line.api_message_id === "msg_loopback_1").map((line) => line.event);
    expect(first).toEqual([
      {
        type: "message_start",
        message: expect.objectContaining({ id: "msg_loopback_1", role: "assistant", content: [] }),
      },
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "think " } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "it " } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "over" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig-1" } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "I " } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "will " } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "run " } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "it" } },
      { type: "content_block_stop", index: 1 },
      {
        type: "content_block_start",
        index: 2,
        content_block: { type: "tool_use", id: "toolu_a", name: "Bash", input: {} },
      },
      {
        type: "content_block_delta",
        index: 2,
        delta: { type: "input_json_delta", partial_json: '{"command": ' },
      },
      { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: '"echo ' } },
      { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: 'hi"}' } },
      { type: "content_block_stop", index: 2 },
      {
        type: "message_delta",
        delta: { stop_reason: "tool_use", stop_sequence: null },
        usage: expect.any(Object),
      },
      { type: "message_stop" },
    ]);
    // The second answer's events name its own message, and every event has a line.
    expect(lines.filter((line) => line.api_message_id === "msg_loopback_2")).toHaveLength(7);
    expect(lines).toHaveLength(first.length + 7);
  });

  it("each block's assistant line comes just before its content_block_stop, and a status line before each request, as claude writes them", async () => {
    const { r } = await printRun(
      "go",
      [
        reply.turn({
          reasoning: "think it over",
          text: "I will run it",
          toolCalls: [
            { id: "toolu_a", name: "bash", input: '{"command": "echo a"}' },
            { id: "toolu_b", name: "bash", input: '{"command": "echo b"}' },
          ],
        }),
        reply.text("all done"),
      ],
      { flags: [...PARTIAL, "--permission-mode", "bypassPermissions"] },
    );
    expect(r.code, r.stderr).toBe(0);
    const shown = jsonLines(r.stdout)
      .filter((line) => line.type !== "system" || line.subtype === "status")
      .map((line) => {
        if (line.type === "stream_event") {
          const event = line.event as { type: string; index?: number };
          return event.type === "content_block_stop" ? `stop ${event.index}` : event.type;
        }
        if (line.type !== "assistant")
          return line.type === "system" ? `status ${line.status}` : String(line.type);
        const [block] = (line.message as { content: { type: string; id?: string }[] }).content;
        return `assistant ${block?.type}${block?.id ? ` ${block.id}` : ""}`;
      })
      .filter((name) => !["content_block_start", "content_block_delta"].includes(name));
    expect(shown).toEqual([
      "status requesting",
      "message_start",
      "assistant thinking",
      "stop 0",
      "assistant text",
      "stop 1",
      "assistant tool_use toolu_a",
      "stop 2",
      "assistant tool_use toolu_b",
      "stop 3",
      "message_delta",
      "message_stop",
      "user",
      "user",
      "status requesting",
      "message_start",
      "assistant text",
      "stop 0",
      "message_delta",
      "message_stop",
      "result",
    ]);
  });

  it("a block's assistant line is claude's: the block as its events built it, the answer's id, model and usage as it started, thinking's duration", async () => {
    const { r } = await printRun(
      "go",
      [
        reply.turn({
          reasoning: "hmm",
          signature: "sig-1",
          toolCalls: [{ id: "toolu_a", name: "bash", input: '{"command": "echo hi"}' }],
        }),
        reply.text("ok"),
      ],
      { flags: [...PARTIAL, "--permission-mode", "bypassPermissions"] },
    );
    expect(r.code, r.stderr).toBe(0);
    const [thinking, call] = jsonLines(r.stdout).filter((line) => line.type === "assistant");
    const start = streamEvents(r.stdout)[0]?.event as { message: { model: string; usage: unknown } };
    expect(Object.keys(thinking ?? {})).toEqual([
      "type",
      "message",
      "parent_tool_use_id",
      "session_id",
      "uuid",
      "timestamp",
      "thinking_duration_ms",
      "thinking_display",
    ]);
    expect(thinking?.message).toEqual({
      id: "msg_loopback_1",
      type: "message",
      role: "assistant",
      model: start.message.model,
      content: [{ type: "thinking", thinking: "hmm", signature: "sig-1" }],
      stop_reason: null,
      stop_sequence: null,
      usage: start.message.usage,
      context_management: null,
    });
    expect(thinking?.thinking_duration_ms).toBeGreaterThanOrEqual(1);
    expect(thinking?.thinking_display).toBe("updates");
    expect((call?.message as { content?: unknown } | undefined)?.content).toEqual([
      { type: "tool_use", id: "toolu_a", name: "Bash", input: { command: "echo hi" } },
    ]);
    expect(call).not.toHaveProperty("thinking_display");
  });

  it("a tool call cut at the output limit shows its arguments' text in its block's line, as claude's", async () => {
    const cut = reply.turn({ toolCalls: [{ id: "toolu_a", name: "bash", input: '{"command": "echo ab' }] });
    const { r } = await printRun("go", [{ ...cut, atLimit: true }, reply.text("ok")], {
      flags: [...PARTIAL, "--permission-mode", "bypassPermissions"],
    });
    expect(r.code, r.stderr).toBe(0);
    const [call] = jsonLines(r.stdout).filter((line) => line.type === "assistant");
    expect((call?.message as { content?: unknown } | undefined)?.content).toEqual([
      {
        type: "tool_use",
        id: "toolu_a",
        name: "Bash",
        input: { __unparsedToolInput: { raw: '{"command": "echo ab', len: 20 } },
      },
    ]);
  });

  it("with --thinking-display summarized its lines say so, as claude's do; omitted stays updates", async () => {
    for (const [flag, shown] of [
      ["summarized", "summarized"],
      ["omitted", "updates"],
    ]) {
      const { r } = await printRun("go", [reply.turn({ reasoning: "hmm", text: "ok" })], {
        flags: [...PARTIAL, "--thinking-display", flag as string],
      });
      expect(r.code, r.stderr).toBe(0);
      const displays = jsonLines(r.stdout).flatMap((line) =>
        "thinking_display" in line ? [`${line.type} ${line.thinking_display}`] : [],
      );
      expect(displays).toEqual([
        `stream_event ${shown}`,
        `stream_event ${shown}`,
        `stream_event ${shown}`,
        `assistant ${shown}`,
      ]);
    }
  });

  it("each line has claude's fields in claude's order; the first says how long the answer took to start, thinking's how thinking is shown", async () => {
    const { r } = await printRun("go", [reply.turn({ reasoning: "hmm", text: "ok" })], {
      flags: [...PARTIAL],
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = streamEvents(r.stdout);
    const [start, thinkingStart, thinking, signature] = lines;
    expect(Object.keys(start ?? {})).toEqual([
      "type",
      "event",
      "session_id",
      "parent_tool_use_id",
      "uuid",
      "ttft_ms",
      "thinking_display",
      "api_message_id",
    ]);
    expect(start).toMatchObject({ parent_tool_use_id: null, thinking_display: "updates" });
    expect(start?.ttft_ms).toEqual(expect.any(Number));
    expect(lines.filter((line) => "ttft_ms" in line)).toEqual([start]);
    expect(thinkingStart?.thinking_display).toBe("updates");
    expect(thinking?.thinking_display).toBe("updates");
    expect(signature).not.toHaveProperty("thinking_display");
    expect(lines.at(-1)).not.toHaveProperty("thinking_display");
    expect(new Set(lines.map((line) => line.uuid)).size).toBe(lines.length);
  });

  it("a sub-agent's model stream has no lines, as in claude; its caller's answers do", async () => {
    const { r } = await printRun(
      "go",
      [
        reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look around" }),
        reply.turn({ reasoning: "sub thinks", text: "sub answer" }),
        reply.text("main done"),
      ],
      { flags: [...PARTIAL, "--permission-mode", "bypassPermissions"] },
    );
    expect(r.code, r.stderr).toBe(0);
    const ids = new Set(streamEvents(r.stdout).map((line) => line.api_message_id));
    expect([...ids]).toEqual(["msg_loopback_1", "msg_loopback_3"]);
    expect(r.stdout).toContain("sub answer");
  });

  it("a provider that does not stream Anthropic's events still gets a line per piece of the answer's text", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("hello there")]);
    const r = await runCli(["-p", "go", ...PARTIAL, "--model", "openai/gpt-4.1", "--cwd", box.project], {
      env: modelEnv(server, box.home, { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(streamEvents(r.stdout).map((line) => line.event)).toEqual([
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "hello " } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "there" } },
    ]);
  });

  it("without the flag there are no stream_event lines", async () => {
    const box = sandbox();
    const server = await modelServer([reply.turn({ reasoning: "hmm", text: "ok" })]);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(streamEvents(r.stdout)).toEqual([]);
  });
});
