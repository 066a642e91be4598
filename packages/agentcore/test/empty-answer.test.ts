import { describe, expect, test } from "vitest";
import { EMPTY_ANSWER_NUDGE_TEXT } from "../src/index.js";
import { reply, type TurnReply } from "../src/testing/index.js";
import { runToEnd, withLoopbackServer } from "./helpers.js";

const loopback = withLoopbackServer();

/** A run against the loopback server (Anthropic wire) answering `script`. */
async function run(script: TurnReply[]) {
  const { server, model } = await loopback(script);
  return { ...(await runToEnd({ model })), requests: server.requests };
}

const EMPTY: TurnReply = { kind: "reply" };

describe("an answer with nothing visible (claude 2.1.328, recorded)", () => {
  test("is not kept; the model is told so and asked again, and its next answer is the run's", async () => {
    const { result, requests } = await run([EMPTY, reply.text("there it is")]);
    expect(result.reason).toBe("stop");
    expect(requests).toHaveLength(2);
    // The prompt and the nudge, one user turn on the wire, no empty assistant turn between.
    expect(requests[1]?.body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "go" },
          { type: "text", text: EMPTY_ANSWER_NUDGE_TEXT },
        ],
      },
    ]);
    expect(result.newMessages).toEqual([
      { role: "user", content: EMPTY_ANSWER_NUDGE_TEXT },
      expect.objectContaining({
        role: "assistant",
        content: [expect.objectContaining({ text: "there it is" })],
      }),
    ]);
  });

  test("twice in a row ends the run as it is, after one nudge", async () => {
    const { result, requests } = await run([EMPTY, EMPTY, reply.text("never asked for")]);
    expect(result.reason).toBe("stop");
    expect(requests).toHaveLength(2);
  });

  test("blank text counts as nothing visible", async () => {
    const { requests } = await run([reply.text("  \n"), reply.text("words")]);
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[1]?.body.messages)).toContain(EMPTY_ANSWER_NUDGE_TEXT);
  });
});
