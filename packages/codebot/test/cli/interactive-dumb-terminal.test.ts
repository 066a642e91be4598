/**
 * `TERM=dumb` (Emacs' shell, some CI consoles, a terminal set up so): the prompt is still edited
 * with the usual keys, as claude 2.1.328 edits it there (recorded in tmux: `abc`, ←, `X` showed
 * `abXc`). node's readline took only typing and Enter under it, while codebot drew as usual.
 */
import { describe, it } from "vitest";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("TERM=dumb", { timeout: 120_000 }, () => {
  it("← moves the cursor in the line being typed", async () => {
    // The test terminal sets TERM for its shell; env sets it for codebot alone.
    const { term } = await startSessionWith([], { program: ["env", "TERM=dumb", process.execPath, cliPath] });
    term.type("abc");
    await term.waitForScreen(/^› abc\s*$/m);
    term.press("Left");
    term.type("X");
    await term.waitForScreen(/^› abXc\s*$/m);
  });
});
