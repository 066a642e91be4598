/**
 * Custom sub-agent files (issue 14 item 4): front-matter as Claude Code writes it, where they are
 * found, which wins, and what a bad file says. Real files in temporary folders.
 */
import fs from "node:fs";
import path from "node:path";
import type { Problem } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../../src/agents/agent-definition.js";
import { agentModelGrant } from "../../src/agents/agent-model-consent.js";
import { loadAgents } from "../../src/agents/load-agents.js";
import { MODEL_ALIASES } from "../../src/settings/model-aliases.js";
import { scratchDir } from "../support/e2e.js";

const write = (file: string, text: string): string => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

const agentText = (name: string, extra = "", body = "You review diffs.") =>
  `---\nname: ${name}\ndescription: Reviews ${name}\n${extra}---\n${body}\n`;

describe("agent files", () => {
  it("reads Claude Code's front-matter: folded description, comma tools, model, maxTurns, body as instructions", async () => {
    const problems: Problem[] = [];
    const text = [
      "---",
      "name: code-reviewer",
      "description: >",
      "  Use after code changes.",
      "  Checks style and bugs.",
      "tools: Read, Grep, Bash",
      "model: sonnet",
      "maxTurns: 7",
      "color: blue",
      "---",
      "You are a strict reviewer.",
      "",
    ].join("\n");
    const agent = await parseAgentFile("/p/.claude/agents/r.md", text, "project", problems);
    expect(problems).toEqual([]);
    expect(agent).toMatchObject({
      name: "code-reviewer",
      description: "Use after code changes. Checks style and bugs.",
      tools: ["Read", "Grep", "Bash"],
      model: "sonnet",
      maxTurns: 7,
      prompt: "You are a strict reviewer.",
      origin: "project",
      hookSource: "project",
    });
  });

  it("a project agent's model needs the model:<provider/id> grant it resolves to; a user's or plugin's agent needs none", async () => {
    const grantOf = async (origin: "project" | "user" | "plugin", model: string) => {
      const agent = await parseAgentFile("/a.md", agentText("m", `model: ${model}\n`), origin, []);
      if (agent === undefined) throw new Error("the agent file did not parse");
      return agentModelGrant(agent, { ANTHROPIC_API_KEY: "k" });
    };
    expect(await grantOf("project", "sonnet")).toBe(`model:${MODEL_ALIASES.sonnet}`);
    expect(await grantOf("project", "openai/gpt-4.1")).toBe("model:openai/gpt-4.1");
    expect(await grantOf("project", "inherit")).toBeUndefined();
    expect(await grantOf("user", "openai/gpt-4.1")).toBeUndefined();
    expect(await grantOf("plugin", "openai/gpt-4.1")).toBeUndefined();
  });

  it("a YAML tool list and model inherit; a front-matter Stop hook becomes SubagentStop", async () => {
    const problems: Problem[] = [];
    const text = [
      "---",
      "name: tester",
      "description: runs tests",
      "tools:",
      "  - Read",
      "  - mcp__db__query",
      "model: inherit",
      "hooks:",
      "  PreToolUse:",
      "    - matcher: Bash",
      "      hooks:",
      "        - type: command",
      '          command: "exit 2"',
      "  Stop:",
      "    - hooks:",
      "        - type: command",
      "          command: touch stopped",
      "---",
      "body",
    ].join("\n");
    const agent = await parseAgentFile("/u/agents/t.md", text, "user", problems);
    expect(problems).toEqual([]);
    expect(agent?.tools).toEqual(["Read", "mcp__db__query"]);
    expect(agent?.model).toBeUndefined();
    expect(Object.keys(agent?.hooks ?? {})).toEqual(["PreToolUse", "SubagentStop"]);
    expect(agent?.hookSource).toBe("user");
  });

  it("a file without name or description, or with broken YAML, is a problem naming the file; not loaded", async () => {
    const problems: Problem[] = [];
    expect(await parseAgentFile("/a.md", "---\ndescription: x\n---\n", "user", problems)).toBeUndefined();
    expect(await parseAgentFile("/b.md", "---\nname: b\n---\n", "user", problems)).toBeUndefined();
    expect(
      await parseAgentFile("/c.md", "---\nname: c\ndescription: x\n  bad: [\n---\n", "user", problems),
    ).toBeUndefined();
    expect(await parseAgentFile("/d.md", "no front-matter", "user", problems)).toBeUndefined();
    expect(problems.map((p) => [p.file, p.severity, p.message])).toEqual([
      [
        "/a.md",
        "error",
        "agent: front-matter has no name (--- name: … description: … ---); agent not loaded",
      ],
      [
        "/b.md",
        "error",
        "agent: b: front-matter has no description (the model chooses agents by it); agent not loaded",
      ],
      [
        "/c.md",
        "error",
        expect.stringMatching(/^agent: front-matter is not valid YAML: .*; agent not loaded$/),
      ],
      [
        "/d.md",
        "error",
        "agent: front-matter has no name (--- name: … description: … ---); agent not loaded",
      ],
    ]);
  });

  it('an agent named "main" is not loaded: its runs would be taken for the main agent (its hooks on the main agent\'s calls)', async () => {
    const problems: Problem[] = [];
    expect(await parseAgentFile("/main.md", agentText("main"), "project", problems)).toBeUndefined();
    expect(problems.map((p) => [p.file, p.severity, p.message])).toEqual([
      ["/main.md", "error", 'agent: name "main" is the top-level agent\'s; agent not loaded'],
    ]);
  });

  it("front-matter keys codebot does not act on are warnings, not silence", async () => {
    const problems: Problem[] = [];
    await parseAgentFile("/a.md", agentText("a", "permissionMode: plan\nfavourite: 3\n"), "user", problems);
    expect(problems.map((p) => p.message)).toEqual([
      'agent: a: "permissionMode" is not supported by codebot; ignored',
      'agent: a: unknown front-matter key "favourite"; ignored',
    ]);
  });

  it("tool names codebot has no tool for are a warning; Claude Code's, codebot's, mcp__ and Agent(x) names are not", async () => {
    const problems: Problem[] = [];
    const agent = await parseAgentFile(
      "/a.md",
      agentText(
        "a",
        "tools: Read, edit, LS, WebFetch, mcp__db__q, Agent(x)\ndisallowedTools: [NotebookEdit]\n",
      ),
      "user",
      problems,
    );
    expect(agent?.tools).toEqual(["Read", "edit", "LS", "WebFetch", "mcp__db__q", "Agent(x)"]);
    expect(problems.map((p) => p.message)).toEqual([
      'agent: a: "WebFetch", "NotebookEdit": no such tool in codebot; ignored',
    ]);
  });

  it("claude's MCP resource tools are tool names codebot knows (ListMcpResourcesTool, read_mcp_resource)", async () => {
    const problems: Problem[] = [];
    await parseAgentFile(
      "/a.md",
      agentText(
        "a",
        "tools: ListMcpResourcesTool, read_mcp_resource\ndisallowedTools: [ReadMcpResourceTool]\n",
      ),
      "user",
      problems,
    );
    expect(problems).toEqual([]);
  });

  it("YAML aliases cannot blow up (billion laughs): a problem, not a hang", async () => {
    const lines = [
      "---",
      "name: x",
      "description: y",
      "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
    ];
    for (let i = 1; i < 9; i++)
      lines.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(", ")}]`,
      );
    lines.push("---", "");
    const problems: Problem[] = [];
    expect(await parseAgentFile("/x.md", lines.join("\n"), "project", problems)).toBeUndefined();
    expect(problems[0]?.message).toMatch(/^agent: front-matter is not valid YAML: .*alias/i);
  });
});

describe("where agents are found", () => {
  const setup = () => {
    const root = scratchDir("codebot-agents-");
    const cwd = path.join(root, "project");
    const codebotHome = path.join(root, "home");
    const claudeHome = path.join(root, "claude");
    fs.mkdirSync(cwd, { recursive: true });
    return { root, cwd, codebotHome, claudeHome };
  };

  it("project (.codebot, .claude) over user ($CODEBOT_HOME, ~/.claude) over plugins, which are named <plugin>:<name>", async () => {
    const w = setup();
    write(path.join(w.cwd, ".claude/agents/reviewer.md"), agentText("reviewer", "", "project reviewer"));
    write(path.join(w.codebotHome, "agents/reviewer.md"), agentText("reviewer", "", "user reviewer"));
    write(path.join(w.claudeHome, "agents/sub/planner.md"), agentText("planner"));
    write(path.join(w.cwd, ".codebot/agents/tester.md"), agentText("tester"));
    const plugin = path.join(w.root, "plug");
    write(path.join(plugin, "agents/reviewer.md"), agentText("reviewer"));
    const loaded = await loadAgents({
      ...w,
      claudeCompat: true,
      plugins: [{ name: "lint", root: plugin, dataDir: path.join(w.root, "data"), source: "plugin" }],
    });
    expect(loaded.agents.map((a) => [a.name, a.origin])).toEqual([
      ["tester", "project"],
      ["reviewer", "project"],
      ["planner", "user"],
      ["lint:reviewer", "plugin"],
    ]);
    expect(loaded.agents.find((a) => a.name === "reviewer")?.prompt).toBe("project reviewer");
    expect(loaded.problems.map((p) => p.message)).toEqual([
      `agent: reviewer is also defined in ${path.join(w.cwd, ".claude/agents/reviewer.md")}, which wins; this one is not used`,
    ]);
  });

  it("with claudeCompat off, .claude/agents and ~/.claude/agents are not read", async () => {
    const w = setup();
    write(path.join(w.cwd, ".claude/agents/a.md"), agentText("a"));
    write(path.join(w.claudeHome, "agents/b.md"), agentText("b"));
    write(path.join(w.codebotHome, "agents/c.md"), agentText("c"));
    expect((await loadAgents({ ...w, claudeCompat: false })).agents.map((a) => a.name)).toEqual(["c"]);
  });

  it("a project agent file linking outside the project is not followed", async () => {
    const w = setup();
    const outside = write(path.join(w.root, "elsewhere.md"), agentText("sneaky"));
    fs.mkdirSync(path.join(w.cwd, ".codebot/agents"), { recursive: true });
    fs.symlinkSync(outside, path.join(w.cwd, ".codebot/agents/sneaky.md"));
    const loaded = await loadAgents({ ...w, claudeCompat: true });
    expect(loaded.agents).toEqual([]);
    expect(loaded.problems[0]?.message).toBe("agent: links outside the project; not loaded");
  });

  it("a plugin's agent file linking outside the plugin's folder is not followed", async () => {
    const w = setup();
    const outside = write(path.join(w.root, "elsewhere.md"), agentText("sneaky"));
    const plugin = path.join(w.root, "plug");
    fs.mkdirSync(path.join(plugin, "agents"), { recursive: true });
    fs.symlinkSync("../../elsewhere.md", path.join(plugin, "agents/sneaky.md"));
    const plugins = [
      { name: "lint", root: plugin, dataDir: path.join(w.root, "data"), source: "plugin" as const },
    ];
    const loaded = await loadAgents({ ...w, claudeCompat: true, plugins });
    expect(fs.realpathSync(path.join(plugin, "agents/sneaky.md"))).toBe(fs.realpathSync(outside));
    expect(loaded.agents).toEqual([]);
    expect(loaded.problems[0]?.message).toBe("agent: links outside the plugin lint's folder; not loaded");
  });
});
