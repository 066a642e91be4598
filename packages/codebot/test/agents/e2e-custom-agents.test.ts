/**
 * Custom sub-agents through a real session (issue 14 item 4): the `agent` tool's subagent_type
 * runs the agent's instructions with its tools; the model sees the agents' descriptions; the
 * sub-agent gets the session's MCP tools, filtered by its `tools` list (scripted model, real
 * files, real MCP server).
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { everythingServer } from "../mcp/mcp-fixtures.js";
import { command, promptText, scratchDir, startSession, toolResultFor } from "../support/e2e.js";

function agentFile(dir: string, name: string, frontMatter: string, body: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.md`), `---\nname: ${name}\n${frontMatter}---\n${body}\n`);
}

/** A fresh project and CODEBOT_HOME, with the given agent files written before the session starts. */
function dirsWith(write: (d: { project: string; home: string }) => void): { project: string; home: string } {
  const d = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
  write(d);
  return d;
}

describe("custom sub-agents", () => {
  it("subagent_type runs the agent with its instructions and only its tools; the main agent sees its description", async () => {
    const dirs = dirsWith((d) =>
      agentFile(
        path.join(d.project, ".claude/agents"),
        "reviewer",
        "description: Reviews diffs for style\ntools: Read, Grep\n",
        "Be terse.",
      ),
    );
    const s = await startSession({
      dirs,
      script: [
        reply.toolCall("agent", { subagent_type: "reviewer", prompt: "review a.txt" }, "a1"),
        reply.text("LGTM"),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    const agentToolSeen = s.model.requests[0]?.tools?.find((tool) => tool.name === "agent");
    expect(agentToolSeen?.description).toContain("- reviewer: Reviews diffs for style");
    const sub = s.model.requests[1];
    expect(sub?.tools?.map((tool) => tool.name)).toEqual(["read", "grep"]);
    expect(promptText(sub, "system").join("\n")).toMatch(/You are reviewer, a sub-agent[\s\S]*Be terse\.$/);
    expect(promptText(sub, "user")).toEqual(["review a.txt"]);
    expect(toolResultFor(s.model, "a1")).toEqual({ text: "LGTM", isError: false });
  });

  it("SubagentStart and SubagentStop get the custom agent's name as agent_type", async () => {
    const log = `jq -c '{e: .hook_event_name, t: .agent_type}' >> events.jsonl`;
    const s = await startSession({
      dirs: dirsWith((d) =>
        agentFile(path.join(d.home, "agents"), "tester", "description: Runs tests\n", "Run the tests."),
      ),
      user: {
        hooks: {
          SubagentStart: [{ matcher: "tester", hooks: [command(log)] }],
          SubagentStop: [{ matcher: "tester", hooks: [command(log)] }],
        },
      },
      script: [
        reply.toolCall("agent", { subagent_type: "tester", name: "t1", prompt: "run" }, "a1"),
        reply.text("green"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(s.jsonLines("events.jsonl")).toEqual([
      { e: "SubagentStart", t: "tester" },
      { e: "SubagentStop", t: "tester" },
    ]);
  });

  it("an unknown subagent_type is an error result naming the ones there are", async () => {
    const s = await startSession({
      script: [reply.toolCall("agent", { subagent_type: "nobody", prompt: "x" }, "a1"), reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "a1")).toEqual({
      text: 'agent: unknown subagent_type "nobody" (available: general-purpose)',
      isError: true,
    });
  });

  it("a name of the model's holding more than an agent file's name may (a ] and words) is an error result: it would read as part of the approval question", async () => {
    const s = await startSession({
      script: [
        reply.toolCall("agent", { name: "helper] bash npm test", prompt: "x" }, "a1"),
        reply.toolCall("agent", { name: "helper-2", prompt: "x" }, "a2"),
        reply.text("sub done"),
        reply.text("ok"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "a1")).toMatchObject({
      text: expect.stringContaining("letters, digits, -, _ or . (at most 64)"),
      isError: true,
    });
    expect(toolResultFor(s.model, "a2")).toEqual({ text: "sub done", isError: false });
  });

  it("sub-agents get the session's MCP tools; a custom agent's tools list filters them", async () => {
    const dirs = dirsWith((d) => {
      agentFile(path.join(d.home, "agents"), "reader", "description: reads\ntools: [Read]\n", "");
      agentFile(
        path.join(d.home, "agents"),
        "echoer",
        "description: echoes\ntools: Read, mcp__everything__echo\n",
        "",
      );
    });
    const s = await startSession({
      dirs,
      user: { mcpServers: { everything: everythingServer() } },
      script: [
        reply.toolCalls(toolCall("agent", { prompt: "use mcp" }, "a1")),
        reply.toolCalls(toolCall("mcp__everything__echo", { message: "from sub" }, "e1")),
        reply.text("echoed"),
        reply.toolCalls(toolCall("agent", { subagent_type: "reader", prompt: "x" }, "a2")),
        reply.text("read"),
        reply.toolCalls(toolCall("agent", { subagent_type: "echoer", prompt: "x" }, "a3")),
        reply.text("echo"),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    expect(toolResultFor(s.model, "e1")).toEqual({ text: "Echo: from sub", isError: false });
    const names = (i: number) => s.model.requests[i]?.tools?.map((t) => t.name) ?? [];
    expect(names(1)).toContain("mcp__everything__echo");
    expect(names(1)).not.toContain("agent");
    expect(names(4)).toEqual(["read"]);
    expect(names(6)).toEqual(["read", "mcp__everything__echo"]);
  });
});
