/**
 * `codebot hooks test` reproduces the hooks a session puts in force only in some places: a custom
 * agent's front-matter hooks for firings of a run of it (`--agent NAME`, its `Stop` as
 * SubagentStop), a skill's once it is loaded (`--skill NAME`) — under the session's approval (a
 * project agent's or skill's hooks are the project's) and with the session's trace lines.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runHooksTest, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

interface Report {
  decision: Record<string, unknown>;
  payload: Record<string, unknown>;
  blocked: boolean;
  claude_payload: Record<string, unknown>;
  trace: { hook: string; file?: string; skipped?: string; approval?: string; outcome?: string }[];
}

/** A project agent "careful" whose own hooks refuse bash and, at its end, write stopped.txt. */
function carefulAgent(box: Sandbox): string {
  return box.write(
    ".claude/agents/careful.md",
    [
      "---",
      "name: careful",
      "description: does things carefully",
      "hooks:",
      "  PreToolUse:",
      "    - matcher: Bash",
      "      hooks:",
      "        - type: command",
      `          command: "echo 'careful agent: no shell' >&2; exit 2"`,
      "  Stop:",
      "    - hooks:",
      "        - type: command",
      "          command: echo stopped > stopped.txt",
      "---",
      "Be careful.",
      "",
    ].join("\n"),
  );
}

/** A project skill "notes" whose own hook refuses bash. */
function notesSkill(box: Sandbox): string {
  return box.write(
    ".claude/skills/notes/SKILL.md",
    [
      "---",
      "description: notes",
      "hooks:",
      "  PreToolUse:",
      "    - matcher: Bash",
      "      hooks:",
      "        - type: command",
      `          command: "echo 'notes skill: no shell' >&2; exit 2"`,
      "---",
      "Take notes.",
      "",
    ].join("\n"),
  );
}

