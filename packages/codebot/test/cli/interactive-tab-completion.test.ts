/**
 * Tab at the prompt in a real terminal (tmux): `@` mentions complete the project's paths, and
 * several candidates are listed above the prompt, leaving the status line under it whole.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("Tab completion at the prompt", { timeout: 120_000 }, () => {
  it("Tab after @ completes a project path: a folder with its /, then the one file in it that fits", async () => {
    const box = sandbox();
    box.write("src/parser.ts", "");
    box.write("src/other.ts", "");
    const { server, term } = await startSessionWith([reply.text("read it")], { box });
    term.type("look at @sr");
    term.press("Tab");
    await term.waitForScreen(/^› look at @src\/$/m);
    term.type("pa");
    term.press("Tab");
    await term.waitForScreen(/^› look at @src\/parser\.ts$/m);
    term.press("Enter");
    await term.waitForScreen(/^read it$/m);
    expect(requestText(server.requests[0])).toContain("look at @src/parser.ts");
  });

  it("Tab completes a path in a slash command's arguments too (`/compact @no` → `@notes.md`)", async () => {
    const box = sandbox();
    box.write("notes.md", "");
    const { term } = await startSessionWith([], { box });
    term.type("/compact keep @no");
    term.press("Tab");
    await term.waitForScreen(/^› \/compact keep @notes\.md$/m);
  });

  it("Tab with several candidates and nothing more they share lists them above the prompt; the status line under it stays whole", async () => {
    const box = sandbox();
    box.write("alpha.ts", "");
    box.write("alphabet.ts", "");
    const { term } = await startSessionWith([], { box });
    term.type("/c");
    term.press("Tab");
    await term.waitForScreen(/^\/context {2}\/cost {2}\/compact {2}\/clear$/m);
    term.press("C-u");
    term.type("see @alpha");
    term.press("Tab");
    const screen = await term.waitForScreen(/^@alpha\.ts {2}@alphabet\.ts\n› see @alpha$/m);
    // The status line is the row under the prompt, nothing written over it.
    expect(screen).toMatch(
      /^› see @alpha\nanthropic\/claude-sonnet-4-5 · context \S+ \(0%\) · 0 tokens · \$0\.0000$/m,
    );
  });
});
