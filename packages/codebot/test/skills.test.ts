/**
 * Skills and commands as files (packages/codebot/src/skills): where they are found and which wins
 * a name, their front-matter, and how arguments and shell commands are put into their text.
 */
import fs from "node:fs";
import path from "node:path";
import { shellQuote } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { PathPolicy } from "../src/paths/path-policy.js";
import { mentionedFiles } from "../src/skills/file-mentions.js";
import { fillArguments, splitArguments } from "../src/skills/fill-arguments.js";
import { loadSkills } from "../src/skills/load-skills.js";
import { shellParts } from "../src/skills/shell-blocks.js";
import { compileSkillHooks } from "../src/skills/skill-hooks.js";
import { readRulesOf } from "./support/read-rules.js";
import { tempDir } from "./support/temp-dirs.js";

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** How a mention is resolved in `cwd` with no read rules, counted as for the model. */
function noRules(cwd: string) {
  const paths = new PathPolicy(cwd);
  return { paths, readRules: readRulesOf(paths.root, {}), counted: "deny-and-ask" as const };
}

/** A project, a codebot home and a Claude Code home, all empty. */
function places() {
  return {
    cwd: tempDir("skills-project-"),
    codebotHome: tempDir("skills-home-"),
    claudeHome: tempDir("skills-claude-"),
  };
}

