/**
 * An automatic compaction mid-turn keeps the last call and its result after the summary; the
 * summary request leaves them out, so the model reads them once, as claude 2.1.328 does
 * (recorded: `-p`, CLAUDE_CODE_AUTO_COMPACT_WINDOW=100000, one step reporting 190,000 input tokens).
 */
import { type RecordedRequest, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const SUMMARY_ASK = "Summarise the conversation so far";

/** The ids of the tool calls a request's messages hold. */
function callIds(request: RecordedRequest | undefined): Array<string | undefined> {
  const messages: Array<{ content: unknown }> = request?.body?.messages ?? [];
  return messages.flatMap((m) =>
    Array.isArray(m.content)
      ? m.content.flatMap((part: { type: string; id?: string }) =>
          part.type === "tool_use" ? [part.id] : [],
        )
      : [],
  );
}

describe("a compaction mid-turn", { timeout: 120_000 }, () => {
  it("summarises the calls before the kept one, and the kept call follows the summary once", async () => {
    const box = sandbox();
    const server = await modelServer([
      {
        ...reply.toolCall("bash", { command: "echo one" }, "call_1"),
        usage: { inputTokens: 6000, outputTokens: 10 },
      },
      // A nearly full context: the next step compacts first.
      {
        ...reply.toolCall("bash", { command: "echo two" }, "call_2"),
        usage: { inputTokens: 190_000, outputTokens: 10 },
      },
      reply.text("SUMMARY: one echo ran"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--permission-mode", "bypassPermissions"], {
      env: modelEnv(server, box.home, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" }),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    const summaryRequest = server.requests[2];
    expect(requestText(summaryRequest)).toContain(SUMMARY_ASK);
    expect(callIds(summaryRequest)).toEqual(["call_1"]);
    // The request in progress is summarised with the calls before it.
    expect(requestText(summaryRequest)).toContain('"go"');
    expect(callIds(server.requests[3])).toEqual(["call_2"]);
    expect(r.stdout).toBe("done\n");
  });
});
