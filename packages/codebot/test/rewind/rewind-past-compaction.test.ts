/**
 * A prompt whose turn was compacted part-way (an automatic compaction between two model steps) is
 * still `/rewind`'s row for that prompt: restoring the code to it puts back what its tools changed
 * before the compaction too, not only after it.
 */
import fs from "node:fs";
import { type ReplyTurn, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { startSession } from "../support/e2e.js";

/** The scripted model's spec is `scripted/scripted`: a 1000-token window compacts at 850. */
const SMALL_WINDOW = { models: { "scripted/scripted": { contextWindow: 1000 } } };

const withInput = (turn: ReplyTurn, inputTokens: number): ReplyTurn => ({
  ...turn,
  usage: { inputTokens, outputTokens: 5 },
});

describe("rewinding to a prompt compacted mid-turn", () => {
  it("restores the files its tools changed before the compaction", async () => {
    const s = await startSession({
      user: SMALL_WINDOW,
      script: [
        withInput(reply.toolCall("write", { file_path: "a.txt", content: "changed\n" }, "w1"), 300),
        withInput(reply.toolCall("bash", { command: "echo between" }, "b1"), 900),
        reply.text("SUMMARY: a.txt was rewritten."),
        withInput(reply.text("done"), 200),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "original\n");
    expect(await s.runtime.prompt("rewrite a.txt")).toMatchObject({ status: "completed", text: "done" });
    expect(s.notices.join("\n")).toContain("conversation compacted (auto)");
    expect(fs.readFileSync(s.at("a.txt"), "utf8")).toBe("changed\n");

    const point = s.runtime.rewindPoints().at(-1);
    expect(point?.text).toBe("rewrite a.txt");
    s.runtime.rewind(point as NonNullable<typeof point>, { conversation: false, code: true });
    await s.runtime.close();

    expect(fs.readFileSync(s.at("a.txt"), "utf8")).toBe("original\n");
  });
});
