/**
 * A custom sub-agent's front-matter hooks (issue 14 item 4) through a real session: in force only
 * while that sub-agent runs and only for its own calls; its `Stop` fires as SubagentStop; a
 * project agent's hooks need consent like any project hook. Real hook processes and files;
 * the scripted model (test double) plays the main agent and the sub-agent in turn.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "../support/conversations.js";
import { command, scratchDir, startSession, toolResultFor } from "../support/e2e.js";

const GUARDED = [
  "---",
  "name: guarded",
  "description: works under its own guard",
  "hooks:",
  "  PreToolUse:",
  "    - matcher: Bash",
  "      hooks:",
  "        - type: command",
  `          command: "jq -c '{t: .tool_name, c: .tool_input.command}' >> guard.jsonl; grep -q forbidden guard.jsonl && { echo 'guarded agent: not that' >&2; exit 2; }; exit 0"`,
  "  Stop:",
  "    - hooks:",
  "        - type: command",
  `          command: "jq -c '{e: .hook_event_name, t: .agent_type}' >> stop.jsonl"`,
  "---",
  "Work carefully.",
  "",
].join("\n");

function dirsWithAgent(where: "project" | "home"): { project: string; home: string } {
  const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
  const folder =
    where === "project" ? path.join(dirs.project, ".claude/agents") : path.join(dirs.home, "agents");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "guarded.md"), GUARDED);
  return dirs;
}

describe("a custom sub-agent's own hooks", () => {
  it("its PreToolUse hook fires for its calls and not for the main agent's, before or after it ran", async () => {
    const s = await startSession({
      dirs: dirsWithAgent("home"),
      script: [
        reply.toolCall("bash", { command: "echo main-before forbidden" }, "m1"),
        reply.toolCall("agent", { subagent_type: "guarded", prompt: "run things" }, "a1"),
        reply.toolCall("bash", { command: "echo sub-ok" }, "s1"),
        reply.toolCall("bash", { command: "echo sub-forbidden" }, "s2"),
        reply.text("sub done"),
        reply.toolCall("bash", { command: "echo main-after forbidden" }, "m2"),
        reply.text("all done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "all done" });
    expect(s.jsonLines("guard.jsonl")).toEqual([
      { t: "Bash", c: "echo sub-ok" },
      { t: "Bash", c: "echo sub-forbidden" },
    ]);
    expect(toolResultFor(s.model, "s2")).toEqual({ text: "hook: guarded agent: not that", isError: true });
    expect(toolResultFor(s.model, "m1")?.text).toContain("main-before forbidden");
    expect(toolResultFor(s.model, "m2")?.text).toContain("main-after forbidden");
  });

  it("its Stop hook fires as SubagentStop when it ends, and not at the main agent's stop", async () => {
    const s = await startSession({
      dirs: dirsWithAgent("home"),
      script: [
        reply.toolCall("agent", { subagent_type: "guarded", prompt: "x" }, "a1"),
        reply.text("sub done"),
        reply.text("main done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(s.jsonLines("stop.jsonl")).toEqual([{ e: "SubagentStop", t: "guarded" }]);
  });

  it("a project agent's hooks need consent: untrusted, its guard refuses the call; --trust-project-hooks runs it", async () => {
    const script = () => [
      reply.toolCall("agent", { subagent_type: "guarded", prompt: "x" }, "a1"),
      reply.toolCall("bash", { command: "echo sub-ok" }, "s1"),
      reply.text("sub done"),
      reply.text("main done"),
    ];
    const untrusted = await startSession({ dirs: dirsWithAgent("project"), script: script() });
    await untrusted.runtime.prompt("go");
    expect(toolResultFor(untrusted.model, "s1")?.isError).toBe(true);
    expect(toolResultFor(untrusted.model, "s1")?.text).toMatch(/not trusted; run "codebot hooks trust"/);
    expect(untrusted.jsonLines("guard.jsonl")).toEqual([]);

    const trusted = await startSession({
      dirs: dirsWithAgent("project"),
      script: script(),
      runtime: { trustProjectHooks: true },
    });
    await trusted.runtime.prompt("go");
    expect(toolResultFor(trusted.model, "s1")).toMatchObject({ isError: false });
    expect(trusted.jsonLines("guard.jsonl")).toEqual([{ t: "Bash", c: "echo sub-ok" }]);
  });

  it("two runs of it at once each keep its hooks for their own calls until they end, whichever ends first", async () => {
    // alpha waits for beta to start, then ends; beta makes one more call after alpha has ended.
    const waitFor = (file: string) =>
      `for i in $(seq 1 100); do if [ -f ${file} ]; then echo together; exit 0; fi; sleep 0.05; done; echo alone`;
    const guarded = (task: string, id: string) =>
      toolCall("agent", { subagent_type: "guarded", prompt: `${task}: run things` }, id);
    const s = await startSession({
      dirs: dirsWithAgent("home"),
      user: { hooks: { SubagentStop: [{ matcher: "", hooks: [command("touch one.stopped")] }] } },
      script: conversations({
        "ALPHA-TASK": [
          reply.toolCall("bash", { command: `touch alpha.on; ${waitFor("beta.on")}` }, "alpha1"),
          reply.text("alpha done"),
        ],
        "BETA-TASK": [
          reply.toolCall("bash", { command: `touch beta.on; ${waitFor("one.stopped")}; sleep 0.3` }, "beta1"),
          reply.toolCall("bash", { command: "echo beta-after" }, "beta2"),
          reply.text("beta done"),
        ],
        go: [
          reply.toolCalls(guarded("ALPHA-TASK", "a1"), guarded("BETA-TASK", "a2")),
          reply.text("all done"),
        ],
      }),
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "all done" });
    expect(toolResultFor(s.model, "alpha1")?.text).toContain("together");
    expect(toolResultFor(s.model, "beta1")?.text).toContain("together");
    expect(
      s
        .jsonLines("guard.jsonl")
        .map((l) => String(l.c).split(";")[0])
        .sort(),
    ).toEqual(["echo beta-after", "touch alpha.on", "touch beta.on"]);
  });
});
