import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompiledHook, loadHooks, type SettingsLayer } from "../src/index.js";
import { bashTool, callTool, runnerFor } from "./support.js";

/** A skill's front-matter `hooks:` (Claude Code's shape), compiled as the harness compiles it. */
function skillHooks(hooks: Record<string, unknown[]>, extra: Partial<SettingsLayer> = {}): CompiledHook[] {
  const loaded = loadHooks([
    { source: "user", path: "/skills/guard/SKILL.md", settings: { hooks }, honoursOnce: true, ...extra },
  ]);
  expect(loaded.problems).toEqual([]);
  return loaded.hooks;
}

const refuseBash = {
  matcher: "Bash",
  hooks: [{ type: "command", command: "echo 'skill says no' >&2; exit 2" }],
};

describe("scoped hooks (runner.addScopedHooks)", () => {
  it("a scoped PreToolUse hook blocks only while its scope is in force", async () => {
    const { runner } = runnerFor({});
    expect((await callTool(runner, bashTool, { command: "ls" })).executed).toHaveLength(1);

    const remove = runner.addScopedHooks("skill:guard", skillHooks({ PreToolUse: [refuseBash] }));
    expect(runner.hasHooks("PreToolUse")).toBe(true);
    const blocked = await callTool(runner, bashTool, { command: "ls" });
    expect(blocked.result).toEqual({ content: "hook: skill says no", isError: true });
    expect(blocked.executed).toEqual([]);

    remove();
    expect(runner.hasHooks("PreToolUse")).toBe(false);
    expect((await callTool(runner, bashTool, { command: "ls" })).executed).toHaveLength(1);
  });

  it("scoped hooks' results merge after the configured hooks', in the order scopes were added", async () => {
    // The hooks of one firing run concurrently; what is ordered is how their results merge.
    const { runner } = runnerFor({
      PreToolUse: [{ type: "command", command: `echo '{"additional_context":"configured"}'` }],
    });
    const context = (word: string) => ({
      hooks: [
        {
          type: "command",
          command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"${word}"}}'`,
        },
      ],
    });
    runner.addScopedHooks("a", skillHooks({ PreToolUse: [context("first-scope")] }));
    runner.addScopedHooks("b", skillHooks({ PreToolUse: [context("second-scope")] }));
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision).toMatchObject({ kind: "allow" });
    expect(decision.kind === "allow" ? decision.context : undefined).toBe(
      "configured\n\nfirst-scope\n\nsecond-scope",
    );
  });

  it("a hook with once: true runs at the first firing only", async () => {
    const { runner, dir } = runnerFor({});
    runner.addScopedHooks(
      "skill:once",
      skillHooks({
        PreToolUse: [{ hooks: [{ type: "command", command: "echo ran >> once.txt", once: true }] }],
      }),
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "t1", args: {} });
    await runner.preToolUse({ tool: "bash", toolUseId: "t2", args: {} });
    expect(readFileSync(join(dir, "once.txt"), "utf8")).toBe("ran\n");
    expect(runner.hasHooks("PreToolUse")).toBe(false);
  });

  it("once is ignored, with a warning, outside a skill's hooks", () => {
    const loaded = loadHooks([
      {
        source: "user",
        path: "/settings/user.json",
        settings: { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true", once: true }] }] } },
      },
    ]);
    expect(loaded.hooks[0]?.once).toBeUndefined();
    expect(loaded.problems).toMatchObject([
      { severity: "warning", field: "hooks[0].once", message: expect.stringContaining("skill") },
    ]);
  });

  it("`when` limits a scope to the firings it accepts (a sub-agent's own calls)", async () => {
    const { runner } = runnerFor({});
    runner.addScopedHooks("agent:reviewer", skillHooks({ PreToolUse: [refuseBash] }), {
      when: (fields) => fields.agentName === "reviewer",
    });
    const main = await runner.preToolUse({ tool: "bash", toolUseId: "t1", args: {}, agentName: "main" });
    expect(main.kind).toBe("allow");
    const sub = await runner.preToolUse({ tool: "bash", toolUseId: "t2", args: {}, agentName: "reviewer" });
    expect(sub).toMatchObject({ kind: "block", reason: "skill says no" });
  });

  it("re-adding a scope id replaces its hooks, and the old remover leaves the new ones alone", async () => {
    const { runner } = runnerFor({});
    const removeOld = runner.addScopedHooks("skill:x", skillHooks({ PreToolUse: [refuseBash] }));
    runner.addScopedHooks("skill:x", skillHooks({ PreToolUse: [refuseBash] }));
    expect(runner.hasHooks("PreToolUse")).toBe(true);
    removeOld();
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    // One hook ran, not two: the scope's hooks were replaced, not doubled.
    expect(decision).toMatchObject({ kind: "block" });
    expect(decision.trace).toHaveLength(1);
  });

  it("scoped hooks of a project source go through the runner's approval", async () => {
    const asked: string[] = [];
    const { runner } = runnerFor(
      {},
      {
        approveHook: async (request) => {
          asked.push(`${request.source} ${request.path}`);
          return { approved: false, reason: "not trusted" };
        },
      },
    );
    runner.addScopedHooks(
      "skill:guard",
      skillHooks(
        { PreToolUse: [refuseBash] },
        { source: "project", path: "/repo/.claude/skills/guard/SKILL.md" },
      ),
    );
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(asked).toEqual(["project /repo/.claude/skills/guard/SKILL.md"]);
    // A guard that may not run refuses the call (§8).
    expect(decision).toMatchObject({ kind: "block", reason: expect.stringContaining("not approved") });
  });

  it("a scope with only async hooks still runs them (PostToolUse observes)", async () => {
    const { runner, dir } = runnerFor({});
    runner.addScopedHooks(
      "skill:log",
      skillHooks({ PostToolUse: [{ type: "command", command: "cat > post.json" }] }),
    );
    await callTool(runner, bashTool, { command: "ls" });
    await runner.close();
    expect(JSON.parse(readFileSync(join(dir, "post.json"), "utf8"))).toMatchObject({ tool: "bash" });
  });
});
