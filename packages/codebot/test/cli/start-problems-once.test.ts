/**
 * The terminal tells an unusable agent file once at the start (philoserf/claude-code-setup keeps
 * reference notes under `agents/<name>/references/`, with a `name` codebot refuses): the start's
 * list of settings problems and the session reading its agents each told it.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("problems at the start of a terminal session", { timeout: 120_000 }, () => {
  it("an unusable agent file is told once", async () => {
    const box = sandbox();
    box.write(
      path.join(box.home, ".claude/agents/runner/references/notes.md"),
      "---\nname: Common Test Failures\ndescription: Notes\n---\nNotes.\n",
    );
    const server = await modelServer([reply.text("done")]);
    const term = await startSession(box, server);
    term.submit("hi");
    const screen = await term.waitForScreen(/^done$/m);
    // A long line wraps at the terminal's width: words are compared, not rows.
    const words = screen.replace(/\s+/g, " ");
    expect(words.split('agent: name "Common Test Failures" must be').length - 1).toBe(1);
  });
});
