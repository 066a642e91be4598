/**
 * The deferred tools' lines of a transcript (claude 2.1.328's `deferred_tools_delta`, recorded:
 * a session of claude's own, `-c` twice, with a tool that came and one that went): a resume puts
 * back each note that tools came or went where it stood, and adds the lines up to know which tools
 * the model was told of; the first line, the listing, is no note.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addedToolsOf, removedToolsOf } from "@codebot/agentcore";
import { describe, expect, it } from "vitest";
import { readTranscript } from "../src/transcript/transcript-reader.js";
import { scratchDir } from "./support/e2e.js";
import { transcriptWithoutListing } from "./support/transcript-without-listing.js";

const CLAUDE_SESSION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "fixtures",
  "claude-code-2.1.328",
  "deferred-tools-session.jsonl",
);

const textOf = (message: { content: unknown } | undefined) =>
  typeof message?.content === "string" ? message.content : JSON.stringify(message?.content);

describe("a claude session's deferred_tools_delta lines, resumed", () => {
  it("each note that tools came or went comes back after the prompt it followed; the listing gives none", () => {
    const { messages } = readTranscript(CLAUDE_SESSION);
    const notes = messages.flatMap((message, at) => {
      const added = addedToolsOf(message);
      const removed = removedToolsOf(message);
      return added || removed ? [{ after: textOf(messages[at - 1]), added, removed }] : [];
    });
    expect(notes).toEqual([
      { after: "third", added: ["mcp__t__fresh"], removed: undefined },
      { after: "fourth", added: undefined, removed: ["mcp__t__gamma"] },
    ]);
  });

  it("the tools the model was told of: the listing, with the tools that came, less those that went", () => {
    const { listedDeferred } = readTranscript(CLAUDE_SESSION);
    expect(listedDeferred).toContain("mcp__t__fresh");
    expect(listedDeferred).toContain("mcp__t__alpha");
    expect(listedDeferred).toContain("WebFetch");
    expect(listedDeferred).not.toContain("mcp__t__gamma");
  });
});

/**
 * The same session as an older codebot wrote it: its notes, and no listing (it wrote none). Its
 * note that a tool came adds names as a listing does; coming after the model's answers, it is a note.
 */
function withoutListing(): string {
  const file = path.join(scratchDir("no-listing-"), "session.jsonl");
  fs.writeFileSync(file, transcriptWithoutListing(fs.readFileSync(CLAUDE_SESSION, "utf8")));
  return file;
}

describe("an older codebot session's deferred_tools_delta lines (notes, no listing), resumed", () => {
  it("the note that a tool came is put back after its prompt, not taken for the listing", () => {
    const { messages } = readTranscript(withoutListing());
    const at = messages.findIndex((message) => addedToolsOf(message) !== undefined);
    const note = messages[at];
    expect(note && addedToolsOf(note)).toEqual(["mcp__t__fresh"]);
    expect(textOf(messages[at - 1])).toBe("third");
  });

  it("the tools the model was told of stay unknown: no listing was read", () => {
    expect(readTranscript(withoutListing()).listedDeferred).toBeUndefined();
  });
});
