import { describe, expect, it } from "vitest";
import { type PermissionRule, parsePermissionRule } from "../../src/approval/permission-rule.js";
import type { RuleOrigin } from "../../src/approval/rule-origin.js";
import { describeRule, rulesState } from "../../src/approval/rules-state.js";

function rule(text: string, origin?: RuleOrigin): PermissionRule {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return { ...parsed.rule, ...(origin !== undefined ? { origin } : {}) };
}

describe("describeRule: claude's plain-language reading of a rule", () => {
  it("reads an exact command, a prefix either way, bare Bash and a bare tool as claude does", () => {
    expect(describeRule("Bash(npm test)")).toEqual({ prefix: "The Bash command ", emphasis: "npm test" });
    expect(describeRule("Bash(npm test:*)")).toEqual({
      prefix: "Any Bash command starting with ",
      emphasis: "npm test",
    });
    expect(describeRule("Bash(npm test *)")).toEqual({
      prefix: "Any Bash command starting with ",
      emphasis: "npm test",
    });
    expect(describeRule("Bash")).toEqual({ prefix: "Any Bash command" });
    expect(describeRule("mcp__fs")).toEqual({
      prefix: "Any use of the ",
      emphasis: "mcp__fs",
      suffix: " tool",
    });
  });

  it("gives none for a path, a domain or a pattern with * elsewhere", () => {
    expect(describeRule("Read(./src/**)")).toBeUndefined();
    expect(describeRule("WebFetch(domain:example.com)")).toBeUndefined();
    expect(describeRule("Bash(git * main)")).toBeUndefined();
  });
});

describe("rulesState", () => {
  it("orders each behavior's rules by origin, keeping their order within one; a skill's granted rule is `command`, one with no origin the session's", () => {
    const state = rulesState({
      rules: {
        allow: [
          rule("Bash(b)", "cliArg"),
          rule("Bash(c)"),
          rule("Bash(a1)", "userSettings"),
          rule("Bash(a2)", "userSettings"),
        ],
        ask: [],
        deny: [rule("Bash(m)", "policySettings")],
      },
      granted: [rule("Read")],
      directories: [],
      originalCwd: "/p",
      managedOnly: true,
      notInEffect: [],
      errors: [],
    });
    expect(state.rules.map((r) => [r.behavior, r.source, r.rule, r.editability])).toEqual([
      ["allow", "userSettings", "Bash(a1)", "persistent"],
      ["allow", "userSettings", "Bash(a2)", "persistent"],
      ["allow", "cliArg", "Bash(b)", "session"],
      ["allow", "command", "Read", "readonly"],
      ["allow", "session", "Bash(c)", "session"],
      ["deny", "policySettings", "Bash(m)", "readonly"],
    ]);
    expect(state.managedOnly).toBe(true);
  });

  it("lists a rule written twice alike in one origin once, as claude 2.1.328 did (recorded); another origin's same rule is listed too", () => {
    const state = rulesState({
      rules: {
        allow: [rule("Read", "userSettings"), rule("Read", "userSettings"), rule("Read", "projectSettings")],
        ask: [],
        deny: [],
      },
      granted: [],
      directories: [],
      originalCwd: "/p",
      managedOnly: false,
      notInEffect: [],
      errors: [],
    });
    expect(state.rules.map((r) => [r.source, r.rule])).toEqual([
      ["userSettings", "Read"],
      ["projectSettings", "Read"],
    ]);
    expect(state).not.toHaveProperty("errors");
  });
});
