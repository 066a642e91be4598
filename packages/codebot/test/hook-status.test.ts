import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../src/session/session-events.js";
import { command, startSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

/** `start:<hook>` and `trace:<hook>` for the session's hook events, in order. */
function hookOrder(events: readonly SessionEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.kind === "hook_start") return [`start:${e.start.hook}`];
    if (e.kind === "hook" && e.record.matched) return [`trace:${e.record.hook}`];
    return [];
  });
}

describe("§3.1 statusMessage is shown to the user while the hook runs", () => {
  it("a running hook's statusMessage reaches the session's subscribers before the hook ends", async () => {
    const s = await startSession({
      user: {
        hooks: {
          UserPromptSubmit: [
            // Runs until the test has looked: the start event must be there while it runs.
            command("touch started; while [ ! -f release ]; do sleep 0.05; done", {
              name: "scan",
              statusMessage: "scanning the prompt for secrets…",
            }),
          ],
        },
      },
      script: [reply.text("ok")],
    });
    const running = s.runtime.prompt("go");
    await waitFor(() => fs.existsSync(s.at("started")), 15_000, "the hook to start");
    const whileRunning = [...s.events];
    fs.writeFileSync(s.at("release"), "");
    await running;
    expect(whileRunning).toContainEqual({
      kind: "hook_start",
      start: expect.objectContaining({
        event: "UserPromptSubmit",
        hook: "scan",
        source: "user",
        statusMessage: "scanning the prompt for secrets…",
      }),
    });
    expect(hookOrder(whileRunning)).toEqual(["start:scan"]);
    expect(hookOrder(s.events)).toEqual(["start:scan", "trace:scan"]);
  });

  it("a tool hook's start carries the tool call id", async () => {
    const s = await startSession({
      user: {
        hooks: { PreToolUse: [command("true", { name: "guard", statusMessage: "checking the command" })] },
      },
      script: [reply.toolCall("bash", { command: "echo hi" }, "call-1"), reply.text("done")],
    });
    await s.runtime.prompt("run it");
    const starts = s.events.flatMap((e) => (e.kind === "hook_start" ? [e.start] : []));
    expect(starts).toEqual([
      expect.objectContaining({
        event: "PreToolUse",
        hook: "guard",
        statusMessage: "checking the command",
        toolUseId: "call-1",
      }),
    ]);
  });

  it("a project hook that is not approved never starts, so its statusMessage is never shown", async () => {
    const s = await startSession({
      project: {
        hooks: {
          UserPromptSubmit: [command("touch ran", { name: "untrusted", statusMessage: "never shown" })],
        },
      },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(s.events.some((e) => e.kind === "hook_start")).toBe(false);
    expect(fs.existsSync(s.at("ran"))).toBe(false);
  });
});
