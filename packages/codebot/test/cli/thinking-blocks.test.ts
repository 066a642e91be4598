/**
 * The model's thinking blocks as claude 2.1.328 keeps them (recorded against a loopback server
 * answering with signed thinking and redacted_thinking blocks): sent back unchanged in every later
 * request of a tool-use turn, and after `--resume`; written to stream-json, a line per block, with
 * their signature and data.
 */
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("thinking blocks kept as the API gave them", () => {
  it("over a multi-step turn every thinking block goes back unchanged, redacted ones too; stream-json and -c carry them", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.turn({
        reasoning: "list first",
        signature: "SIG-ONE==",
        toolCalls: [toolCall("bash", { command: "echo hi" })],
      }),
      reply.turn({
        reasoning: "again",
        signature: "SIG-TWO==",
        redactedThinking: "REDACTED==",
        toolCalls: [toolCall("bash", { command: "echo again" })],
      }),
      reply.turn({ reasoning: "all good", signature: "SIG-THREE==", text: "done" }),
      reply.text("second answer"),
    ]);
    const args = ["--model", "claude-sonnet-4-5", "--dangerously-skip-permissions", "--cwd", box.project];
    const env = modelEnv(server, box.home);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    const first = { type: "thinking", thinking: "list first", signature: "SIG-ONE==" };
    const second = [
      { type: "thinking", thinking: "again", signature: "SIG-TWO==" },
      { type: "redacted_thinking", data: "REDACTED==" },
    ];
    const assistants = (n: number) =>
      server.requests[n]?.body?.messages
        ?.filter((m: { role: string }) => m.role === "assistant")
        .map((m: { content: { type: string }[] }) => m.content.filter((b) => b.type !== "tool_use"));
    expect(assistants(1)).toEqual([[first]]);
    expect(assistants(2)).toEqual([[first], second]);
    // stream-json: a line per block, as claude 2.1.328 writes them (recorded), signature and data kept.
    const blocks = r.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === "assistant")
      .flatMap((l) => l.message.content)
      .filter((b: { type: string }) => b.type.includes("thinking"));
    expect(blocks).toEqual([
      first,
      ...second,
      { type: "thinking", thinking: "all good", signature: "SIG-THREE==" },
    ]);
    // -c sends them back too, as claude's --resume does (recorded).
    const resumed = await runCli(["-c", "-p", "go on", ...args], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(assistants(3)?.slice(0, 2)).toEqual([[first], second]);
  });
});
