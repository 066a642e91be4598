import { describe, expect, it } from "vitest";
import { createHookRunner, loadHooks } from "../src/index.js";
import { layer, tempDir } from "./support.js";

/** Loads native entries, then marks them as one group, as the loader will for a Claude Code group (§11). */
function grouped(entries: unknown[]) {
  const { hooks } = loadHooks([layer({ hooks: { PreToolUse: entries } })]);
  const dir = tempDir();
  return createHookRunner({
    hooks: hooks.map((h) => ({ ...h, group: "g0" })),
    session: { sessionId: "s", cwd: dir, transcriptPath: "" },
  });
}

describe("hook groups", () => {
  it("run their hooks concurrently and merge them in configuration order, not completion order", async () => {
    const runner = grouped([
      { type: "command", command: `sleep 1; echo '{"additional_context":"slow first"}'` },
      { type: "command", command: `sleep 1; echo '{"additional_context":"fast second"}'` },
      { type: "command", command: `echo '{"additional_context":"instant third"}'` },
    ]);
    const started = performance.now();
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(performance.now() - started).toBeLessThan(1_900);
    expect(decision).toMatchObject({ kind: "allow", context: "slow first\n\nfast second\n\ninstant third" });
    expect(decision.trace.map((r) => r.outcome)).toEqual(["allowed", "allowed", "allowed"]);
    await runner.close();
  });

  it("the first blocking member in configuration order decides, whichever finished first", async () => {
    const runner = grouped([
      { type: "command", blocking: true, name: "late", command: "sleep 0.5; echo late >&2; exit 2" },
      { type: "command", blocking: true, name: "early", command: "echo early >&2; exit 2" },
    ]);
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision).toMatchObject({ kind: "block", reason: "late", by: "late" });
    expect(decision.trace).toHaveLength(2);
    await runner.close();
  });
});
