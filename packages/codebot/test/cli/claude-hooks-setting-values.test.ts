/**
 * A Claude Code user's `~/.claude/settings.json` with a value under `hooks` that is no event (a
 * setting a hook script reads, as nightshift2k/claude-code-hooks' README documents
 * `"largeFileThreshold"`): claude 2.1.328 ignores the key with a warning and runs the hooks.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a value under hooks that is no event", { timeout: 60_000 }, () => {
  it("-p runs with the file's hooks in force and warns about the key (it refused to start)", async () => {
    const box = sandbox();
    fs.mkdirSync(path.join(box.home, ".claude"), { recursive: true });
    fs.writeFileSync(
      path.join(box.home, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          largeFileThreshold: 1000,
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: "echo 'use uv instead' >&2; exit 2" }] },
          ],
        },
      }),
    );
    const server = await modelServer([
      reply.toolCall("bash", { command: "pip install requests" }),
      reply.text("ok"),
    ]);
    const result = await runCli(["-p", "install it"], { env: modelEnv(server, box.home), cwd: box.project });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ok");
    expect(requestText(server.requests[1])).toContain("use uv instead");
    expect(result.stderr).toContain(
      '"largeFileThreshold" is not a hook event and holds no list of hooks: ignored',
    );
  });
});
