/**
 * A PreToolUse hook that answers `permissionDecision: "ask"`: its ⚑ line says it asks, above the
 * question it led to. It said `allowed`, right above a question asking whether to allow the call.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, sandbox } from "./support/cli-fixtures.js";
import { startSessionWith } from "./support/terminal-session.js";

describe("a hook that asks", { timeout: 120_000 }, () => {
  it("its ⚑ line says asks, not allowed, above the question", async () => {
    const box = sandbox();
    const answer = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "look first",
      },
    });
    const settings = box.json("s.json", {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${answer}'`, { name: "asker" })] }] },
    });
    const { term } = await startSessionWith(
      [reply.toolCall("bash", { command: "echo hi" }), reply.text("done")],
      {
        box,
        args: ["--settings", settings, "--permission-mode", "bypassPermissions"],
      },
    );
    term.submit("go");
    const screen = await term.waitForScreen(/\? allow bash echo hi .*a hook asks: look first/);
    expect(screen).toMatch(/^ {2}⚑ hook PreToolUse "asker" · asks · exit 0 · \d+ ms$/m);
    expect(screen).not.toContain("· allowed ·");
  });
});
