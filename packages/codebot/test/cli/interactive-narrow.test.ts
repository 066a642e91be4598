/** The session in a 40-column terminal: its own text is broken between words, not mid-word by the terminal. */
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("a 40-column terminal", { timeout: 120_000 }, () => {
  it("the banner and /help are broken between words, each description under its command", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: [],
      size: { columns: 40, rows: 60 },
    });
    const start = await term.waitForScreen(/^›.*\n.*context/m);
    expect(start).toMatch(
      /^codebot \S+ ·\nanthropic\/claude-sonnet-4-5 ·\n.*\n\/help for commands · Esc or Ctrl\+C\ninterrupts a run · Ctrl\+C twice, Ctrl\+D\nor \/exit quits\n›/m,
    );
    term.submit("/help");
    // The final state: the prompt back under the list, its status line under it.
    const screen = await term.waitForScreen(/^ {4}this list\n›.*\n.*context/m);
    expect(screen).toContain(
      ["/exit", "    end the session (SessionEnd runs,", "    async hooks are waited for)", "/help"].join(
        "\n",
      ),
    );
  });
});
