/**
 * docs/cli.md's sample of the interactive session, read from the doc and played in a real
 * terminal (tmux): the same rows in the same order, numbers aside.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelServer, sandbox } from "./support/cli-fixtures.js";
import { repoRoot, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** The sample's rows from the banner to the tool call's line (its `…` and `$ codebot` left out). */
function sampleRows(): string[] {
  const doc = fs.readFileSync(path.join(repoRoot, "docs/cli.md"), "utf8");
  const block = /## The interactive session\n\n```\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
  return block.split("\n").filter((row) => row !== "" && row !== "…" && !row.startsWith("$ "));
}

/** A row as a pattern: its own text, any number where it has one (durations, counts). */
const rowPattern = (row: string) =>
  new RegExp(`^${row.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\d+/g, "\\d+")}\\s*$`);

describe("docs/cli.md: the interactive session's sample", { timeout: 120_000 }, () => {
  it("a session with a PreToolUse hook shows the sample's rows in its order", async () => {
    const rows = sampleRows();
    expect(rows.length).toBeGreaterThan(5);
    const box = sandbox();
    box.json(path.join(box.home, "settings.json"), {
      hooks: { PreToolUse: [command("true", { name: "guard", matcher: "bash" })] },
    });
    box.json("package.json", { name: "p", scripts: { test: "seq 40" } });
    const server = await modelServer([
      reply.turn({
        text: "Let me run the tests first.",
        toolCalls: [toolCall("bash", { command: "npm test" })],
      }),
      reply.text("Fixed."),
    ]);
    const term = await startSession(box, server);
    term.submit("fix the failing test");
    await term.waitForScreen("[a]lways (bash(npm test)):");
    term.press("y");
    const screen = await term.waitForScreen(/^✓ bash npm test/m);
    const shown = screen.split("\n").filter((row) => row.trim() !== "");
    const expected = rows.map((row) => row.replace("/home/me/project", box.project));
    // Each sample row, in order, is a row of the screen (the answer's streaming leaves no others between them).
    const found = expected.map((row) => shown.findIndex((s) => rowPattern(row).test(s)));
    expect(found.every((index) => index >= 0)).toBe(true);
    expect(found).toEqual([...found].sort((a, b) => a - b));
  });
});
