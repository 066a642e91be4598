/** claude 2.1.328's `hook_no_verdict` line's words for a plugin's hook and a time-out (from its binary). */
import { describe, expect, it } from "vitest";
import { noVerdictLine } from "../src/cli/output/no-verdict-line.js";

describe("the hook_no_verdict line", () => {
  it("names a plugin's hook by its plugin, gives its root, and says when it timed out", () => {
    const line = noVerdictLine({
      toolUseId: "c1",
      timedOut: true,
      plugin: { name: "guard", root: "/p/guard" },
    });
    expect(line).toMatchObject({
      content: `A hook of the "guard" plugin didn't answer in time, so it didn't check this action.`,
      hook_no_verdict: {
        hook_event: "PreToolUse",
        tool_use_id: "c1",
        timed_out: true,
        plugin_root: "/p/guard",
      },
    });
  });
});
