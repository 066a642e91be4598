/**
 * The prompt's kill ring in a real terminal (tmux): what the word deletes take, Ctrl+Y puts back,
 * as claude 2.1.328's prompt does (recorded in tmux) and as a shell does.
 */
import { describe, it } from "vitest";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("the prompt's kill ring", { timeout: 120_000 }, () => {
  it("Ctrl+W twice then Ctrl+Y brings both words back, as one", async () => {
    const { term } = await startSessionWith([]);
    term.type("one two three four");
    await term.waitForScreen(/^› one two three four\s*$/m);
    term.press("C-w");
    await term.waitForScreen(/^› one two three\s*$/m);
    term.press("C-w");
    await term.waitForScreen(/^› one two\s*$/m);
    term.press("C-y");
    await term.waitForScreen(/^› one two three four\s*$/m);
  });

  it("the word Alt+D deletes is put back by Ctrl+Y where the cursor is", async () => {
    const { term } = await startSessionWith([]);
    term.type("one two three");
    await term.waitForScreen(/^› one two three\s*$/m);
    term.press("C-a");
    term.press("M-d");
    await term.waitForScreen(/^› two three\s*$/m);
    term.press("C-e");
    term.press("C-y");
    await term.waitForScreen(/^› two threeone\s*$/m);
  });
});
