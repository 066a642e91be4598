import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTranscript } from "../../src/transcript/transcript-reader.js";
import { TranscriptWriter } from "../../src/transcript/transcript-writer.js";
import { scratchDir } from "../support/e2e.js";

/** Two prompts answered; returns the writer and each prompt line's uuid and parent. */
function twoPrompts(file: string) {
  const writer = new TranscriptWriter(file, "s", "/p");
  const first = writer.append({ role: "user", content: "first" });
  writer.append({ role: "assistant", content: [{ type: "text", text: "one" }] });
  const before = JSON.parse(fs.readFileSync(file, "utf8").trim().split("\n").at(-1) ?? "{}").uuid as string;
  const second = writer.append({ role: "user", content: "second" });
  writer.append({ role: "assistant", content: [{ type: "text", text: "two" }] });
  return { writer, first, second, before };
}

describe("a rewound transcript", () => {
  it("lists the history's prompts with the line each follows", () => {
    const file = path.join(scratchDir("codebot-rewind-"), "s.jsonl");
    const { first, second, before } = twoPrompts(file);
    expect(
      readTranscript(file).prompts.map(({ uuid, parentUuid, text }) => ({ uuid, parentUuid, text })),
    ).toEqual([
      { uuid: first, parentUuid: null, text: "first" },
      { uuid: second, parentUuid: before, text: "second" },
    ]);
  });

  it("read up to a prompt (`before`): the history before it", () => {
    const file = path.join(scratchDir("codebot-rewind-"), "s.jsonl");
    const { second } = twoPrompts(file);
    expect(readTranscript(file, { before: second }).messages).toEqual([
      { role: "user", content: "first" },
      { role: "assistant", content: [{ type: "text", text: "one" }] },
    ]);
  });

  it("a prompt written after a rewind branches off: the history goes on from the line it follows, the lines rewound over stay in the file", () => {
    const file = path.join(scratchDir("codebot-rewind-"), "s.jsonl");
    const { writer, before } = twoPrompts(file);
    writer.rewindTo(before);
    writer.append({ role: "user", content: "instead" });
    writer.append({ role: "assistant", content: [{ type: "text", text: "three" }] });

    const read = readTranscript(file);

    expect(read.messages.map((m) => m.content)).toEqual([
      "first",
      [{ type: "text", text: "one" }],
      "instead",
      [{ type: "text", text: "three" }],
    ]);
    expect(read.prompts.map((p) => p.text)).toEqual(["first", "instead"]);
    expect(fs.readFileSync(file, "utf8")).toContain('"second"');
  });

  it("a rewind with no prompt after it (the session quit at once): a resume's history ends before the prompt", () => {
    const file = path.join(scratchDir("codebot-rewind-"), "s.jsonl");
    const { writer, before } = twoPrompts(file);
    writer.rewindTo(before);
    expect(readTranscript(file).messages.map((m) => m.content)).toEqual([
      "first",
      [{ type: "text", text: "one" }],
    ]);
  });

  it("a prompt of claude's that follows an earlier line than the last (its rewind writes no line) branches off too", () => {
    const file = path.join(scratchDir("codebot-rewind-"), "s.jsonl");
    const { before } = twoPrompts(file);
    // claude 2.1.328's next prompt after a rewind, recorded: it follows the line before the prompt rewound.
    fs.appendFileSync(
      file,
      `${JSON.stringify({ type: "user", message: { role: "user", content: "claude's" }, uuid: "c1", parentUuid: before, timestamp: new Date().toISOString(), sessionId: "s", isSidechain: false })}\n`,
    );
    expect(readTranscript(file).prompts.map((p) => p.text)).toEqual(["first", "claude's"]);
  });

  it("a rewind to the first prompt: the next prompt starts the history again", () => {
    const file = path.join(scratchDir("codebot-rewind-"), "s.jsonl");
    const { writer } = twoPrompts(file);
    writer.rewindTo(null);
    writer.append({ role: "user", content: "anew" });
    expect(readTranscript(file).messages).toEqual([{ role: "user", content: "anew" }]);
  });
});
