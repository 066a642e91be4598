/**
 * onBackgroundContext: a Claude Code hook run in the background (`"async": true`) that finishes
 * with additionalContext is reported, for the harness to give the model on its next turn. A native
 * background entry's output stays ignored.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type BackgroundContext, createHookRunner, type HookRunner, loadHooks } from "../src/index.js";
import { tempDir } from "./support.js";

const says = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"2 warnings"}}'`;

const runners: HookRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

async function contextsAfterOneCall(entry: Record<string, unknown>): Promise<BackgroundContext[]> {
  const told: BackgroundContext[] = [];
  const runner = createHookRunner({
    hooks: loadHooks([{ source: "user", path: "/u.json", settings: { hooks: { PostToolUse: [entry] } } }]),
    session: { sessionId: "s", cwd: tempDir(), transcriptPath: "" },
    onBackgroundContext: (c) => told.push(c),
  });
  runners.push(runner);
  await runner.fire("PostToolUse", { tool: "bash", toolUseId: "t1", args: {}, output: "", isError: false });
  await runner.close();
  return told;
}

describe("a background hook's additionalContext", () => {
  it("of a Claude Code group is reported with its event and hook", async () => {
    const told = await contextsAfterOneCall({
      matcher: "Bash",
      hooks: [{ type: "command", command: says, async: true }],
    });
    expect(told).toEqual([
      {
        event: "PostToolUse",
        hook: expect.stringContaining("PostToolUse[0].hooks[0]"),
        context: "2 warnings",
      },
    ]);
  });

  it("of a native entry is not: its output is ignored", async () => {
    expect(await contextsAfterOneCall({ type: "command", command: says, async: true })).toEqual([]);
  });
});
