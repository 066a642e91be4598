import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const STREAM = ["-p", "go", "--output-format", "stream-json", "--verbose"];

/** Each line's kind: a thinking_tokens line's counts, a stream event's type and delta, or the line's type. */
function kinds(stdout: string): string[] {
  return jsonLines(stdout).flatMap((line) => {
    if (line.subtype === "thinking_tokens")
      return [`tokens ${line.estimated_tokens} +${line.estimated_tokens_delta}`];
    if (line.type === "system") return [];
    if (line.type !== "stream_event") return [String(line.type)];
    const event = line.event as { type: string; delta?: { type: string } };
    return [event.delta?.type ?? event.type];
  });
}

describe("claude's thinking_tokens lines: a running estimate of the main agent's thinking", () => {
  it("before each piece of thinking, a token per 4 characters, with or without --include-partial-messages", async () => {
    const box = sandbox();
    const server = await modelServer([reply.turn({ reasoning: "think it over", text: "ok" })]);
    const r = await runCli([...STREAM, "--include-partial-messages", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    // The pieces "think ", "it ", "over": 2, 1 and 1 tokens.
    expect(kinds(r.stdout).slice(0, 9)).toEqual([
      "message_start",
      "content_block_start",
      "tokens 2 +2",
      "thinking_delta",
      "tokens 3 +1",
      "thinking_delta",
      "tokens 4 +1",
      "thinking_delta",
      "signature_delta",
    ]);

    const plain = await runCli([...STREAM, "--cwd", box.project], {
      env: modelEnv(await modelServer([reply.turn({ reasoning: "think it over", text: "ok" })]), box.home),
    });
    expect(plain.code, plain.stderr).toBe(0);
    expect(kinds(plain.stdout)).toEqual([
      "tokens 2 +2",
      "tokens 3 +1",
      "tokens 4 +1",
      "assistant",
      "assistant",
      "result",
    ]);
    const [line] = jsonLines(plain.stdout).filter((each) => each.subtype === "thinking_tokens");
    expect(Object.keys(line ?? {})).toEqual([
      "type",
      "subtype",
      "estimated_tokens",
      "estimated_tokens_delta",
      "session_id",
      "uuid",
    ]);
  });

  it("a signature standing for more tokens than counted raises the estimate; each answer counts from nothing", async () => {
    const box = sandbox();
    const turns = () => [
      reply.turn({
        reasoning: "hmm",
        signature: "s".repeat(100),
        toolCalls: [{ id: "toolu_a", name: "bash", input: '{"command": "echo hi"}' }],
      }),
      reply.turn({ reasoning: "again", text: "done" }),
    ];
    for (const flags of [["--include-partial-messages"], []]) {
      const server = await modelServer(turns());
      const r = await runCli(
        [...STREAM, ...flags, "--permission-mode", "bypassPermissions", "--cwd", box.project],
        { env: modelEnv(server, box.home) },
      );
      expect(r.code, r.stderr).toBe(0);
      // 100 characters of signature stand for 75 characters of thinking: 19 tokens; the second
      // answer's "again" counts 2, its signature (18 characters: 4 tokens) 2 more.
      expect(
        kinds(r.stdout).filter((kind) => kind.startsWith("tokens")),
        flags.join(),
      ).toEqual(["tokens 1 +1", "tokens 19 +18", "tokens 2 +2", "tokens 4 +2"]);
    }
  });

  it("a sub-agent's thinking has none, as in claude", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look around" }),
      reply.turn({ reasoning: "sub thinks", text: "sub answer" }),
      reply.text("main done"),
    ]);
    const r = await runCli([...STREAM, "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("sub answer");
    expect(jsonLines(r.stdout).filter((line) => line.subtype === "thinking_tokens")).toEqual([]);
  });
});
