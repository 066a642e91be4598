import { describe, expect, it } from "vitest";
import { literalGlob, parsePermissionRule, ruleAllows } from "../src/approval/permission-rule.js";

function rule(text: string) {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rule;
}

describe("permission rules", () => {
  it("a bare tool name allows every call of that tool, whatever the case or Claude Code name", () => {
    expect(ruleAllows(rule("write"), "write", "a/b.txt")).toBe(true);
    expect(ruleAllows(rule("Bash"), "bash", "rm -rf x; echo")).toBe(true);
    expect(ruleAllows(rule("Task"), "agent", undefined)).toBe(true);
    expect(ruleAllows(rule("write"), "edit", "a")).toBe(false);
  });

  it("a rule names its tool by codebot's name, in any case, or by any Claude Code name", () => {
    expect(rule("TASKCREATE").tool).toBe("task_create");
    expect(rule("TaskUpdate").tool).toBe("task_update");
    expect(rule("Agent").tool).toBe("agent");
    expect(rule("task_list").tool).toBe("task_list");
    expect(rule("My_Tool").tool).toBe("my_tool");
  });

  it("a bash pattern is a glob over the whole command where * crosses slashes", () => {
    const r = rule("bash(git status*)");
    expect(ruleAllows(r, "bash", "git status")).toBe(true);
    expect(ruleAllows(r, "bash", "git status --short src/a")).toBe(true);
    expect(ruleAllows(r, "bash", "git push")).toBe(false);
    expect(ruleAllows(r, "bash", "echo git status")).toBe(false);
  });

  it("a bash pattern never matches a command that chains, pipes, redirects or substitutes", () => {
    const r = rule("bash(git status*)");
    for (const cmd of [
      "git status; rm -rf ~",
      "git status && x",
      "git status | sh",
      "git status > f",
      "git status $(x)",
      "git status `x`",
      "git status\nrm x",
    ]) {
      expect(ruleAllows(r, "bash", cmd), cmd).toBe(false);
    }
  });

  it("a path pattern: * stays within a directory, ** crosses directories, braces alternate", () => {
    expect(ruleAllows(rule("edit(src/**)"), "edit", "src/a/b/c.ts")).toBe(true);
    expect(ruleAllows(rule("edit(src/**)"), "edit", "test/a.ts")).toBe(false);
    expect(ruleAllows(rule("edit(src/*.ts)"), "edit", "src/a/b.ts")).toBe(false);
    expect(ruleAllows(rule("write(*.{md,txt})"), "write", "notes.txt")).toBe(true);
    expect(ruleAllows(rule("write(*.{md,txt})"), "write", "notes.js")).toBe(false);
  });

  it("rejects malformed rules and patterns on tools that have no subject", () => {
    expect(parsePermissionRule("bash(")).toEqual({
      ok: false,
      error: 'permission rule "bash(": expected "tool" or "tool(pattern)"',
    });
    expect(parsePermissionRule("glob(x)").ok).toBe(false);
  });

  it("literalGlob makes a command match only itself", () => {
    const r = rule(`bash(${literalGlob("ls *.txt {a,b}")})`);
    expect(ruleAllows(r, "bash", "ls *.txt {a,b}")).toBe(true);
    expect(ruleAllows(r, "bash", "ls x.txt a")).toBe(false);
  });
});
