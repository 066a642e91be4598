/**
 * The `if` of a hook in a Claude Code group: a permission rule the harness compiles (loadHooks'
 * toolRule), evaluated on tool events only, reported at load when it cannot be applied.
 */
import { describe, expect, it } from "vitest";
import {
  describeHook,
  formatProblem,
  loadHooks,
  type PayloadFields,
  plan,
  type ToolRuleCompiler,
} from "../src/index.js";
import { layer } from "./support.js";

/** A stand-in for a harness's grammar: `Tool(text)` matches calls of the tool whose command holds text. */
const compiled: string[] = [];
const containsRule: ToolRuleCompiler = (rule) => {
  compiled.push(rule);
  const m = /^(\w+)\((.*)\)$/.exec(rule);
  if (!m) return { ok: false, error: `permission rule "${rule}": expected "Tool(text)"` };
  const [, tool = "", text = ""] = m;
  return {
    ok: true,
    test: (call) => call.tool === tool.toLowerCase() && String(call.args.command ?? "").includes(text),
  };
};

const guard = (extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: "echo 'git push is blocked' >&2; exit 2",
  ...extra,
});

/** Loads with the stand-in grammar, or (`null`) as an engine given none. */
function load(hooks: Record<string, unknown[]>, toolRule: ToolRuleCompiler | null = containsRule) {
  return loadHooks([layer({ hooks })], toolRule ? { toolRule } : {});
}

/** What the plan does with each hook for these fields: `wait`, `background` or `skipped:<reason>`. */
function planned(hooks: Parameters<typeof plan>[1], fields: PayloadFields): string[] {
  return plan(fields, hooks).steps.flatMap((step) => [
    ...step.skipped.map((s) => `skipped:${s.reason}`),
    ...step.background.map(() => "background"),
    ...step.wait.map(() => "wait"),
  ]);
}

const bash = (command: string): PayloadFields => ({ tool: "bash", args: { command } });

