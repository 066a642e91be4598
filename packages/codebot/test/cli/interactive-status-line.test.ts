/**
 * Claude Code's `statusLine` setting in a real terminal (tmux): the user's command, given the
 * session's JSON, draws the status line under the prompt, and runs again when the prompt returns.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A statusLine in the user's Claude Code settings (`~/.claude/settings.json`, HOME being the sandbox's). */
function claudeStatusLine(box: Sandbox, script: string): void {
  const file = box.write(path.join(box.home, "status.sh"), script);
  fs.chmodSync(file, 0o755);
  box.json(path.join(box.home, ".claude/settings.json"), { statusLine: { type: "command", command: file } });
}

describe("statusLine", { timeout: 120_000 }, () => {
  it("the command's first line is the status under the prompt, and it runs again after each answer", async () => {
    const box = sandbox();
    const last = path.join(box.home, "last.json");
    // The payload is kept whole (a run cancelled by a newer one may be killed halfway).
    claudeStatusLine(
      box,
      [
        "#!/bin/sh",
        "d=$(cat)",
        `printf %s "$d" > ${last}.tmp && mv ${last}.tmp ${last}`,
        `printf '\\033[32mmine\\033[0m · %s in\\n' "$(printf %s "$d" | sed -n 's/.*"total_input_tokens":\\([0-9]*\\).*/\\1/p')"`,
        "",
      ].join("\n"),
    );
    const server = await modelServer([
      { ...reply.text("the answer"), usage: { inputTokens: 1234, outputTokens: 5 } },
    ]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--model", "anthropic/claude-sonnet-4-5"],
    });
    await term.waitForScreen(/^›\s*\nmine · 0 in\s*$/m);
    term.submit("go");
    await term.waitForScreen(/the answer[\s\S]*^›\s*\nmine · 1234 in\s*$/m);
    const payload = JSON.parse(fs.readFileSync(last, "utf8"));
    expect(payload).toMatchObject({
      cwd: box.project,
      model: { id: "anthropic/claude-sonnet-4-5" },
      workspace: { project_dir: box.project },
      context_window: { context_window_size: 200_000, total_input_tokens: 1234 },
    });
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a command that fails is said once, and codebot's own status is shown", async () => {
    const box = sandbox();
    claudeStatusLine(box, "#!/bin/sh\necho 'no such theme' >&2\nexit 3\n");
    const server = await modelServer([]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--model", "anthropic/claude-sonnet-4-5"],
    });
    await term.waitForScreen(/statusLine command failed \(exit code 3: no such theme\)/);
    await term.waitForScreen(/^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
  });
});
