import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, promptText, startSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const log = (extra = "") => ({ hooks: [command(`cat >> hooks.jsonl; echo >> hooks.jsonl; ${extra}`)] });

describe("/clear", () => {
  it("fires SessionEnd (reason clear) then SessionStart (source clear) and starts a fresh history with the new context", async () => {
    const s = await startSession({
      user: {
        hooks: { SessionEnd: [log()], SessionStart: [{ matcher: "clear", ...log("echo CLEAR-CONTEXT") }] },
      },
      script: [reply.text("first answer"), reply.text("fresh answer")],
    });
    await s.runtime.prompt("EARLIER-PROMPT");
    s.runtime.clear();
    expect(s.runtime.messages).toEqual([]);
    await s.runtime.prompt("new start");
    const sent = promptText(s.model.requests[1], "user").join("\n");
    expect(sent).toContain("new start");
    expect(sent).toContain("CLEAR-CONTEXT");
    expect(sent).not.toContain("EARLIER-PROMPT");
    const hooks = await waitFor(() =>
      s.jsonLines("hooks.jsonl").length >= 2 ? s.jsonLines("hooks.jsonl") : undefined,
    );
    // SessionEnd is fired first; its hooks run in the background, so they may finish after SessionStart's.
    expect(hooks.map((h) => [h.hook_event_name, h.reason ?? h.source]).sort()).toEqual([
      ["SessionEnd", "clear"],
      ["SessionStart", "clear"],
    ]);
  });

  it("a session resumed after /clear starts after it", async () => {
    const first = await startSession({ script: [reply.text("a"), reply.text("b")] });
    await first.runtime.prompt("BEFORE-CLEAR");
    first.runtime.clear();
    await first.runtime.prompt("AFTER-CLEAR");
    await first.runtime.close();
    const resumed = await startSession({
      dirs: { project: first.project, home: first.home },
      runtime: { sessionId: first.runtime.sessionId, resume: true },
    });
    expect(JSON.stringify(resumed.runtime.messages)).toContain("AFTER-CLEAR");
    expect(JSON.stringify(resumed.runtime.messages)).not.toContain("BEFORE-CLEAR");
  });
});

describe("/resume", () => {
  it("goes on with the earlier session in place: its history, id and transcript; SessionStart source resume", async () => {
    const earlier = await startSession({ script: [reply.text("EARLIER-ANSWER")] });
    await earlier.runtime.prompt("EARLIER-PROMPT");
    await earlier.runtime.close();

    const s = await startSession({
      dirs: { project: earlier.project, home: earlier.home },
      user: { hooks: { SessionStart: [{ matcher: "resume", ...log() }] } },
      script: [reply.text("in the other"), reply.text("resumed answer")],
    });
    await s.runtime.prompt("THROWAWAY-PROMPT");
    s.runtime.resume(earlier.runtime.sessionId);
    expect(s.runtime.sessionId).toBe(earlier.runtime.sessionId);
    expect(s.runtime.transcriptPath).toBe(earlier.runtime.transcriptPath);
    await s.runtime.prompt("go on");
    const sent = JSON.stringify(s.model.requests[1]?.prompt);
    expect(sent).toContain("EARLIER-PROMPT");
    expect(sent).toContain("EARLIER-ANSWER");
    expect(sent).not.toContain("THROWAWAY-PROMPT");
    expect(s.jsonLines("hooks.jsonl").map((h) => [h.hook_event_name, h.source, h.session_id])).toEqual([
      ["SessionStart", "resume", earlier.runtime.sessionId],
    ]);
    expect(fs.readFileSync(earlier.runtime.transcriptPath, "utf8")).toContain("go on");
    expect(() => s.runtime.resume("not-a-session")).toThrow(/is not a session id/);
  });
});
