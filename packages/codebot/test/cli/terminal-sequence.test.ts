/**
 * A hook's `terminalSequence` (Claude Code 2.1.328) reaches the user's terminal in an interactive
 * session — here a window title, which tmux takes as the pane's title — and never a pipe: `-p`
 * writes none, as claude `-p` writes none.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** A UserPromptSubmit group whose hook asks for the terminal's title to be set. */
function titleSettings(box: ReturnType<typeof sandbox>) {
  const output = JSON.stringify({ terminalSequence: "\u001b]2;codebot-hook-title\u0007" });
  return box.json("s.json", {
    hooks: { UserPromptSubmit: [{ hooks: [command(`printf '%s' '${output}'`)] }] },
  });
}

describe("a hook's terminalSequence", { timeout: 120_000 }, () => {
  it("interactive: is written to the terminal (tmux shows the title it sets)", async () => {
    const box = sandbox();
    const settings = titleSettings(box);
    const server = await modelServer([reply.text("all done")]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    expect(term.tmux("display-message", "-p", "-t", "t", "#{pane_title}").trim()).not.toBe(
      "codebot-hook-title",
    );
    term.submit("hello");
    await term.waitForScreen("all done");
    const title = await waitFor(
      () => term.tmux("display-message", "-p", "-t", "t", "#{pane_title}").trim() === "codebot-hook-title",
      10_000,
      "the pane title the hook set",
    );
    expect(title).toBe(true);
    term.press("C-d", "C-d");
    await term.exitCode();
  });

  it("-p: nothing reaches stdout or stderr but the answer", async () => {
    const box = sandbox();
    const settings = titleSettings(box);
    const server = await modelServer([reply.text("all done")]);
    const r = await runCli(["-p", "hello", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("all done\n");
    expect(r.stderr).not.toContain("\u001b");
  });
});
