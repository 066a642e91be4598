import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { ApprovalEngine } from "../src/approval/approval-engine.js";
import type { ToolApprovalRequest } from "../src/approval/approval-types.js";
import { beyondPrefixRules } from "../src/approval/beyond-prefix-rules.js";
import { TrustStore } from "../src/approval/trust-store.js";
import { PathPolicy } from "../src/paths/path-policy.js";
import { modeNamed } from "../src/settings/permission-modes.js";
import { bashTool } from "../src/tools/bash-tool.js";
import { ruleOf } from "./support/bash-rules.js";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

// Recorded with claude 2.1.328 -p under schoblaska/dotclaude-style prefix rules (`Bash(mv:*)`,
// `Bash(mkdir:*)`, `Bash(cat:*)`, `Bash(ls:*)`, `Bash(source:*)`, …): each line below was refused
// ("needs approval … outside the working directories", "… which is a sensitive file", "'source'
// evaluates arguments as shell code", "cat in '/etc/hostname' was blocked").
function project(): { root: string; home: string; paths: PathPolicy } {
  const base = scratchDir("beyond-prefix-");
  const root = path.join(base, "proj");
  const home = path.join(base, "home");
  fs.mkdirSync(path.join(root, ".git/hooks"), { recursive: true });
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(root, "notes.txt"), "notes\n");
  return { root, home, paths: new PathPolicy(root) };
}

describe("what a prefix or wildcard allow rule does not cover", () => {
  it("a line that runs a file or its words as shell code: source, '.', eval", () => {
    const { root, home, paths } = project();
    expect(beyondPrefixRules("source ./README.md", root, paths, [], home)).toBe(
      "'source' evaluates its arguments as shell code",
    );
    expect(beyondPrefixRules(". ./README.md", root, paths, [], home)).toMatch(/^'\.' evaluates/);
    expect(beyondPrefixRules("ls && eval echo hi", root, paths, [], home)).toMatch(/^'eval' evaluates/);
  });

  it("a write into .git/ or a settings file of the project or home", () => {
    const { root, home, paths } = project();
    expect(beyondPrefixRules("mkdir .git/hooks/x", root, paths, [], home)).toBe(
      "it writes .git/hooks/x, a settings, git or tool-configuration file",
    );
    expect(beyondPrefixRules("cp notes.txt .git/hooks/post-checkout", root, paths, [], home)).toContain(
      ".git/hooks/post-checkout",
    );
    expect(beyondPrefixRules("tee .git/config < notes.txt", root, paths, [], home)).toContain(".git/config");
    expect(beyondPrefixRules("touch .claude/settings.json", root, paths, [], home)).toContain(
      ".claude/settings.json",
    );
    expect(beyondPrefixRules("mkdir .codebot", root, paths, [], home)).toContain(".codebot");
    expect(beyondPrefixRules("touch ~/.bashrc", root, paths, [], home)).toContain(".bashrc");
  });

  it("a write or a read outside the project and its added folders", () => {
    const { root, home, paths } = project();
    expect(beyondPrefixRules("mv notes.txt ../outside.txt", root, paths, [], home)).toBe(
      `it writes ${path.join(path.dirname(root), "outside.txt")}, outside the project and its added folders`,
    );
    expect(beyondPrefixRules("cat /etc/hostname", root, paths, [], home)).toBe(
      "it reads /etc/hostname, outside the project and its added folders",
    );
    expect(beyondPrefixRules("ls ..", root, paths, [], home)).toMatch(/^it reads .*, outside the project/);
  });

  it("nothing for a line that stays in the project, or in a folder added to it", () => {
    const { root, home, paths } = project();
    expect(beyondPrefixRules("mv notes.txt moved.txt", root, paths, [], home)).toBeUndefined();
    expect(beyondPrefixRules("mkdir sub && cat notes.txt && ls", root, paths, [], home)).toBeUndefined();
    expect(beyondPrefixRules("touch .git2", root, paths, [], home)).toBeUndefined();
    const added = path.join(path.dirname(root), "added");
    fs.mkdirSync(added);
    const withAdded = new PathPolicy(root, false, [], [added]);
    expect(beyondPrefixRules(`cp notes.txt ${added}/n.txt`, root, withAdded, [], home)).toBeUndefined();
  });
});

describe("a session under the user's prefix rules", () => {
  it("asks a person about such a line, saying why the rule does not cover it", async () => {
    const { root, paths } = project();
    const asked: ToolApprovalRequest[] = [];
    const engine = new ApprovalEngine({
      mode: modeNamed("default"),
      rules: { allow: [ruleOf("Bash(mkdir:*)")], ask: [], deny: [] },
      paths,
      trustStore: new TrustStore(path.join(path.dirname(root), "home"), root),
      askToolApproval: async (request) => {
        asked.push(request);
        return "deny";
      },
    });
    const bash = bashTool({ paths, env: {} });
    const decide = (command: string) =>
      engine.tools.decide({ id: "c1", name: "bash", args: { command } }, bash, {
        agentName: "main",
        signal: new AbortController().signal,
      });
    expect((await decide("mkdir .git/hooks/x")).allowed).toBe(false);
    expect(await decide("mkdir sub")).toEqual({ allowed: true });
    expect(asked.map((r) => [r.subject, r.ruleReason])).toEqual([
      [
        "mkdir .git/hooks/x",
        "no prefix or wildcard allow rule covers it: it writes .git/hooks/x, a settings, git or tool-configuration file",
      ],
    ]);
  });

  it("refuses in -p, with why, what the prefix rules match but do not cover; runs the rest", async () => {
    // A folder of its own around the project: `../outside.txt` must not be left over from another test.
    const { root, home } = project();
    const s = await startSession({
      dirs: { project: root, home },
      user: { permissions: { allow: ["Bash(mv:*)", "Bash(mkdir:*)", "Bash(source:*)", "Bash(cat:*)"] } },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("bash", { command: "mv notes.txt ../outside.txt" }, "b1"),
        reply.toolCall("bash", { command: "mkdir .git/hooks/x" }, "b2"),
        reply.toolCall("bash", { command: "source ./notes.txt" }, "b3"),
        reply.toolCall("bash", { command: "mv notes.txt moved.txt" }, "b4"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")?.text).toMatch(
      /^permission denied: bash needs a yes: it writes .*outside\.txt, outside the project and its added folders, which no prefix or wildcard allow rule lets run unasked/,
    );
    expect(fs.existsSync(path.join(path.dirname(s.project), "outside.txt"))).toBe(false);
    expect(toolResultFor(s.model, "b2")?.text).toContain("it writes .git/hooks/x, a settings, git");
    expect(fs.existsSync(s.at(".git/hooks/x"))).toBe(false);
    expect(toolResultFor(s.model, "b3")?.text).toContain("'source' evaluates its arguments as shell code");
    expect(fs.existsSync(s.at("moved.txt"))).toBe(true);
  });

  it("a rule naming the whole line still allows it", async () => {
    const s = await startSession({
      user: { permissions: { allow: ["Bash(mkdir .git/hooks/x)"] } },
      runtime: { permissionMode: "ask" },
      script: [reply.toolCall("bash", { command: "mkdir .git/hooks/x" }, "b1"), reply.text("done")],
    });
    fs.mkdirSync(s.at(".git/hooks"), { recursive: true });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(fs.existsSync(s.at(".git/hooks/x"))).toBe(true);
  });
});
