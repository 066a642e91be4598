/**
 * `codebot hooks validate` lists tool names in matchers that codebot has no tool for (issue 14
 * item 6): such a hook never fires in codebot, and is not silently ignored. Agent hooks validate.
 */
import { describe, expect, it } from "vitest";
import { command, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("hooks validate: matchers on tools codebot does not have", () => {
  it("names each unknown tool, says whether the whole hook or part of its matcher never fires, and hints at what replaces TodoWrite and MultiEdit", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [
          { matcher: "WebFetch", hooks: [command("true"), command("false")] },
          { matcher: "Edit|MultiEdit|Write|NotebookEdit", hooks: [command("true")] },
          { matcher: "TodoWrite", hooks: [command("true")] },
          { matcher: "Bash|LS|Skill|mcp__github__create_issue", hooks: [command("true")] },
          command("true", { matcher: "webfetch" }),
          command("true", { matcher: "BASH" }),
          command("true", { matcher: "/Web.*/" }),
        ],
        PostToolUse: [{ matcher: "Agent|Task|Glob|Grep|Read", hooks: [{ type: "agent", prompt: "ok?" }] }],
      },
    });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    const warnings = r.stdout.split("\n").filter((line) => line.includes("codebot has"));
    expect(warnings).toEqual([
      `warning: ${file}: hooks.PreToolUse[0].matcher: "WebFetch" is not a tool codebot has: this hook never fires in codebot`,
      `warning: ${file}: hooks.PreToolUse[1].matcher: "MultiEdit", "NotebookEdit" are not tools codebot has: that part of the matcher never fires in codebot (MultiEdit: as in Claude Code 2.1, files are edited with edit (Edit), one replacement per call)`,
      `warning: ${file}: hooks.PreToolUse[2].matcher: "TodoWrite" is not a tool codebot has: this hook never fires in codebot (TodoWrite: codebot tracks work with task_create and task_update (TaskCreate|TaskUpdate))`,
      `warning: ${file}: hooks.PreToolUse[4].matcher: "webfetch" is not a tool codebot has: this hook never fires in codebot`,
    ]);
    expect(r.stdout).toContain("1 settings file, 9 hooks: 0 error(s), 4 warning(s)");
  });

  it("knows claude's MCP resource tools (ListMcpResourcesTool, ReadMcpResourceTool), which a session with such a server has", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [{ matcher: "ListMcpResourcesTool|ReadMcpResourceTool", hooks: [command("true")] }],
      },
    });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("0 error(s), 0 warning(s)");
  });

  it("knows claude's plan tools (EnterPlanMode, ExitPlanMode), which a session with someone to approve a plan has", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [{ matcher: "EnterPlanMode", hooks: [command("true")] }],
        PostToolUse: [{ matcher: "ExitPlanMode", hooks: [command("true")] }],
      },
    });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("0 error(s), 0 warning(s)");
  });

  it("says a permission rule written as a matcher (Bash(rm:*)) never fires, and where the rule belongs; a regex that matches the tool is left alone", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [
          { matcher: "Bash(rm:*)", hooks: [command("true"), command("false")] },
          { matcher: "Read(./.env)", hooks: [command("true")] },
          { matcher: "Bash(.*)", hooks: [command("true")] },
        ],
      },
    });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").filter((line) => line.includes("permission rule"))).toEqual([
      `warning: ${file}: hooks.PreToolUse[0].matcher: "Bash(rm:*)" is a permission rule, not a tool name: as a matcher it never fires (nor in Claude Code); match the tool ("matcher": "Bash") and put the rule in the hook's "if": "Bash(rm:*)"`,
      `warning: ${file}: hooks.PreToolUse[1].matcher: "Read(./.env)" is a permission rule, not a tool name: as a matcher it never fires (nor in Claude Code); match the tool ("matcher": "Read") and put the rule in the hook's "if": "Read(./.env)"`,
    ]);
  });

  it("also lists the custom agents' problems: a broken agent file, a bad hook in one, a matcher on a missing tool", async () => {
    const box = sandbox();
    box.write(".claude/agents/broken.md", "---\nname: broken\n---\nno description\n");
    box.write(
      ".codebot/agents/fetcher.md",
      [
        "---",
        "name: fetcher",
        "description: fetches",
        "hooks:",
        "  PreToolUse:",
        "    - matcher: WebFetch",
        "      hooks:",
        "        - type: command",
        '          command: "true"',
        "  PreToolUze: []",
        "---",
        "",
      ].join("\n"),
    );
    const r = await runCli(["hooks", "validate", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.code).toBe(1);
    const broken = `${box.project}/.claude/agents/broken.md`;
    const fetcher = `${box.project}/.codebot/agents/fetcher.md`;
    expect(r.stdout).toContain(
      `error: settings: ${broken}: agent: broken: front-matter has no description (the model chooses agents by it); agent not loaded`,
    );
    expect(r.stdout).toContain(`error: ${fetcher}: hooks.PreToolUze: unknown event "PreToolUze"`);
    expect(r.stdout).toContain(
      `warning: ${fetcher}: hooks.PreToolUse[0].matcher: "WebFetch" is not a tool codebot has: this hook never fires in codebot`,
    );
  });
});

describe("hooks validate: http hooks the SSRF guard will refuse", () => {
  it("names a loopback url that httpHookAllowedHosts does not admit, and says a guard fails open; an admitted one is fine", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PreToolUse: [
          { type: "http", url: "http://127.0.0.1:9/pre", blocking: true },
          { type: "http", url: "http://localhost:9/post" },
          { type: "http", url: "http://10.1.2.3:8080/ok" },
        ],
      },
    });
    box.json(`${box.home}/settings.json`, { httpHookAllowedHosts: ["10.1.2.3"] });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(0);
    const warnings = r.stdout.split("\n").filter((line) => line.includes("so every run of this hook fails"));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`${file}: hooks.PreToolUse[0].url:`);
    expect(warnings[0]).toContain("127.0.0.1 is");
    expect(warnings[0]).toContain('a guard fails open unless its onError is "block"');
    expect(warnings[1]).toContain(`${file}: hooks.PreToolUse[1].url:`);
    expect(warnings[1]).toContain("localhost resolves to 127.0.0.1");
  });
});

describe("hooks validate: header variables that are not set", () => {
  it("names the header and an allowedEnvVars variable it uses that is not set, or set but empty; a set one is fine", async () => {
    const box = sandbox();
    const file = box.json("s.json", {
      hooks: {
        PostToolUse: [
          {
            type: "http",
            url: "https://audit.example.com/post",
            headers: { Authorization: "Bearer $POLICY_TOKEN", "X-Team": "${TEAM_ID}", "X-Org": "$ORG_ID" },
            allowedEnvVars: ["POLICY_TOKEN", "TEAM_ID", "ORG_ID"],
          },
        ],
      },
    });
    const r = await runCli(["hooks", "validate", "--settings", file, "--cwd", box.project], {
      env: { ...cliEnv(box.home), TEAM_ID: "t1", ORG_ID: "" },
    });
    expect(r.code).toBe(0);
    const at = `warning: ${file}: hooks.PostToolUse[0].headers:`;
    expect(r.stdout).toContain(
      `${at} header Authorization would go out with nothing in place of $POLICY_TOKEN, which is not set here`,
    );
    expect(r.stdout).toContain(
      `${at} header X-Org would go out with nothing in place of $ORG_ID, which is set but empty here`,
    );
    expect(r.stdout).not.toContain("$TEAM_ID");
  });
});