async function hooksTest(box: Sandbox, event: string, flags: string[]) {
  const r = await runHooksTest(box, event, [...flags, "--json"]);
  expect(r.stderr).toBe("");
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

const bashCall = ["--tool", "Bash", "--args", '{"command":"ls"}'];

describe("codebot hooks test: a custom agent's own hooks (--agent)", () => {
  it("a trusted project agent's PreToolUse hook blocks its bash call, traced with its agent file", async () => {
    const box = sandbox();
    const file = carefulAgent(box);
    const { code, report } = await hooksTest(box, "PreToolUse", [
      ...bashCall,
      "--agent",
      "careful",
      "--trust-project-hooks",
    ]);
    expect(code).toBe(2);
    expect(report.blocked).toBe(true);
    expect(report.trace).toHaveLength(1);
    expect(report.trace[0]).toMatchObject({ file, outcome: "blocked" });
    expect(report.trace[0]?.skipped).toBeUndefined();
  });

  it("a call by --agent's run carries its agent_id and agent_type, as a running sub-agent's call does; the main agent's none", async () => {
    const box = sandbox();
    const { report } = await hooksTest(box, "PreToolUse", [...bashCall, "--agent", "careful"]);
    expect(report.claude_payload).toMatchObject({ agent_id: "a0000000000000000", agent_type: "careful" });
    const { report: main } = await hooksTest(box, "PreToolUse", bashCall);
    expect(main.claude_payload).not.toHaveProperty("agent_id");
    expect(main.claude_payload).not.toHaveProperty("agent_type");
  });

  it("only for that agent's calls: the main agent's and another agent's run none of its hooks", async () => {
    const box = sandbox();
    carefulAgent(box);
    for (const by of [[], ["--agent", "Explore"]]) {
      const { code, report } = await hooksTest(box, "PreToolUse", [
        ...bashCall,
        ...by,
        "--trust-project-hooks",
      ]);
      expect(code).toBe(0);
      expect(report.trace).toEqual([]);
    }
  });

  it("untrusted, the project agent's hook is not approved, as in a session (which counts it as a block)", async () => {
    const box = sandbox();
    const file = carefulAgent(box);
    const { code, report } = await hooksTest(box, "PreToolUse", [...bashCall, "--agent", "careful"]);
    expect(code).toBe(2);
    expect(report.trace).toHaveLength(1);
    expect(report.trace[0]).toMatchObject({ file, skipped: "not approved", approval: "denied" });
  });

  it("its front-matter Stop runs as SubagentStop, for a run of it, waited for as a session waits for a Claude Code group", async () => {
    const box = sandbox();
    const file = carefulAgent(box);
    const { code, report } = await hooksTest(box, "SubagentStop", [
      "--agent",
      "careful",
      "--trust-project-hooks",
    ]);
    expect(code).toBe(0);
    expect(report.trace).toHaveLength(1);
    expect(report.trace[0]).toMatchObject({ file, hook: expect.stringMatching(/^SubagentStop\[0\]/) });
    expect(fs.readFileSync(box.at("stopped.txt"), "utf8")).toBe("stopped\n");
    expect(report.decision).toEqual({ blocked: false });
  });

  it("--agent with an event no agent fires is refused in one line; for Stop it points at SubagentStop", async () => {
    const box = sandbox();
    carefulAgent(box);
    const r = await runHooksTest(box, "Stop", ["--agent", "careful"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "codebot: hooks test: --agent is for tool events, SubagentStart and SubagentStop, not Stop (an agent's own Stop hooks fire as SubagentStop: hooks test SubagentStop --agent careful)\n",
    );
    expect(fs.existsSync(box.at("stopped.txt"))).toBe(false);
  });
});

describe("codebot hooks test: a run the model named (--agent-name)", () => {
  it("its call's native payload names the run; Claude Code's agent_type stays its agent (claude 2.1.328 sends no name)", async () => {
    const box = sandbox();
    const { report } = await hooksTest(box, "PreToolUse", [
      ...bashCall,
      "--agent",
      "general-purpose",
      "--agent-name",
      "scout",
    ]);
    expect(report.payload).toMatchObject({ agent: "scout" });
    expect(report.claude_payload).toMatchObject({
      agent_id: "a0000000000000000",
      agent_type: "general-purpose",
    });
    expect(JSON.stringify(report.claude_payload)).not.toContain("scout");
  });

  it("its agent's own hooks follow the named run: its Stop runs as SubagentStop, whose payloads carry the agent, not the name", async () => {
    const box = sandbox();
    const file = carefulAgent(box);
    const { code, report } = await hooksTest(box, "SubagentStop", [
      "--agent",
      "careful",
      "--agent-name",
      "scout",
      "--trust-project-hooks",
    ]);
    expect(code).toBe(0);
    expect(report.trace).toHaveLength(1);
    expect(report.trace[0]).toMatchObject({ file, hook: expect.stringMatching(/^SubagentStop\[0\]/) });
    expect(fs.readFileSync(box.at("stopped.txt"), "utf8")).toBe("stopped\n");
    expect(report.payload).toMatchObject({ agent: "careful" });
    expect(report.claude_payload).toMatchObject({ agent_type: "careful" });
    expect(JSON.stringify([report.payload, report.claude_payload])).not.toContain("scout");
  });

  it("its agent's own PreToolUse hook blocks the named run's bash call", async () => {
    const box = sandbox();
    carefulAgent(box);
    const { code, report } = await hooksTest(box, "PreToolUse", [
      ...bashCall,
      "--agent",
      "careful",
      "--agent-name",
      "scout",
      "--trust-project-hooks",
    ]);
    expect(code).toBe(2);
    expect(report.trace[0]).toMatchObject({ outcome: "blocked" });
  });

  it("is refused in one line for an event no agent fires, without --agent, or for a name the agent tool would not give", async () => {
    const box = sandbox();
    const refusals: [string, string[], string][] = [
      [
        "Stop",
        ["--agent-name", "scout"],
        "--agent-name is for tool events, SubagentStart and SubagentStop, not Stop",
      ],
      [
        "SubagentStop",
        ["--agent-name", "scout"],
        "--agent-name names a sub-agent's run: give its agent too (--agent TYPE)",
      ],
      [
        "SubagentStop",
        ["--agent", "Explore", "--agent-name", "a b"],
        '--agent-name "a b" is no name the agent tool gives a run (letters, digits, -, _ or ., at most 64, not "main")',
      ],
    ];
    for (const [event, flags, message] of refusals) {
      const r = await runHooksTest(box, event, flags);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`codebot: hooks test: ${message}\n`);
    }
  });
});

describe("codebot hooks test: a skill's own hooks (--skill)", () => {
  it("a trusted project skill's PreToolUse hook blocks a bash call once it is loaded, traced with its file", async () => {
    const box = sandbox();
    const file = notesSkill(box);
    const without = await hooksTest(box, "PreToolUse", [...bashCall, "--trust-project-hooks"]);
    expect(without.code).toBe(0);
    expect(without.report.trace).toEqual([]);
    const { code, report } = await hooksTest(box, "PreToolUse", [
      ...bashCall,
      "--skill",
      "notes",
      "--trust-project-hooks",
    ]);
    expect(code).toBe(2);
    expect(report.trace).toHaveLength(1);
    expect(report.trace[0]).toMatchObject({ file, outcome: "blocked" });
  });

  it("untrusted, the project skill's hook is not approved, as in a session", async () => {
    const box = sandbox();
    const file = notesSkill(box);
    const { report } = await hooksTest(box, "PreToolUse", [...bashCall, "--skill", "notes"]);
    expect(report.trace[0]).toMatchObject({ file, skipped: "not approved", approval: "denied" });
  });

  it("an unknown skill is refused in one line naming the skills found, and leaves no session behind", async () => {
    const box = sandbox();
    notesSkill(box);
    const r = await runHooksTest(box, "PreToolUse", [...bashCall, "--skill", "nope"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('codebot: hooks test: no skill or command named "nope" (found: notes)\n');
    expect(fs.existsSync(path.join(box.home, "projects"))).toBe(false);
  });

  it("the skills found are named with control characters written out: a repository's folder name reaches no terminal raw", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/x\u001b]52;c;cGF5bG9hZA==\u0007\u001b[2J/SKILL.md",
      "---\ndescription: x\n---\nx\n",
    );
    const r = await runHooksTest(box, "PreToolUse", [...bashCall, "--skill", "nope"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'codebot: hooks test: no skill or command named "nope" (found: x\\x1b]52;c;cGF5bG9hZA==\\x07\\x1b[2J)\n',
    );
  });
});
