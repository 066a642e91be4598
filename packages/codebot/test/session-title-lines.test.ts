/**
 * The session list reads a transcript's start and end only; a title given early in a long session
 * must still be found: the writer writes the title line again as the transcript grows.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionLine } from "../src/cli/resume-flags.js";
import { listSessions } from "../src/transcript/session-files.js";
import { readTranscript } from "../src/transcript/transcript-reader.js";
import { MAX_TITLE, TITLE_WINDOW, TranscriptWriter } from "../src/transcript/transcript-writer.js";
import { tempDir } from "./support/temp-dirs.js";

const ID = "0f3a2b1c-1111-4222-8333-944445555666";

describe("session title lines", () => {
  it("a title given early in a long session is listed: the end of the transcript holds it too", () => {
    const dir = tempDir("codebot-title-");
    const writer = new TranscriptWriter(path.join(dir, `${ID}.jsonl`), ID, "/p");
    const big = {
      role: "assistant" as const,
      content: [{ type: "text" as const, text: "x".repeat(10_000) }],
    };
    writer.append({ role: "user", content: "first prompt" });
    // Given past the start the list reads, and followed by much more.
    for (let i = 0; i < 20; i++) writer.append(big);
    writer.setTitle("Early title");
    for (let i = 0; i < 60; i++) writer.append(big);
    expect(fs.statSync(writer.file).size).toBeGreaterThan(8 * TITLE_WINDOW);
    expect(listSessions(dir)[0]).toMatchObject({ id: ID, title: "Early title", firstPrompt: "first prompt" });
    expect(readTranscript(writer.file).title).toBe("Early title");
  });

  it("the last title wins, in the list and on resume", () => {
    const dir = tempDir("codebot-title-");
    const writer = new TranscriptWriter(path.join(dir, `${ID}.jsonl`), ID, "/p");
    writer.append({ role: "user", content: "hi" });
    writer.setTitle("Old");
    writer.setTitle("New");
    expect(listSessions(dir)[0]?.title).toBe("New");
    expect(readTranscript(writer.file).title).toBe("New");
  });

  it("a title longer than 256 characters is cut, and still listed", () => {
    const dir = tempDir("codebot-title-");
    const writer = new TranscriptWriter(path.join(dir, `${ID}.jsonl`), ID, "/p");
    writer.append({ role: "user", content: "hi" });
    writer.setTitle("t".repeat(100_000));
    writer.append({ role: "assistant", content: [{ type: "text", text: "x".repeat(70_000) }] });
    expect(listSessions(dir)[0]?.title).toBe(`${"t".repeat(MAX_TITLE)}…`);
  });

  it("the list shows the title instead of the first prompt, on one line, without terminal sequences", () => {
    const session = { id: ID, transcriptPath: "", modified: new Date(0), firstPrompt: "the prompt" };
    expect(sessionLine({ ...session, title: "Fix\n the \u001b[31mparser\u001b[0m" })).toBe(
      `${ID}  1970-01-01 00:00  Fix the parser`,
    );
    expect(sessionLine(session)).toBe(`${ID}  1970-01-01 00:00  the prompt`);
  });
});
