import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { loadInstructions, MAX_IMPORT_DEPTH } from "../src/instructions/load-instructions.js";
import { promptText, scratchDir, startSession } from "./support/e2e.js";
import { readRulesOf } from "./support/read-rules.js";
import { writeFile } from "./support/temp-dirs.js";

/** A repository with a working directory two levels below its root, and empty user folders. */
function layout() {
  const root = scratchDir("codebot-instr-repo-");
  fs.mkdirSync(path.join(root, ".git"));
  const cwd = path.join(root, "pkg", "app");
  fs.mkdirSync(cwd, { recursive: true });
  const codebotHome = scratchDir("codebot-instr-home-");
  const claudeHome = path.join(codebotHome, ".claude");
  const homeDir = scratchDir("codebot-instr-userhome-");
  return { root, cwd, codebotHome, claudeHome, homeDir, claudeCompat: true };
}

const names = (where: ReturnType<typeof layout>) => (file: string) =>
  path.relative(where.root, file).startsWith("..") ? file : path.relative(where.root, file);

describe("instruction file discovery", () => {
  it("reads user files, then every folder from the git root down to the working directory, in precedence order", () => {
    const w = layout();
    writeFile(path.join(w.claudeHome, "CLAUDE.md"), "claude user");
    writeFile(path.join(w.codebotHome, "AGENTS.md"), "codebot user agents");
    writeFile(path.join(w.root, "AGENTS.md"), "root agents");
    writeFile(path.join(w.root, "CLAUDE.md"), "root claude");
    writeFile(path.join(w.root, ".claude", "CLAUDE.md"), "root dot-claude");
    writeFile(path.join(w.root, "pkg", "CODEBOT.md"), "pkg codebot");
    writeFile(path.join(w.cwd, "CLAUDE.local.md"), "app local");
    writeFile(path.join(path.dirname(w.root), "AGENTS.md.unrelated"), "x");
    const loaded = loadInstructions(w);
    expect(loaded.problems).toEqual([]);
    expect(loaded.files.map((f) => [f.scope, f.text])).toEqual([
      ["user", "claude user"],
      ["user", "codebot user agents"],
      ["project", "root agents"],
      ["project", "root claude"],
      ["project", "root dot-claude"],
      ["project", "pkg codebot"],
      ["local", "app local"],
    ]);
  });

  it("with Claude Code compatibility off, reads only AGENTS.md and CODEBOT.md", () => {
    const w = { ...layout(), claudeCompat: false };
    writeFile(path.join(w.claudeHome, "CLAUDE.md"), "claude user");
    writeFile(path.join(w.root, "CLAUDE.md"), "root claude");
    writeFile(path.join(w.cwd, "CODEBOT.md"), "app codebot");
    expect(loadInstructions(w).files.map((f) => f.text)).toEqual(["app codebot"]);
  });

  it("outside a git repository, reads only the working directory's files", () => {
    const w = layout();
    fs.rmSync(path.join(w.root, ".git"), { recursive: true });
    writeFile(path.join(w.root, "AGENTS.md"), "root agents");
    writeFile(path.join(w.cwd, "AGENTS.md"), "app agents");
    expect(loadInstructions(w).files.map((f) => f.text)).toEqual(["app agents"]);
  });

  it("a directory named like an instruction file is reported and the rest still loads", () => {
    const w = layout();
    fs.mkdirSync(path.join(w.root, "AGENTS.md"));
    writeFile(path.join(w.root, "CLAUDE.md"), "root claude");
    const loaded = loadInstructions(w);
    expect(loaded.files.map((f) => f.text)).toEqual(["root claude"]);
    expect(loaded.problems).toEqual([`${path.join(w.root, "AGENTS.md")}: not a regular file (a directory)`]);
  });
});

