import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession } from "./support/e2e.js";

/** A session whose one bash call has a PreToolUse hook that prints, then runs past the 1 s report. */
function slowHookSession(runtime: Record<string, unknown>) {
  return startSession({
    user: { hooks: { PreToolUse: [command("printf 'checking'; sleep 1.5", { name: "slow" })] } },
    script: [reply.toolCalls(toolCall("bash", { command: "true" }, "c-1")), reply.text("done")],
    runtime,
  });
}

describe("hook_progress session events: only for the events a listener asked for", () => {
  it("a running command hook of an asked-for event gives hook_progress events with its output so far", async () => {
    const s = await slowHookSession({ hookProgress: (event: string) => event === "PreToolUse" });
    await s.runtime.prompt("go");
    const progress = s.events.filter((e) => e.kind === "hook_progress");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ progress: { stdout: "checking" } });
  });

  it("without hookProgress a running command hook gives no hook_progress events", async () => {
    const s = await slowHookSession({});
    await s.runtime.prompt("go");
    expect(s.events.filter((e) => e.kind === "hook_start")).toHaveLength(1);
    expect(s.events.filter((e) => e.kind === "hook_progress")).toEqual([]);
  });
});
