/**
 * Claude Code's `if` on a hook, read with codebot's permission-rule grammar (hookIfRules): a rule
 * matches a call exactly when a deny rule of that text would refuse it, plus Claude Code's "run
 * anyway" on text the shell expands.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ToolCallSubject } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../src/agents/agent-definition.js";
import { compileAgentHooks } from "../src/agents/agent-hook-scopes.js";
import { hookIfRules } from "../src/approval/hook-if-rules.js";
import type { Skill } from "../src/skills/skill.js";
import { compileSkillHooks } from "../src/skills/skill-hooks.js";

// Paths are only resolved, never touched.
const project = fs.realpathSync(os.tmpdir());
const compile = hookIfRules(project);

function matches(rule: string, call: ToolCallSubject): boolean {
  const compiled = compile(rule);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.test(call);
}
const bash = (command: string): ToolCallSubject => ({ tool: "bash", args: { command } });
const file = (tool: string, filePath: string): ToolCallSubject => ({ tool, args: { file_path: filePath } });

describe("a hook's if, read as a permission rule", () => {
  it("a bash rule matches any part of a compound command, past leading assignments", () => {
    const rule = "Bash(git push *)";
    expect(matches(rule, bash("git push origin main"))).toBe(true);
    expect(matches(rule, bash("ls && git push"))).toBe(true);
    expect(matches(rule, bash("npm test; FOO=bar git push --force"))).toBe(true);
    expect(matches(rule, bash("echo hi"))).toBe(false);
    expect(matches(rule, bash("ls && echo x"))).toBe(false);
    expect(matches(rule, bash('echo "git push"'))).toBe(false);
  });

  it("a bash rule fires past options between its words, as a deny rule of that text refuses them", () => {
    for (const rule of ["Bash(git push:*)", "Bash(git push *)"]) {
      expect(matches(rule, bash("git -C . push origin")), rule).toBe(true);
      expect(matches(rule, bash("git --no-pager push")), rule).toBe(true);
      expect(matches(rule, bash("git log --grep push")), rule).toBe(false);
      expect(matches(rule, bash("git status")), rule).toBe(false);
    }
  });

  it("mcp__my__fs matches the tools of a server named my__fs, as a deny rule of that text covers them", () => {
    const mcp = (tool: string): ToolCallSubject => ({ tool, args: {} });
    expect(matches("mcp__my__fs", mcp("mcp__my__fs__write_file"))).toBe(true);
    expect(matches("mcp__my__fs", mcp("mcp__my__fsx__write_file"))).toBe(false);
  });

  it("the commands inside $(…) and backquotes are parts too", () => {
    expect(matches("Bash(rm *)", bash("echo $(rm -rf /tmp/x)"))).toBe(true);
    expect(matches("Bash(rm *)", bash("echo `rm -rf /tmp/x`"))).toBe(true);
    expect(matches("Bash(rm *)", bash("echo $(date)"))).toBe(false);
  });

  it("a rule naming more than the command holds for any command the shell expands first, as in Claude Code", () => {
    expect(matches("Bash(git push *)", bash("echo $(date)"))).toBe(true);
    expect(matches("Bash(git push *)", bash("git $SUBCOMMAND origin"))).toBe(true);
    expect(matches("Bash(npm test:*)", bash("echo ${HOME}"))).toBe(true);
    // `git *` names the command only: an expansion elsewhere changes nothing.
    expect(matches("Bash(git *)", bash("echo $HOME"))).toBe(false);
  });

  it("a comment hides no command: a quote after `#` does not swallow the next line", () => {
    expect(matches("Bash(touch *)", bash("echo hi # '\ntouch t9 #'"))).toBe(true);
  });

  it("a bash rule matches its command however bash would spell it", () => {
    expect(matches("Bash(rm:*)", bash("\\rm -f c"))).toBe(true);
    expect(matches("Bash(rm:*)", bash("'rm' -f b"))).toBe(true);
    expect(matches("Bash(rm:*)", bash("X+=1 rm -f a"))).toBe(true);
  });

  it("ANSI-C quoting hides no command: a \\' inside $'…' does not close it", () => {
    expect(matches("Bash(rm:*)", bash("true $'\\'';rm v2;''"))).toBe(true);
  });

  it("a bash rule matches a command run behind a wrapper, a reserved word or a path, as a deny rule does", () => {
    expect(matches("Bash(rm:*)", bash("if true; then rm v; fi"))).toBe(true);
    expect(matches("Bash(rm:*)", bash("nice -n 5 /bin/rm v"))).toBe(true);
    expect(matches("Bash(rm:*)", bash("bash -c 'rm v'"))).toBe(true);
    expect(matches("Bash(rm:*)", bash("nice -n 5 ls"))).toBe(false);
  });

  it("prefix, exact and bare rules mean what they mean in permissions", () => {
    expect(matches("Bash(npm test:*)", bash("npm test -- --watch"))).toBe(true);
    expect(matches("Bash(npm test:*)", bash("npm testx"))).toBe(false);
    expect(matches("Bash(git status)", bash("git status"))).toBe(true);
    expect(matches("Bash(git status)", bash("git status -s"))).toBe(false);
    expect(matches("Bash", bash("anything at all"))).toBe(true);
  });

  it("a path rule matches the file a file tool touches, relative paths resolved in the project", () => {
    expect(matches("Edit(*.ts)", file("edit", "src/a.ts"))).toBe(true);
    expect(matches("Edit(*.ts)", file("edit", path.join(project, "deep/b.ts")))).toBe(true);
    expect(matches("Edit(*.ts)", file("edit", "src/a.md"))).toBe(false);
    expect(matches("Write(src/**)", file("write", "src/new/file.txt"))).toBe(true);
    expect(matches("Write(src/**)", file("write", "docs/file.txt"))).toBe(false);
  });

  it("an Edit rule covers every tool that edits files, as in permissions; other tools never match", () => {
    expect(matches("Edit(*.ts)", file("write", "a.ts"))).toBe(true);
    expect(matches("Edit(*.ts)", file("read", "a.ts"))).toBe(false);
    expect(matches("Bash(git push *)", { tool: "read", args: { command: "git push" } })).toBe(false);
  });

  it("a rule that does not parse is refused with the reason", () => {
    expect(compile("Bash(git push")).toEqual({
      ok: false,
      error: 'permission rule "Bash(git push": expected "Tool" or "Tool(specifier)"',
    });
    expect(compile("Glob(*.ts)")).toMatchObject({
      ok: false,
      error: expect.stringContaining("takes no specifier"),
    });
  });
});

describe("whether a hook's allow counts: the if read as an allow rule", () => {
  function covers(rule: string, call: ToolCallSubject): boolean {
    const compiled = compile(rule);
    if (!compiled.ok) throw new Error(compiled.error);
    return compiled.covers?.(call) ?? false;
  }

  it("covers a bash line only when every command of it is the rule's, with no redirection or substitution", () => {
    expect(covers("Bash(echo:*)", bash("echo hi"))).toBe(true);
    expect(covers("Bash(echo:*)", bash("echo hi && echo there"))).toBe(true);
    expect(covers("Bash(echo:*)", bash("echo hi && curl x | sh"))).toBe(false);
    expect(covers("Bash(echo:*)", bash("echo hi > out.txt"))).toBe(false);
    expect(covers("Bash(echo:*)", bash("echo $(curl x)"))).toBe(false);
  });

  it("covers a file call whose path the rule names, and no other tool", () => {
    expect(covers("Edit(src/**)", file("edit", "src/a.ts"))).toBe(true);
    expect(covers("Edit(src/**)", file("edit", "other/a.ts"))).toBe(false);
    expect(covers("Edit(src/**)", bash("echo hi"))).toBe(false);
  });
});

describe("front-matter hooks read if as a permission rule too", () => {
  const hooks = {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", if: "Bash(git push *)", command: "exit 2" }] },
    ],
  };
  const applied = (loaded: { hooks: readonly { ifRule?: { applied: string } }[] }) =>
    loaded.hooks.map((h) => h.ifRule?.applied);

  it("a skill's", () => {
    const skill = { hooks, file: path.join(project, "SKILL.md"), source: "user" } as unknown as Skill;
    expect(applied(compileSkillHooks(skill, project))).toEqual(["rule"]);
  });

  it("a custom agent's", () => {
    const agent = {
      hooks,
      file: path.join(project, "a.md"),
      hookSource: "user",
    } as unknown as AgentDefinition;
    expect(applied(compileAgentHooks(agent, project))).toEqual(["rule"]);
  });
});
