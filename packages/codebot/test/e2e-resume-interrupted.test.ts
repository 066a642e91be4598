import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionDirectory } from "../src/transcript/session-files.js";
import { TranscriptWriter } from "../src/transcript/transcript-writer.js";
import { scratchDir, startSession } from "./support/e2e.js";

/** A session of a new project whose last call (c1, bash) never got its result: the process died mid-call. */
function sessionCutMidCall(): { dirs: { project: string; home: string }; id: string } {
  const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
  const id = randomUUID();
  const file = path.join(sessionDirectory(dirs.home, dirs.project), `${id}.jsonl`);
  const writer = new TranscriptWriter(file, id, dirs.project);
  writer.append({ role: "user", content: "run it" });
  writer.append({
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: { command: "sleep 100" } }],
  });
  return { dirs, id };
}

const notice = (id: string) =>
  `codebot: resuming ${id}: tool call c1 (bash) has no result; it is marked interrupted`;

describe("a call cut off, resumed", () => {
  it("-c/-r: the error result it is given is written to the transcript, so the next resume neither reports it nor differs", async () => {
    const { dirs, id } = sessionCutMidCall();
    const first = await startSession({ dirs, runtime: { sessionId: id, resume: true } });
    expect(first.notices).toContain(notice(id));
    await first.runtime.close();

    const second = await startSession({ dirs, runtime: { sessionId: id, resume: true } });
    expect(second.notices.filter((n) => n.includes("resuming"))).toEqual([]);
    expect(second.runtime.messages).toEqual(first.runtime.messages);
  });

  it("/resume: the error result it is given is written to the transcript too", async () => {
    const { dirs, id } = sessionCutMidCall();
    const other = await startSession({ dirs });
    other.runtime.resume(id);
    expect(other.notices).toContain(notice(id));
    await other.runtime.close();

    const again = await startSession({ dirs, runtime: { sessionId: id, resume: true } });
    expect(again.notices.filter((n) => n.includes("resuming"))).toEqual([]);
  });
});