describe("@path imports", () => {
  it("follows relative and ~ imports, each right after its importer and labelled with it", () => {
    const w = layout();
    const user = writeFile(path.join(w.codebotHome, "CODEBOT.md"), "mine @~/prefs.md");
    const prefs = writeFile(path.join(w.homeDir, "prefs.md"), "be brief");
    const main = writeFile(path.join(w.root, "CLAUDE.md"), "see @docs/style.md");
    const style = writeFile(path.join(w.root, "docs", "style.md"), "tabs");
    writeFile(path.join(w.root, "AGENTS.md"), "agents");
    const loaded = loadInstructions(w);
    expect(loaded.problems).toEqual([]);
    expect(loaded.files.map((f) => [f.path, f.importedBy])).toEqual([
      [user, undefined],
      [prefs, user],
      [path.join(w.root, "AGENTS.md"), undefined],
      [main, undefined],
      [style, main],
    ]);
  });

  it("a project file cannot import, or be a symlink to, a file outside the project", () => {
    const w = layout();
    const secret = writeFile(path.join(w.homeDir, ".ssh", "id_rsa"), "PRIVATE KEY");
    const outside = writeFile(path.join(w.codebotHome, "outside.md"), "outside text");
    const main = writeFile(path.join(w.root, "CLAUDE.md"), `@~/.ssh/id_rsa @${outside}`);
    fs.symlinkSync(secret, path.join(w.root, "AGENTS.md"));
    const loaded = loadInstructions(w);
    expect(loaded.files.map((f) => f.path)).toEqual([main]);
    expect(loaded.files.map((f) => f.text).join("")).not.toContain("PRIVATE KEY");
    expect(loaded.problems).toEqual([
      `${path.join(w.root, "AGENTS.md")}: outside the project; not read`,
      `${main}: import ${secret}: outside the project; not read`,
      `${main}: import ${outside}: outside the project; not read`,
    ]);
  });

  it("a repository at the home folder (dotfiles) is not the project of a folder below it with no .git of its own", () => {
    const w = layout();
    fs.mkdirSync(path.join(w.homeDir, ".git"));
    const secret = writeFile(path.join(w.homeDir, ".ssh", "id_rsa"), "PRIVATE KEY");
    const cwd = path.join(w.homeDir, "Downloads", "evil");
    const main = writeFile(path.join(cwd, "CLAUDE.md"), "@~/.ssh/id_rsa @../../.ssh/id_rsa");
    const loaded = loadInstructions({ ...w, cwd });
    expect(loaded.files.map((f) => f.path)).toEqual([main]);
    expect(loaded.files.map((f) => f.text).join("")).not.toContain("PRIVATE KEY");
    // Both imports name the same file.
    const refused = `${main}: import ${secret}: outside the project; not read`;
    expect(loaded.problems).toEqual([refused, refused]);
  });

  it("ignores @ inside code, and a bare @mention that names no file is not a problem", () => {
    const w = layout();
    writeFile(path.join(w.root, "CLAUDE.md"), "ask @alice\n`@inline.md`\n```\n@fenced.md\n```\n");
    writeFile(path.join(w.root, "inline.md"), "no");
    writeFile(path.join(w.root, "fenced.md"), "no");
    const loaded = loadInstructions(w);
    expect(loaded.files).toHaveLength(1);
    expect(loaded.problems).toEqual([]);
  });

  it("a missing or non-file import is reported, not fatal", () => {
    const w = layout();
    const main = writeFile(path.join(w.root, "CLAUDE.md"), "@missing.md @sub");
    fs.mkdirSync(path.join(w.root, "sub"));
    const loaded = loadInstructions(w);
    expect(loaded.files.map((f) => f.path)).toEqual([main]);
    expect(loaded.problems).toEqual([
      `${main}: import @missing.md: no such file`,
      `${main}: import ${path.join(w.root, "sub")}: not a regular file (a directory)`,
    ]);
  });

  it("a cycle is reported and each file is given once", () => {
    const w = layout();
    const a = writeFile(path.join(w.root, "CLAUDE.md"), "A @b.md");
    const b = writeFile(path.join(w.root, "b.md"), "B @CLAUDE.md");
    const loaded = loadInstructions(w);
    expect(loaded.files.map((f) => f.path)).toEqual([a, b]);
    expect(loaded.problems).toEqual([`${b}: import ${a} is a cycle; not followed`]);
  });

  it(`stops ${MAX_IMPORT_DEPTH} imports deep`, () => {
    const w = layout();
    writeFile(path.join(w.root, "CLAUDE.md"), "@f1.md");
    for (let i = 1; i <= MAX_IMPORT_DEPTH + 1; i++)
      writeFile(path.join(w.root, `f${i}.md`), `level ${i} @f${i + 1}.md`);
    const loaded = loadInstructions(w);
    expect(loaded.files.map((f) => names(w)(f.path))).toEqual([
      "CLAUDE.md",
      ...Array.from({ length: MAX_IMPORT_DEPTH }, (_, i) => `f${i + 1}.md`),
    ]);
    expect(loaded.problems).toEqual([
      `${path.join(w.root, `f${MAX_IMPORT_DEPTH}.md`)}: imports deeper than ${MAX_IMPORT_DEPTH} levels are not followed`,
    ]);
  });
});

