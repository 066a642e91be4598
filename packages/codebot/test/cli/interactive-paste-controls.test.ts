/**
 * A paste is text, never keys: the control bytes and escape sequences it holds (copied from a
 * terminal, a log) are dropped, as claude 2.1.328 drops them (recorded in tmux: `abc^C^Cdef` pasted
 * showed `abcdef`; `\e]0;PWNED\a` left nothing, a backspace byte was dropped, not obeyed).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { requestText } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("control bytes in a paste", { timeout: 120_000 }, () => {
  it("two Ctrl+C bytes in a paste do not quit the session: the text around them is the prompt", async () => {
    const { box, server, term } = await startSessionWith([reply.text("got it")]);
    term.paste(box.write("p.txt", "abc\x03\x03def"));
    await term.waitForScreen(/^› abcdef\s*$/m);
    term.press("Enter");
    await term.waitForScreen(/^got it$/m);
    expect(requestText(server.requests[0])).toContain('"abcdef"');
  });

  it("a paste's escape sequences are dropped whole and its backspace is not obeyed", async () => {
    const { box, server, term } = await startSessionWith([reply.text("got it")]);
    term.paste(box.write("p.txt", "red \x1b[31mRED\x1b[0m title \x1b]0;PWNED\x07 bs\bx"));
    await term.waitForScreen(/^› red RED title {2}bsx\s*$/m);
    expect(term.tmux("display", "-p", "-t", "t", "#{pane_title}")).not.toContain("PWNED");
    term.press("Enter");
    await term.waitForScreen(/^got it$/m);
    expect(requestText(server.requests[0])).toContain('"red RED title  bsx"');
  });

  it("Ctrl+D and Ctrl+R bytes in a paste neither arm quitting nor start a search", async () => {
    const { box, term } = await startSessionWith([reply.text("got it")]);
    term.paste(box.write("p.txt", "\x04"));
    term.paste(box.write("q.txt", "q\x12w"));
    await term.waitForScreen(/^› qw\s*$/m);
    const screen = term.screen();
    expect(screen).not.toContain("Ctrl+D again");
    expect(screen).not.toContain("search prompts");
  });
});
