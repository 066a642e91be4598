/**
 * A paste that begins or ends with a line break (a line copied whole, with its newline) is echoed
 * once sent without the empty rows around it, as claude 2.1.328 shows it (recorded: `❯ alpha` /
 * `  beta`, no empty row under it), and kept in the history the same way.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { startSessionWith } from "./support/terminal-session.js";
import type { TmuxSession } from "./support/tmux.js";

function paste(term: TmuxSession, file: string): void {
  term.tmux("load-buffer", "-b", "p", file);
  term.tmux("paste-buffer", "-p", "-b", "p", "-t", "t");
}

describe("pastes with blank lines at their ends", { timeout: 120_000 }, () => {
  it("a paste ending with a line break is echoed without an empty … row under it", async () => {
    const { box, term } = await startSessionWith([reply.text("got it")]);
    paste(term, box.write("p.txt", "alpha\nbeta\n"));
    await term.waitForScreen(/^… beta\n…/m);
    term.press("Enter");
    const screen = await term.waitForScreen(/^got it$/m);
    expect(screen).toMatch(/^› alpha\n… beta\ngot it$/m);
  });

  it("a folded paste with blank lines before and after its text is echoed without them", async () => {
    const { box, term } = await startSessionWith([reply.text("got it")]);
    paste(term, box.write("p.txt", "\n  \na1\n\na2\n\n"));
    await term.waitForScreen("› [Pasted text #1 +6 lines]");
    term.press("Enter");
    const screen = await term.waitForScreen(/^got it$/m);
    expect(screen).toMatch(/^› a1\n…\n… a2\ngot it$/m);
  });

  it("↑ brings back a paste that ended with a line break without the empty line", async () => {
    const { box, term } = await startSessionWith([reply.text("got it")]);
    paste(term, box.write("p.txt", "alpha\nbeta\n"));
    await term.waitForScreen(/^… beta\n…/m);
    term.press("Enter");
    await term.waitForScreen(/^got it\n›/m);
    term.press("Up");
    // The status line comes right under it: no empty row for the line break.
    await term.waitForScreen(/^got it\n› alpha\nbeta\n\S/m);
  });
});
