/**
 * Issue 14, item 1, in a real terminal (tmux): the instruction files reach the model through the
 * built CLI, and `/memory` lists what was loaded, from where, and what was not.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("instruction files in the interactive session", { timeout: 120_000 }, () => {
  it("the model is given CLAUDE.md with its import, and /memory lists both and the failed import", async () => {
    const box = sandbox();
    box.write("CLAUDE.md", "Use tabs. @docs/style.md @docs/gone.md\n");
    box.write("docs/style.md", "Line width 100.\n");
    const server = await modelServer([reply.text("understood")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen(/^›/m);
    term.submit("hello");
    await term.waitForScreen("understood");
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("Use tabs.");
    expect(sent).toContain("Line width 100.");

    term.submit("/memory");
    // The final state: the prompt back under the list, its status line under it.
    const screen = await term.waitForScreen(/no such file\n›.*\n.*context/m);
    expect(screen).toContain(`${box.at("CLAUDE.md")}  (project,`);
    // A row wider than the terminal (a long temporary path) is broken between words, its run of
    // spaces closed up.
    const style = path.join(box.project, "docs", "style.md").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(screen).toMatch(new RegExp(`${style} +\\(project,`));
    expect(screen).toContain("import @docs/gone.md: no such file");
  });
});
