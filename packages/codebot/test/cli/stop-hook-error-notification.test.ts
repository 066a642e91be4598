/**
 * claude 2.1.328's `stop-hook-error` notification in `-p --output-format stream-json`, through the
 * built CLI: a `~/.claude/settings.json` Stop hook modelled on liush2yuxjtu/claude-hooks-pack's
 * followup-spawn-agents.sh (`8d608b5e`) sends the agent back once (`decision: "block"`, then lets it
 * stop while `stop_hook_active`); claude wrote one such line for the run (recorded).
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const followupGate = [
  "input=$(cat)",
  'case "$input" in *\'"stop_hook_active":true\'*) exit 0 ;; esac',
  `echo '{"decision":"block","reason":"[hook:followup-spawn-agents] resolve it now"}'`,
].join("; ");

describe("a Stop hook that sends the agent back, in stream-json", () => {
  it("gets claude's stop-hook-error notification once", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: followupGate }] }] },
    });
    const server = await modelServer([reply.text("Leaving the README as a follow-up."), reply.text("Done.")]);
    const r = await runCli(["-p", "go", "--output-format", "stream-json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines.filter((l) => l.subtype === "notification")).toEqual([
      expect.objectContaining({
        type: "system",
        key: "stop-hook-error",
        text: "stop hook reported a problem · ctrl+o to see",
      }),
    ]);
    expect(lines.at(-1)).toMatchObject({ type: "result", result: "Done." });
  });
});