describe("a Claude Code hook's if", () => {
  it("runs the hook only for the tool calls its rule matches", () => {
    const { hooks, problems } = load({
      PreToolUse: [{ matcher: "Bash", hooks: [guard({ if: "Bash(git push)" })] }],
    });
    expect(problems).toEqual([]);
    expect(planned(hooks, bash("git push origin main"))).toEqual(["wait"]);
    expect(planned(hooks, bash("echo hi"))).toEqual(["skipped:if"]);
  });

  it("is evaluated on every tool event, PermissionDenied included", () => {
    const { hooks } = load({
      PostToolUse: [{ matcher: "Bash", hooks: [guard({ if: "Bash(git push)" })] }],
      PermissionDenied: [{ matcher: "Bash", hooks: [guard({ if: "Bash(git push)" })] }],
    });
    for (const hook of hooks) {
      expect(planned([hook], bash("echo hi"))).toEqual(["skipped:if"]);
      expect(planned([hook], bash("git push"))).not.toEqual(["skipped:if"]);
    }
  });

  it("reaches the harness as written, trimmed; a rule it rejects is an error and the hook is not loaded", () => {
    compiled.length = 0;
    const { hooks, problems } = load({
      PreToolUse: [
        { matcher: "Bash", hooks: [guard({ if: " Bash(git push " }), guard({ if: " Bash(ls) " })] },
      ],
    });
    expect(compiled).toEqual(["Bash(git push", "Bash(ls)"]);
    expect(problems.map((p) => [p.severity, formatProblem(p)])).toEqual([
      [
        "error",
        '/settings/user.json: hooks.PreToolUse[0].hooks[0].if: permission rule "Bash(git push": expected "Tool(text)"; the hook is not loaded',
      ],
    ]);
    expect(hooks.map((h) => h.ifRule?.source)).toEqual(["Bash(ls)"]);
  });

  it("never runs the hook on an event that is not a tool event, as in Claude Code, and load says so", () => {
    compiled.length = 0;
    const { hooks, problems } = load({
      Stop: [{ hooks: [guard({ if: "Bash(git push)" })] }],
      UserPromptSubmit: [{ hooks: [guard({ if: "not even a rule" })] }],
    });
    expect(compiled).toEqual([]);
    expect(problems.map((p) => [p.severity, formatProblem(p)])).toEqual([
      [
        "warning",
        '/settings/user.json: hooks.Stop[0].hooks[0].if: Claude Code evaluates "if" on tool events only; on Stop a hook with "if" never runs',
      ],
      [
        "warning",
        '/settings/user.json: hooks.UserPromptSubmit[0].hooks[0].if: Claude Code evaluates "if" on tool events only; on UserPromptSubmit a hook with "if" never runs',
      ],
    ]);
    expect(planned(hooks.slice(0, 1), {})).toEqual(["skipped:if"]);
    expect(planned(hooks.slice(1), { prompt: "git push" })).toEqual(["skipped:if"]);
  });

  it("without a rule compiler is not checked: the hook runs on every call its matcher selects, and load says why", () => {
    const { hooks, problems } = load(
      { PreToolUse: [{ matcher: "Bash", hooks: [guard({ if: "Bash(git push *)" })] }] },
      null,
    );
    expect(problems.map((p) => [p.severity, formatProblem(p)])).toEqual([
      [
        "warning",
        `/settings/user.json: hooks.PreToolUse[0].hooks[0].if: "if" needs a permission-rule matcher, and this engine was loaded without one (loadHooks' toolRule option): "Bash(git push *)" is not checked, so the hook runs on every call its matcher selects and its "allow" answers are not taken`,
      ],
    ]);
    expect(planned(hooks, bash("echo hi"))).toEqual(["wait"]);
    expect(planned(hooks, { tool: "read", args: {} })).toEqual(["skipped:matcher"]);
  });

  it("written on the group instead of its hooks is a warning: Claude Code reads it per hook", () => {
    const { hooks, problems } = load({ PreToolUse: [{ matcher: "Bash", if: "Bash(x)", hooks: [guard()] }] });
    expect(problems.map(formatProblem)).toEqual([
      '/settings/user.json: hooks.PreToolUse[0].if: "if" belongs on each hook of the group\'s "hooks" list; ignored here',
    ]);
    expect(planned(hooks, bash("echo hi"))).toEqual(["wait"]);
  });

  it("is part of what is approved: the same command under another if is another hook", () => {
    const fingerprints = ["Bash(git push)", "Bash(rm)"].map(
      (rule) =>
        load({ PreToolUse: [{ matcher: "Bash", hooks: [guard({ if: rule })] }] }).hooks[0]?.fingerprint,
    );
    expect(fingerprints[0]).not.toBe(fingerprints[1]);
  });

  it("keeps one command under two ifs apart: each runs when its own if holds, not as a duplicate", () => {
    const { hooks } = load({
      PreToolUse: [
        { matcher: "Bash", hooks: [guard({ if: "Bash(git push)" })] },
        { matcher: "Bash", hooks: [guard({ if: "Bash(git commit)" })] },
      ],
    });
    expect(planned(hooks, bash("git commit -m x && git push"))).toEqual(["wait", "wait"]);
  });

  it("is listed with how it applies", () => {
    const { hooks } = load({
      PreToolUse: [{ matcher: "Bash", hooks: [guard({ if: "Bash(git push)" })] }],
      Stop: [{ hooks: [guard({ if: "Bash(git push)" })] }],
    });
    expect(hooks.map((h) => describeHook(h).if)).toEqual([
      "Bash(git push) (permission rule)",
      "Bash(git push) (never runs: Stop is not a tool event)",
    ]);
    const [unchecked] = load({ PreToolUse: [{ hooks: [guard({ if: "Bash(x)" })] }] }, null).hooks;
    expect(unchecked && describeHook(unchecked).if).toBe("Bash(x) (not checked: no permission-rule matcher)");
  });
});
