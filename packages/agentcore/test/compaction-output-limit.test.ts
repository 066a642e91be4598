import { describe, expect, test } from "vitest";
import { OUTPUT_LIMIT_RESUME_TEXT, OutputLimitError, summarizeConversation } from "../src/index.js";
import { type LoopbackModelServer, reply, type startLoopbackModelServer } from "../src/testing/index.js";
import { withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();
/** The server of the test's summary. */
let server: LoopbackModelServer | undefined;

async function summarize(script: Parameters<typeof startLoopbackModelServer>[0]) {
  const started = await loopback(script);
  server = started.server;
  const model = started.model;
  return summarizeConversation({
    model,
    messages: [
      { role: "user", content: "fix the bug" },
      { role: "assistant", content: "fixed it" },
    ],
    signal: new AbortController().signal,
  });
}

/** The last message of each request the server got, as text. */
function lastMessages(): string[] {
  return (server?.requests ?? []).map((request) => {
    const messages = (request.body as { messages: { content: unknown }[] }).messages;
    return JSON.stringify(messages.at(-1)?.content);
  });
}

describe("a compaction summary cut at the output limit, as claude 2.1.328 handles it", () => {
  test("is asked to go on in the session's words, and its pieces make the summary", async () => {
    const made = await summarize([
      reply.atLimit("The user asked to fix "),
      reply.text("the bug; it is fixed."),
    ]);
    expect(made.summary).toBe("The user asked to fix the bug; it is fixed.");
    expect(lastMessages()).toHaveLength(2);
    expect(lastMessages()[1]).toContain(OUTPUT_LIMIT_RESUME_TEXT);
    expect(made.usage.outputTokens).toBe(10);
  });

  test("cut a fourth time in a row, the summary fails with the output-limit error", async () => {
    const cut = reply.atLimit("more ");
    await expect(summarize([cut, cut, cut, cut, reply.text("never asked")])).rejects.toBeInstanceOf(
      OutputLimitError,
    );
    expect(lastMessages()).toHaveLength(4);
  });
});
