import { describe, expect, it } from "vitest";
import { saidAfterAsyncReply } from "../src/async-reply.js";

describe("what a hook printed after its async reply, for the model", () => {
  it("is its systemMessage, then its additionalContext, one per line", () => {
    const out = JSON.stringify({
      systemMessage: "scan done",
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "eval() in a.py" },
    });
    expect(saidAfterAsyncReply(`${out}\n`)).toBe("scan done\neval() in a.py");
  });

  it("is nothing for a block, a stop or plain text (claude 2.1.328 passes none of them on)", () => {
    expect(saidAfterAsyncReply('{"decision":"block","reason":"no"}')).toBeUndefined();
    expect(saidAfterAsyncReply('{"continue":false,"stopReason":"halt"}')).toBeUndefined();
    expect(saidAfterAsyncReply("plain words\n")).toBeUndefined();
    expect(saidAfterAsyncReply("")).toBeUndefined();
  });
});
