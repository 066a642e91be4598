/**
 * A plugin's hooks.json edited during a session. claude 2.1.328 (recorded: `-p` under
 * bypassPermissions, a guard plugin installed from a local marketplace folder, the first Bash call
 * rewriting its hooks.json) took in neither a guard added nor a guard removed, not even when the
 * same call changed `~/.claude/settings.json` too: a plugin's hooks change at `/reload-plugins`.
 * codebot reads the settings again when a settings file changes; the plugins stay as loaded then.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { startCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Waits (within a generous bound, for a loaded machine) until `read()` holds `text`. */
async function waitFor(read: () => string, text: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (!read().includes(text)) {
    if (Date.now() > until) throw new Error(`never saw ${JSON.stringify(text)} in:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a plugin's hooks.json edited during a session", () => {
  it("is not taken in when a settings file changes: the guard it had still blocks", async () => {
    const box = sandbox();
    const { root } = installPluginAsClaudeCodeDid(box);
    // The guard blocks only what says "forbidden", so the call that edits the files runs.
    box.write(
      path.join(root, "hooks/guard.sh"),
      '#!/bin/sh\ngrep -q forbidden && { echo "guard blocks forbidden" >&2; exit 2; }\nexit 0\n',
    );
    fs.chmodSync(path.join(root, "hooks/guard.sh"), 0o755);
    const hooksFile = path.join(root, "hooks/hooks.json");
    const userSettings = path.join(box.home, "settings.json");
    const edit = `printf '{"hooks":{}}' > ${hooksFile} && printf '{"env":{"X":"1"}}' > ${userSettings}`;
    let stderr = () => "";
    const server = await modelServer([
      reply.toolCall("bash", { command: edit }, "b-1"),
      // The next call only once the session has applied the changed settings file.
      async () => {
        await waitFor(stderr, "settings.json changed; its hooks and permission rules apply from now on");
        return reply.toolCall("bash", { command: "echo forbidden" }, "b-2");
      },
      reply.text("done"),
    ]);
    const cli = startCli(["-p", "go", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    stderr = cli.stderr;
    const r = await cli.done;
    expect(r.code).toBe(0);
    expect(fs.readFileSync(hooksFile, "utf8")).toBe('{"hooks":{}}');
    expect(requestText(server.requests[2])).toContain("guard blocks forbidden");
  });
});
