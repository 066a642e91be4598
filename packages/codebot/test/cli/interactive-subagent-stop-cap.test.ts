/**
 * A SubagentStop hook that blocks up to the attempts cap: the blocks before it send the sub-agent
 * back, the one at the cap ends the sub-agent's run (its last answer is the agent tool's result),
 * and its ⚑ line says that rather than "sent back".
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("a SubagentStop hook blocking up to the cap", { timeout: 120_000 }, () => {
  it("its last ⚑ line says the sub-agent's run ended at the cap, not that it was sent back", async () => {
    const box = sandbox();
    const block = `printf '%s' '{"decision":"block","reason":"never good enough"}'`;
    const settings = box.json("s.json", {
      hooks: { SubagentStop: [{ hooks: [command(block)] }] },
      postStopValidation: { maxAttempts: 2 },
    });
    const { term } = await startSessionWith(
      [
        reply.toolCall("agent", { prompt: "fix it", description: "fixer" }, "a1"),
        reply.text("try 1"),
        reply.text("try 2"),
        reply.text("all done"),
      ],
      { box, args: ["--settings", settings], size: { columns: 140, rows: 40 } },
    );
    term.submit("go");
    const screen = await term.waitForScreen(/^all done$/m);
    const lines = screen.split("\n").filter((l) => l.includes("⚑ hook SubagentStop"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("sent back");
    expect(lines[1]).toContain("ends the sub-agent's run at the attempts cap");
    expect(lines[1]).not.toContain("sent back");
  });
});
