/**
 * A built-in command `-p` ran (`/context`, `/usage`) is recorded as claude 2.1.328 records it: its
 * caveat, the command, its output. The session list and a resumed session's recap show the command
 * as typed; the model is sent all three, as claude sends them.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { historyRecap } from "../src/cli/output/history-recap.js";
import { stylesFor } from "../src/cli/output/styles.js";
import { listSessions } from "../src/transcript/session-files.js";
import { readTranscript } from "../src/transcript/transcript-reader.js";
import { TranscriptWriter } from "../src/transcript/transcript-writer.js";
import { tempDir } from "./support/temp-dirs.js";

const ID = "0f3a2b1c-1111-4222-8333-944445555666";

function recorded(): string {
  const dir = tempDir("codebot-local-command-");
  const writer = new TranscriptWriter(path.join(dir, `${ID}.jsonl`), ID, "/p");
  writer.localCommandRun("context", "## Context Usage\n\nCONTEXT-TABLE");
  writer.append({ role: "user", content: "next prompt" });
  return writer.file;
}

describe("a built-in command's lines", () => {
  it("a resume sends its caveat, the command and its output, as claude's does", () => {
    const texts = JSON.stringify(readTranscript(recorded()).messages);
    expect(texts).toContain("<local-command-caveat>");
    expect(texts).toContain("<command-name>/context</command-name>");
    expect(texts).toContain(
      "<local-command-stdout>## Context Usage\\n\\nCONTEXT-TABLE</local-command-stdout>",
    );
    expect(texts).toContain("next prompt");
  });

  it("the recap shows the command as typed, without its caveat and output", () => {
    const lines = historyRecap(readTranscript(recorded()).shown, stylesFor({ isTTY: false }, {}));
    expect(lines).toEqual(["── earlier in this session ──", "› /context", "› next prompt", "──"]);
  });

  it("the session list's first prompt is the command as typed", () => {
    const file = recorded();
    expect(listSessions(path.dirname(file))[0]).toMatchObject({ id: ID, firstPrompt: "/context" });
  });
});
