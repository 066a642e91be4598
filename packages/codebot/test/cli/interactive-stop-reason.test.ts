/**
 * A Stop hook that sends the agent back: its reason, what the agent goes on to do, is on the
 * screen whole, as claude 2.1.328 shows it under "Stop hook reported a problem" (recorded in
 * tmux), not only as the ⚑ line's cut preview.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

const REASON =
  "run the tests: npm test in packages/codebot, then fix whatever fails before you say you are done, and say which tests ran";

describe("a Stop hook's reason", { timeout: 120_000 }, () => {
  it("too long for its ⚑ line, it is written whole on the rows under it", async () => {
    const box = sandbox();
    // Blocks once, then lets the agent stop (stop_hook_active).
    const script = `grep -q '"stop_hook_active":true' && exit 0; printf '%s' '{"decision":"block","reason":"${REASON}"}'`;
    const settings = box.json("s.json", { hooks: { Stop: [{ hooks: [command(script)] }] } });
    const { term } = await startSessionWith([reply.text("first try"), reply.text("tests ran")], {
      box,
      args: ["--settings", settings],
      size: { columns: 110, rows: 40 },
    });
    term.submit("do it");
    const screen = await term.waitForScreen(/^tests ran$/m);
    const rows = screen.split("\n");
    const hookRow = rows.findIndex((l) => l.includes("⚑ hook Stop") && l.includes("sent back"));
    expect(hookRow).toBeGreaterThanOrEqual(0);
    // The ⚑ line cuts it; the rows under it, indented, hold it whole.
    expect(rows[hookRow]).toMatch(/…$/);
    const under = rows.slice(hookRow + 1, rows.indexOf("tests ran"));
    expect(under.every((l) => l.startsWith("    "))).toBe(true);
    expect(under.map((l) => l.trim()).join(" ")).toBe(REASON);
  });
});
