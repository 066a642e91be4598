/**
 * An edit's diff line wider than the terminal goes on under its sign, the sign again, as claude
 * 2.1.328 shows it (recorded in tmux); the terminal broke it at its edge, under the line numbers.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { startSessionWith } from "./support/terminal-session.js";

describe("a diff line wider than the terminal", { timeout: 120_000 }, () => {
  it("its next rows start under its + sign, with the sign", async () => {
    const box = sandbox();
    const text = `${"alpha ".repeat(8)}omega ${"beta ".repeat(12)}end`;
    const { term } = await startSessionWith(
      [
        reply.toolCall("write", { file_path: box.at("long.txt"), content: `${text}\n` }),
        reply.text("written"),
      ],
      { box, args: ["--permission-mode", "acceptEdits"], size: { columns: 60, rows: 30 } },
    );
    term.submit("write it");
    const screen = await term.waitForScreen(/^written$/m);
    // 4 spaces, the line number (4 columns), a space, the sign: the text starts at column 10.
    expect(screen).toContain(
      `       1 +${text.slice(0, 50)}\n         +${text.slice(50, 100)}\n         +${text.slice(100)}\n`,
    );
  });
});