describe("@path imports under the session's read rules", () => {
  // The rules' project root is the working directory, as for the read tool.
  it("an import a deny rule covers is not read, and the problem names the rule", () => {
    const w = layout();
    const main = writeFile(path.join(w.cwd, "CLAUDE.md"), "See @.env and @notes.md");
    const env = writeFile(path.join(w.cwd, ".env"), "SECRET_TOKEN=hunter2");
    const notes = writeFile(path.join(w.cwd, "notes.md"), "notes");
    const loaded = loadInstructions(w, readRulesOf(w.cwd, { deny: ["Read(./.env)"] }));
    expect(loaded.files.map((f) => f.path)).toEqual([main, notes]);
    expect(loaded.problems).toEqual([
      `${main}: import ${env}: the deny rule "Read(./.env)" covers it; not read`,
    ]);
  });

  it("a deny rule covers an import by its real path: through a symlink or `..`", () => {
    const w = layout();
    writeFile(path.join(w.cwd, "CLAUDE.md"), "@docs/../.env @innocent.md");
    writeFile(path.join(w.cwd, ".env"), "SECRET_TOKEN=hunter2");
    fs.mkdirSync(path.join(w.cwd, "docs"));
    fs.symlinkSync(path.join(w.cwd, ".env"), path.join(w.cwd, "innocent.md"));
    const loaded = loadInstructions(w, readRulesOf(w.cwd, { deny: ["Read(.env)"] }));
    expect(loaded.files.map((f) => f.text).join("")).not.toContain("hunter2");
    expect(loaded.problems).toHaveLength(2);
  });

  it("an ask rule keeps a project file's import out (nobody is asked at startup)", () => {
    const w = layout();
    const main = writeFile(path.join(w.cwd, "CLAUDE.local.md"), "@secrets.md");
    const secrets = writeFile(path.join(w.cwd, "secrets.md"), "secret");
    const loaded = loadInstructions(w, readRulesOf(w.cwd, { ask: ["Read(secrets.md)"] }));
    expect(loaded.files.map((f) => f.path)).toEqual([main]);
    expect(loaded.problems).toEqual([
      `${main}: import ${secrets}: the ask rule "Read(secrets.md)" covers it and nobody was asked; not read`,
    ]);
  });

  it("the user's own file may import a file an ask rule covers, not one a deny rule covers", () => {
    const w = layout();
    const user = writeFile(path.join(w.codebotHome, "AGENTS.md"), "@~/asked.md @~/denied.md");
    const asked = writeFile(path.join(w.homeDir, "asked.md"), "asked");
    const denied = writeFile(path.join(w.homeDir, "denied.md"), "denied");
    const rules = readRulesOf(w.cwd, { ask: ["Read(asked.md)"], deny: ["Read(denied.md)"] });
    const loaded = loadInstructions(w, rules);
    expect(loaded.files.map((f) => f.path)).toEqual([user, asked]);
    expect(loaded.problems).toEqual([
      `${user}: import ${denied}: the deny rule "Read(denied.md)" covers it; not read`,
    ]);
  });
});

