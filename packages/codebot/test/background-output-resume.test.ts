/**
 * A resumed session's file tools may read the output files its earlier runs' background shells
 * wrote (the session's `tasks` folder) — those files only: an entry there that is a symlink (one
 * the model made with `ln -s` in bypass mode) is not one, and must not open what it points to,
 * outside the project, to the `read` tool.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { backgroundOutputPath } from "../src/tools/background-bash.js";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

/** A session with one prompt behind it, closed; its `tasks` folder holds `entries` (name → make it). */
async function earlierSession(entries: Record<string, (file: string) => void>) {
  const first = await startSession({ script: [reply.text("hi")] });
  await first.runtime.prompt("hi");
  const { sessionId, transcriptPath } = first.runtime;
  await first.runtime.close();
  const files: Record<string, string> = {};
  for (const [name, make] of Object.entries(entries)) {
    const file = backgroundOutputPath(transcriptPath, sessionId, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    make(file);
    files[name] = file;
  }
  return { first, sessionId, files };
}

describe("output files of a resumed session's earlier background shells", () => {
  it("a regular file is read; a symlink there to a file outside the project is refused as outside it", async () => {
    const outside = path.join(scratchDir("codebot-outside-"), "secret.txt");
    fs.writeFileSync(outside, "SECRET-VALUE\n");
    const { first, sessionId, files } = await earlierSession({
      bshell01: (file) => fs.writeFileSync(file, "hello from before\n"),
      blinked1: (file) => fs.symlinkSync(outside, file),
    });
    const s = await startSession({
      dirs: { project: first.project, home: first.home },
      script: [
        reply.toolCalls(
          toolCall("read", { file_path: files.bshell01 }, "own"),
          toolCall("read", { file_path: files.blinked1 }, "linked"),
        ),
        reply.text("done"),
      ],
      runtime: { sessionId, resume: true },
    });
    await s.runtime.prompt("again");
    expect(toolResultFor(s.model, "own")?.text).toContain("hello from before");
    const linked = toolResultFor(s.model, "linked");
    expect(linked?.text).not.toContain("SECRET-VALUE");
    expect(linked).toMatchObject({ isError: true });
    expect(linked?.text).toContain("outside the project directory");
  });
});
