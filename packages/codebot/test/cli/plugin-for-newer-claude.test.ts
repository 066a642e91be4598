/**
 * A plugin written for a newer claude: an event or a hook type codebot does not know, keys it does
 * not read. claude 2.1.328 (recorded with `claude plugin install` from a local marketplace and with
 * `--plugin-dir`, `-p`) ignores an unknown event and loads the plugin's other hooks (only `claude
 * plugin validate` warns: `unknown hook event; entry ignored at runtime`), and says nothing about
 * unknown keys in `plugin.json`, a group or a hook. codebot warns and runs the rest: the plugin's
 * guard still blocks. (An unknown hook type makes claude drop the whole plugin; codebot keeps its
 * other hooks.)
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { runUnderGuardPlugin } from "./support/run-under-guard-plugin.js";

useBuiltCli();

const GUARD =
  '{"matcher":"Bash","hooks":[{"type":"command","command":"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"}]}';

/** `-p` with one bash call under the installed guard plugin whose hooks.json is `hooks`. */
async function runWithHooks(hooks: string) {
  const box = sandbox();
  const { root } = installPluginAsClaudeCodeDid(box);
  const file = box.write(path.join(root, "hooks/hooks.json"), hooks);
  return { ...(await runUnderGuardPlugin(box)), file };
}

describe("a plugin written for a newer claude", { timeout: 120_000 }, () => {
  it("with an event codebot does not know runs: a warning names it, the plugin's guard still blocks", async () => {
    const r = await runWithHooks(
      `{"hooks":{"FutureEvent":[{"hooks":[{"type":"command","command":"true"}]}],"PreToolUze":[${GUARD}],"PreToolUse":[${GUARD}]}}`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: ${r.file}: hooks.FutureEvent: unknown event "FutureEvent" (a newer Claude Code's?): its hooks do not run (the plugin's other hooks load)`,
    );
    expect(r.stderr).toContain(`hooks.PreToolUze: unknown event "PreToolUze" (did you mean "PreToolUse"?)`);
    expect(r.toolResult).toContain("guard from");
  });

  it("with a hook type codebot does not know runs: a warning names it, the plugin's guard still blocks", async () => {
    const r = await runWithHooks(
      `{"hooks":{"PreToolUse":[{"hooks":[{"type":"futuretype","command":"true"}]},${GUARD}]}}`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: ${r.file}: hooks.PreToolUse[0].hooks[0].type: must be "command", "prompt", "http", "mcp_tool" or "agent", not "futuretype": this hook does not run (the plugin's other hooks load)`,
    );
    expect(r.toolResult).toContain("guard from");
  });
});
