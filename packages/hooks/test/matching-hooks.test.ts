import { describe, expect, it } from "vitest";
import { type CompiledHook, loadHooks, type ToolRuleCompiler } from "../src/index.js";
import { layer, runnerFor } from "./support.js";

/** A stand-in for a harness's grammar: `Tool(suffix)` matches calls of the tool whose file_path ends so. */
const suffixRule: ToolRuleCompiler = (rule) => {
  const m = /^(\w+)\((.*)\)$/.exec(rule);
  if (!m) return { ok: false, error: `permission rule "${rule}": expected "Tool(suffix)"` };
  const [, tool = "", suffix = ""] = m;
  return {
    ok: true,
    test: (call) => call.tool === tool.toLowerCase() && String(call.args.file_path ?? "").endsWith(suffix),
  };
};

const group = (matcher: string, hook: Record<string, unknown> = {}) => ({
  matcher,
  hooks: [{ type: "command", command: `echo ${matcher}`, ...hook }],
});

const writeCall = (file_path = "/p/a.ts") => ({ tool: "write", toolUseId: "t1", args: { file_path } });

/** The commands of matching hooks, by how the firing would run them. */
function commands(hooks: { waited: readonly CompiledHook[]; background: readonly CompiledHook[] }) {
  const of = (list: readonly CompiledHook[]) =>
    list.map((hook) => (hook.spec.type === "command" ? hook.spec.command : hook.spec.type));
  return { waited: of(hooks.waited), background: of(hooks.background) };
}

describe("runner.matchingHooks: the hooks a firing would run, without running them", () => {
  it("matches a tool call as the firing does: Claude Code's names for codebot's tools, exact lists and regexes", () => {
    const { runner } = runnerFor({
      PostToolUse: [group("Bash"), group("Write|Edit"), group("mcp__fs__.*"), group("Read")],
    });
    expect(commands(runner.matchingHooks("PostToolUse", writeCall()))).toEqual({
      waited: ["echo Write|Edit"],
      background: [],
    });
    const mcp = { tool: "mcp__fs__write_file", toolUseId: "t2", args: {} };
    expect(commands(runner.matchingHooks("PostToolUse", mcp)).waited).toEqual(["echo mcp__fs__.*"]);
  });

  it("a hook whose `if` does not hold for the call's arguments does not match", () => {
    const loaded = loadHooks([layer({ hooks: { PostToolUse: [group("Write", { if: "Write(.md)" })] } })], {
      toolRule: suffixRule,
    });
    const { runner } = runnerFor({}, { hooks: loaded });
    expect(runner.matchingHooks("PostToolUse", writeCall("/p/notes.md")).waited).toHaveLength(1);
    expect(runner.matchingHooks("PostToolUse", writeCall("/p/a.ts")).waited).toEqual([]);
  });

  it("says which hooks run in the background: native entries of PostToolUse and `async: true` hooks", () => {
    const { runner } = runnerFor({
      PostToolUse: [
        { type: "command", matcher: "write", command: "echo native" },
        group("Write", { command: "echo later", async: true }),
        group("Write", { command: "echo waited" }),
      ],
    });
    expect(commands(runner.matchingHooks("PostToolUse", writeCall()))).toEqual({
      waited: ["echo waited"],
      background: ["echo native", "echo later"],
    });
  });

  it("hooks switched off (disableAllHooks) match nothing", () => {
    const loaded = loadHooks([
      layer({ hooks: { PostToolUse: [group("Write")] } }),
      layer({ disableAllHooks: true }, "local"),
    ]);
    const { runner } = runnerFor({}, { hooks: loaded });
    expect(runner.matchingHooks("PostToolUse", writeCall())).toEqual({ waited: [], background: [] });
  });

  it("counts scoped hooks only for the firings their scope takes part in, and does not spend a `once` hook", () => {
    const { runner } = runnerFor({});
    const skill = loadHooks([
      {
        source: "user",
        path: "/skills/fmt/SKILL.md",
        settings: { hooks: { PostToolUse: [group("Write", { once: true })] } },
        honoursOnce: true,
      },
    ]).hooks;
    runner.addScopedHooks("skill:fmt", skill, { when: (fields) => fields.agentName === "helper" });
    expect(runner.matchingHooks("PostToolUse", { ...writeCall(), agentName: "main" }).waited).toEqual([]);
    const helper = { ...writeCall(), agentName: "helper" };
    expect(runner.matchingHooks("PostToolUse", helper).waited).toHaveLength(1);
    expect(runner.matchingHooks("PostToolUse", helper).waited).toHaveLength(1);
  });
});