describe("instructions reach the model", () => {
  it("as labelled project context in the first user message, not in the system prompt, and only once", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    fs.mkdirSync(path.join(project, ".git"));
    writeFile(path.join(project, "CLAUDE.md"), "Always run npm test. @notes.md");
    writeFile(path.join(project, "notes.md"), "Imported note.");
    writeFile(path.join(home, "AGENTS.md"), "User says hi.");
    const s = await startSession({
      dirs: { project, home },
      script: [reply.text("ok"), reply.text("again")],
    });
    await s.runtime.prompt("first");
    await s.runtime.prompt("second");
    const [context, text] = promptText(s.model.requests[0], "user");
    expect(text).toBe("first");
    expect(context).toContain(`Contents of ${path.join(home, "AGENTS.md")}`);
    expect(context).toContain(`Contents of ${path.join(project, "CLAUDE.md")} (project instructions`);
    expect(context).toContain("Always run npm test.");
    expect(context).toContain(`imported by ${path.join(project, "CLAUDE.md")}):\n\nImported note.`);
    expect(context?.indexOf("User says hi.")).toBeLessThan(context?.indexOf("Always run npm test.") ?? -1);
    expect(promptText(s.model.requests[0], "system").join("\n")).not.toContain("Always run npm test.");
    expect(
      promptText(s.model.requests[1], "user").filter((t) => t.includes("Always run npm test.")),
    ).toHaveLength(1);
  });

  it('"claudeCompat": false in codebot\'s user settings leaves CLAUDE.md out', async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    writeFile(path.join(project, "CLAUDE.md"), "claude text");
    writeFile(path.join(project, "AGENTS.md"), "agents text");
    const s = await startSession({
      dirs: { project, home },
      user: { claudeCompat: false },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("hi");
    const all = promptText(s.model.requests[0], "user").join("\n");
    expect(all).toContain("agents text");
    expect(all).not.toContain("claude text");
  });

  it("an import that cannot be read is told to the user and the session still runs", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    writeFile(path.join(project, "AGENTS.md"), "@gone.md");
    const s = await startSession({ dirs: { project, home }, script: [reply.text("ok")] });
    expect(await s.runtime.prompt("hi")).toMatchObject({ status: "completed" });
    expect(s.notices).toContain(
      `codebot: instruction file: ${path.join(project, "AGENTS.md")}: import @gone.md: no such file`,
    );
  });
});

describe("nested folders' instruction files", () => {
  it("load with the tool result of the first read in their folder, once, and are listed for /memory", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    writeFile(path.join(project, "AGENTS.md"), "top level");
    const nested = writeFile(path.join(project, "pkg", "CLAUDE.md"), "pkg rule: no default exports");
    writeFile(path.join(project, "pkg", "sub", "AGENTS.md"), "sub rule: tabs");
    writeFile(path.join(project, "pkg", "sub", "a.ts"), "export const a = 1;\n");
    writeFile(path.join(project, "pkg", "sub", "b.ts"), "export const b = 2;\n");
    writeFile(path.join(project, "other", "CLAUDE.md"), "never read");
    const s = await startSession({
      dirs: { project, home },
      script: [
        reply.toolCalls(toolCall("read", { file_path: "pkg/sub/a.ts" }, "r1")),
        reply.toolCalls(toolCall("read", { file_path: "pkg/sub/b.ts" }, "r2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("read them");
    const [first] = promptText(s.model.requests[1], "tool");
    expect(first).toContain("export const a = 1;");
    expect(first).toContain(`<system-reminder>`);
    expect(first).toContain(`Contents of ${nested}`);
    expect(first).toContain("pkg rule: no default exports");
    expect(first?.indexOf("pkg rule")).toBeLessThan(first?.indexOf("sub rule: tabs") ?? -1);
    const tools = promptText(s.model.requests[2], "tool");
    expect(tools[1]).toContain("export const b = 2;");
    expect(tools[1]).not.toContain("system-reminder");
    const all = s.model.requests.map((r) => JSON.stringify(r.prompt)).join("\n");
    expect(all).not.toContain("never read");
    expect(all.split("top level")).toHaveLength(s.model.requests.length + 1);
    expect(s.runtime.instructions.files.map((f) => path.relative(project, f.path))).toEqual([
      "AGENTS.md",
      path.join("pkg", "CLAUDE.md"),
      path.join("pkg", "sub", "AGENTS.md"),
    ]);
  });
});