describe("fillArguments (Claude Code's placeholders)", () => {
  it("$ARGUMENTS is the whole text, $N and $ARGUMENTS[N] the N-th argument from 0", () => {
    expect(fillArguments("fix $0 in $1; all: $ARGUMENTS; again $ARGUMENTS[1]", "42 'src/a b.ts'").text).toBe(
      "fix 42 in src/a b.ts; all: 42 'src/a b.ts'; again src/a b.ts",
    );
  });

  it("a missing argument leaves its placeholder; \\$ is a literal dollar", () => {
    expect(fillArguments("a $0 b $3 c \\$1", "x").text).toBe("a x b $3 c $1");
  });

  it("reports whether a placeholder took an argument (else the caller appends ARGUMENTS:)", () => {
    expect(fillArguments("no placeholders", "x").used).toBe(false);
    expect(fillArguments("$ARGUMENTS", "").used).toBe(true);
  });

  it("an inserted value is not scanned again for placeholders", () => {
    expect(fillArguments("$0 $1", "$1 two").text).toBe("$1 two");
  });

  it("with a quoting function (inside a shell command) every value is one quoted word", () => {
    expect(fillArguments("echo $0 $ARGUMENTS", "a;rm b", shellQuote).text).toBe("echo 'a;rm' 'a;rm b'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it("splits arguments like a shell: quotes group words, backslash escapes", () => {
    expect(splitArguments(`one "two three" 'four five' six\\ seven`)).toEqual([
      "one",
      "two three",
      "four five",
      "six seven",
    ]);
  });
});

describe("shellParts (!`cmd` and ```! blocks)", () => {
  it("cuts the text into plain parts and commands, in order", () => {
    expect(shellParts("Status: !`git status`\n```!\nls -1\n```\nend, not!`this`")).toEqual([
      { kind: "text", text: "Status: " },
      { kind: "shell", command: "git status", raw: "!`git status`" },
      { kind: "text", text: "\n" },
      { kind: "shell", command: "ls -1", raw: "```!\nls -1\n```" },
      { kind: "text", text: "\nend, not!`this`" },
    ]);
  });
});

describe("mentionedFiles (@file inclusion)", () => {
  it("includes files inside the project, not outside it, and not through a symlink out of it", () => {
    const { cwd } = places();
    const outside = tempDir("skills-outside-");
    write(path.join(cwd, "src/a.ts"), "export const a = 1;\n");
    write(path.join(outside, "secret"), "secret\n");
    fs.symlinkSync(path.join(outside, "secret"), path.join(cwd, "link"));
    const found = mentionedFiles(
      `see @src/a.ts, @../${path.basename(outside)}/secret and @link.`,
      noRules(cwd),
    );
    expect(found.blocks).toEqual(['<file path="src/a.ts">\nexport const a = 1;\n\n</file>']);
    expect(found.skipped).toHaveLength(2);
    expect(found.skipped.every((line) => line.includes("outside the project"))).toBe(true);
  });
});

describe("mentionedFiles under the session's read rules", () => {
  /** A project with `.env` (the secret) and `notes.md`, and a mention resolver under `rules`. */
  function project(rules: { deny?: string[]; ask?: string[] }, counted: "deny" | "deny-and-ask") {
    const { cwd } = places();
    write(path.join(cwd, ".env"), "SECRET_TOKEN=hunter2\n");
    write(path.join(cwd, "notes.md"), "notes\n");
    const paths = new PathPolicy(cwd);
    return { cwd, where: { paths, readRules: readRulesOf(paths.root, rules), counted } };
  }

  it("a file a deny rule covers is left out, with a notice naming the rule", () => {
    const { where } = project({ deny: ["Read(./.env)"] }, "deny");
    const found = mentionedFiles("explain @.env and @notes.md", where);
    expect(found.blocks).toEqual(['<file path="notes.md">\nnotes\n\n</file>']);
    expect(found.skipped).toEqual(['@.env: the deny rule "Read(./.env)" covers it; not included']);
  });

  it("a deny rule covers the file by its real path: through a symlink, `..` or `./`", () => {
    const { cwd, where } = project({ deny: ["Read(./.env)"] }, "deny");
    fs.symlinkSync(path.join(cwd, ".env"), path.join(cwd, "innocent.txt"));
    fs.mkdirSync(path.join(cwd, "sub"));
    const found = mentionedFiles("@innocent.txt @sub/../.env @./.env", where);
    expect(found.blocks).toEqual([]);
    expect(found.skipped).toHaveLength(3);
  });

  it("an ask rule leaves a file out of the model's expansion (nobody was asked)", () => {
    const { where } = project({ ask: ["Read(.env)"] }, "deny-and-ask");
    const found = mentionedFiles("@.env", where);
    expect(found.blocks).toEqual([]);
    expect(found.skipped).toEqual([
      '@.env: the ask rule "Read(.env)" covers it and nobody was asked; not included',
    ]);
  });

  it("an ask rule does not hold back the user's own /name expansion", () => {
    const { where } = project({ ask: ["Read(.env)"] }, "deny");
    expect(mentionedFiles("@.env", where).blocks).toEqual([
      '<file path=".env">\nSECRET_TOKEN=hunter2\n\n</file>',
    ]);
  });
});

describe("mentionedFiles caps", () => {
  it("a large file is cut after 100 000 characters", () => {
    const { cwd } = places();
    write(path.join(cwd, "big.txt"), "x".repeat(300_000));
    const [block] = mentionedFiles("@big.txt", noRules(cwd)).blocks;
    expect(block?.length).toBeLessThan(100_100);
    expect(block).toContain("[… the rest of the file is cut …]");
  });
});

describe("loadSkills", () => {
  it("reads front-matter: description, argument-hint, allowed-tools, disable-model-invocation, hooks", async () => {
    const where = places();
    write(
      path.join(where.cwd, ".claude/skills/review/SKILL.md"),
      [
        "---",
        "name: review",
        "description: Review a change",
        "when_to_use: before merging",
        "argument-hint: PR",
        "allowed-tools: Read, Grep Bash(git diff *)",
        "disable-model-invocation: true",
        "hooks:",
        "  Stop:",
        "    - hooks:",
        "        - type: command",
        "          command: echo done",
        "---",
        "Review $ARGUMENTS.",
      ].join("\n"),
    );
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins: [] });
    expect(loaded.problems).toEqual([]);
    expect(loaded.skills.get("review")).toMatchObject({
      kind: "skill",
      description: "Review a change before merging",
      argumentHint: "PR",
      allowedTools: ["Read", "Grep", "Bash(git diff *)"],
      modelInvocable: false,
      userInvocable: true,
      source: "project",
      body: "Review $ARGUMENTS.",
      dir: path.join(where.cwd, ".claude/skills/review"),
    });
    expect(compileSkillHooks(loaded.skills.get("review") as never, where.cwd).hooks).toMatchObject([
      { event: "Stop", source: "project", path: path.join(where.cwd, ".claude/skills/review/SKILL.md") },
    ]);
  });

  it("reads loose front-matter as Claude Code does: a value holding ': ' or bracketed words is text, and the hooks load", async () => {
    const where = places();
    write(
      path.join(where.cwd, ".claude/commands/plan.md"),
      [
        "---",
        "description: Plan the work: steps, owners and checks",
        "argument-hint: [what to build] [who builds it]",
        "hooks:",
        "  Stop:",
        "    - hooks:",
        "        - type: command",
        "          command: echo planned",
        "---",
        "Plan $ARGUMENTS.",
      ].join("\n"),
    );
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins: [] });
    expect(loaded.problems).toEqual([]);
    expect(loaded.skills.get("plan")).toMatchObject({
      description: "Plan the work: steps, owners and checks",
      argumentHint: "[what to build] [who builds it]",
    });
    expect(compileSkillHooks(loaded.skills.get("plan") as never, where.cwd).hooks).toMatchObject([
      { event: "Stop", source: "project" },
    ]);
  });

  it("argument-hint: [path] (a YAML list) is the hint as written, without a problem", async () => {
    const where = places();
    write(
      path.join(where.cwd, ".claude/commands/build.md"),
      "---\nargument-hint: [path-to-plan]\n---\nBuild.\n",
    );
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins: [] });
    expect(loaded.problems).toEqual([]);
    expect(loaded.skills.get("build")).toMatchObject({ argumentHint: "[path-to-plan]" });
  });

  it("user skills win over project ones, skills over commands; commands in sub-folders are dir:name", async () => {
    const where = places();
    write(path.join(where.cwd, ".claude/skills/deploy/SKILL.md"), "project deploy skill\n");
    write(path.join(where.claudeHome, "skills/deploy/SKILL.md"), "user deploy skill\n");
    write(path.join(where.cwd, ".claude/commands/lint.md"), "project lint command\n");
    write(path.join(where.cwd, ".codebot/skills/lint/SKILL.md"), "project lint skill\n");
    write(path.join(where.cwd, ".claude/commands/frontend/component.md"), "make a component\n");
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins: [] });
    expect(loaded.skills.get("deploy")).toMatchObject({ source: "user", description: "user deploy skill" });
    expect(loaded.skills.get("lint")).toMatchObject({ kind: "skill", description: "project lint skill" });
    expect(loaded.skills.get("frontend:component")).toMatchObject({ kind: "command" });
    expect(loaded.problems.some((p) => p.includes("/deploy is also defined"))).toBe(true);
  });

  it("Claude Code's folders are read only with Claude Code compatibility on", async () => {
    const where = places();
    write(path.join(where.cwd, ".claude/commands/a.md"), "a\n");
    write(path.join(where.cwd, ".codebot/commands/b.md"), "b\n");
    const loaded = await loadSkills({ ...where, claudeCompat: false, plugins: [] });
    expect([...loaded.skills.keys()]).toEqual(["b"]);
  });

  it("a plugin's skills and commands are plugin:name; a plugin a project switched on counts as the project's", async () => {
    const where = places();
    const root = tempDir("skills-plugin-");
    write(path.join(root, "skills/audit/SKILL.md"), "---\ndescription: audit\n---\nAudit.\n");
    write(path.join(root, "commands/fix.md"), "Fix.\n");
    const plugins = [{ name: "kit", root, dataDir: root, source: "project" as const }];
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins });
    expect(loaded.skills.get("kit:audit")).toMatchObject({
      kind: "skill",
      source: "project",
      plugin: { name: "kit" },
    });
    expect(loaded.skills.get("kit:fix")).toMatchObject({ kind: "command" });
  });

  // A project command in a sub-folder named as your plugin (`.claude/commands/fmt/lint.md`) is
  // `fmt:lint` too: it took the name over, and your `Skill(fmt:lint)` rule and `/fmt:lint` with it.
  it("your plugin's skill wins its plugin:name over a project command in a folder named as the plugin", async () => {
    const where = places();
    const root = tempDir("skills-plugin-");
    write(path.join(root, "skills/lint/SKILL.md"), "---\ndescription: your lint\n---\nLint.\n");
    write(path.join(where.cwd, ".claude/commands/fmt/lint.md"), "---\ndescription: impostor\n---\nX.\n");
    const plugins = [{ name: "fmt", root, dataDir: root, source: "plugin" as const }];
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins });
    expect(loaded.skills.get("fmt:lint")).toMatchObject({ source: "plugin", description: "your lint" });
    expect(loaded.problems.some((p) => p.includes("/fmt:lint is also defined"))).toBe(true);
  });

  it("a project command or skill that links outside the project is not loaded, and the warning names it", async () => {
    const where = places();
    const outside = tempDir("skills-outside-");
    write(path.join(outside, "credentials"), "aws_secret_access_key = s3cr3t\n");
    write(path.join(outside, "shared/SKILL.md"), "Shared skill.\n");
    write(path.join(where.cwd, "docs/inside.md"), "Inside the project.\n");
    const commands = path.join(where.cwd, ".claude/commands");
    fs.mkdirSync(commands, { recursive: true });
    fs.symlinkSync(path.join(outside, "credentials"), path.join(commands, "notes.md"));
    fs.symlinkSync(path.join(where.cwd, "docs/inside.md"), path.join(commands, "inside.md"));
    fs.mkdirSync(path.join(where.cwd, ".codebot/skills"), { recursive: true });
    fs.symlinkSync(path.join(outside, "shared"), path.join(where.cwd, ".codebot/skills/shared"));
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins: [] });
    expect([...loaded.skills.keys()]).toEqual(["inside"]);
    expect(loaded.problems).toEqual([
      `${path.join(where.cwd, ".codebot/skills/shared/SKILL.md")}: links outside the project; not loaded`,
      `${path.join(commands, "notes.md")}: links outside the project; not loaded`,
    ]);
  });

  it("a plugin's command or skill that links outside the plugin's folder is not loaded, and the warning names it", async () => {
    const where = places();
    const root = tempDir("skills-plugin-");
    const outside = tempDir("skills-outside-");
    write(path.join(outside, "credentials"), "aws_secret_access_key = s3cr3t\n");
    write(path.join(outside, "shared/SKILL.md"), "Shared skill.\n");
    write(path.join(root, "commands/fix.md"), "Fix.\n");
    fs.symlinkSync(
      `../../${path.relative(path.dirname(root), path.join(outside, "credentials"))}`,
      path.join(root, "commands/notes.md"),
    );
    fs.mkdirSync(path.join(root, "skills"), { recursive: true });
    fs.symlinkSync(path.join(outside, "shared"), path.join(root, "skills/shared"));
    const plugins = [{ name: "kit", root, dataDir: root, source: "plugin" as const }];
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins });
    expect([...loaded.skills.keys()]).toEqual(["kit:fix"]);
    expect(loaded.problems).toEqual([
      `${path.join(root, "skills/shared/SKILL.md")}: links outside the plugin kit's folder; not loaded`,
      `${path.join(root, "commands/notes.md")}: links outside the plugin kit's folder; not loaded`,
    ]);
  });

  it("front-matter that is not valid YAML is ignored with a warning: the file loads as if it had none (as claude 2.1.328)", async () => {
    const where = places();
    write(
      path.join(where.cwd, ".claude/skills/tabbed/SKILL.md"),
      "---\nname: other\ndescription: x\n\tallowed-tools: Bash\n---\nTabbed body.\n",
    );
    write(
      path.join(where.cwd, ".claude/commands/quoted.md"),
      '---\ndescription: "never closed\nallowed-tools: Bash\n---\nQuoted body $ARGUMENTS.\n',
    );
    const loaded = await loadSkills({ ...where, claudeCompat: true, plugins: [] });
    expect([...loaded.skills.keys()].sort()).toEqual(["quoted", "tabbed"]);
    expect(loaded.skills.get("tabbed")).toMatchObject({
      description: "Tabbed body.",
      allowedTools: [],
      body: "Tabbed body.\n",
    });
    expect(loaded.skills.get("quoted")).toMatchObject({
      kind: "command",
      description: "Quoted body $ARGUMENTS.",
      allowedTools: [],
      body: "Quoted body $ARGUMENTS.\n",
    });
    expect(loaded.problems.sort()).toEqual([
      expect.stringMatching(
        /quoted\.md: front-matter is not valid YAML: .*; its front-matter is ignored \(loaded under its file's name, described by its first line, as Claude Code does\)$/,
      ),
      expect.stringMatching(
        /tabbed\/SKILL\.md: front-matter is not valid YAML: .*; its front-matter is ignored/,
      ),
    ]);
  });
});
