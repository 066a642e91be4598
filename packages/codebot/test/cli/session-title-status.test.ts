/**
 * A hook's `sessionTitle` on screen in a real terminal (tmux): it leads the status line under the
 * prompt, where the model and cost are (Claude Code shows it in its header); the session lists of
 * `-r` and `/resume` show it too (e2e-session-title.test.ts).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const STATUS = "anthropic/claude-sonnet-4-5 · context";

describe("the session's title on screen", { timeout: 120_000 }, () => {
  it("leads the status line once a UserPromptSubmit hook named the session; /clear starts one without it", async () => {
    const box = sandbox();
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", sessionTitle: "Fix the\nparser" },
    });
    const settings = box.json("settings.json", {
      hooks: { UserPromptSubmit: [{ hooks: [command(`printf '%s' '${output}'`)] }] },
    });
    const server = await modelServer([reply.text("looking")]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-sonnet-4-5", "--settings", settings],
      ready: new RegExp(`^›\\s*\\n${STATUS}`, "m"),
    });
    term.submit("fix it");
    await term.waitForScreen(/^looking$/m);
    // One line: the title's line break is a space.
    await term.waitForScreen(new RegExp(`^›\\s*\\nFix the parser · ${STATUS}`, "m"));
    term.submit("/clear");
    await term.waitForScreen(new RegExp(`conversation cleared.*\\n›\\s*\\n${STATUS}`, "m"));
  });

  it("--name leads the status line from the start", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-sonnet-4-5", "--name", "Named at start"],
    });
    await term.waitForScreen(new RegExp(`^›\\s*\\nNamed at start · ${STATUS}`, "m"));
  });

  it("a SessionStart hook's title, answered after the prompt is drawn, shows without a key pressed", async () => {
    const box = sandbox();
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "SessionStart", sessionTitle: "Started titled" },
    });
    const settings = box.json("settings.json", {
      hooks: { SessionStart: [{ hooks: [command(`sleep 1; printf '%s' '${output}'`)] }] },
    });
    const server = await modelServer([]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-sonnet-4-5", "--settings", settings],
    });
    await term.waitForScreen(new RegExp(`^›\\s*\\nStarted titled · ${STATUS}`, "m"));
  });

  it("a title in wide characters (Chinese) is cut by columns: the status stays one row, the input above it", async () => {
    const box = sandbox();
    const title = "修复解析器的错误并添加测试用例以覆盖所有边界情况";
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "SessionStart", sessionTitle: title },
    });
    const settings = box.json("settings.json", {
      hooks: { SessionStart: [{ hooks: [command(`printf '%s' '${output}'`)] }] },
    });
    const server = await modelServer([]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--model", "anthropic/claude-sonnet-4-5", "--settings", settings],
    });
    // 40 columns: 19 characters of two columns, then "…".
    await term.waitForScreen(
      new RegExp(`^›\\s*\\n${title.slice(0, 19)}… · ${STATUS} .*\\$0\\.0000\\n\\s*$`, "m"),
    );
    term.type("hello there");
    term.press("Left", "Left", "Left");
    term.type("X");
    await term.waitForScreen(new RegExp(`^› hello thXere\\n${title.slice(0, 19)}… · ${STATUS}`, "m"));
  });
});
