/**
 * The write and edit tools' lines name the file as it is, in a real terminal (tmux): an escape
 * sequence in its name is written out (`n\x1b[31m.txt`), as /rewind and the permission question
 * write it, not dropped — a line that read `✓ write n.txt` named another file than the one written.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("the tool lines of a file whose name has an escape sequence", { timeout: 120_000 }, () => {
  it("write and edit write the name out, so the lines name the file written", async () => {
    const name = "n\x1b[31m.txt";
    const { box, term } = await startSessionWith(
      [
        reply.toolCalls(toolCall("write", { file_path: name, content: "one\n" }, "w1")),
        reply.toolCalls(toolCall("edit", { file_path: name, old_string: "one", new_string: "two" }, "e1")),
        reply.text("done"),
      ],
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    term.submit("go");
    const screen = await term.waitForScreen(/^done$/m);
    expect(fs.readFileSync(box.at(name), "utf8")).toBe("two\n");
    expect(screen).toContain("✓ write n\\x1b[31m.txt → created n\\x1b[31m.txt (4 bytes)\n");
    expect(screen).toContain("✓ edit n\\x1b[31m.txt → edited n\\x1b[31m.txt (1 replacement)\n");
  });
});
