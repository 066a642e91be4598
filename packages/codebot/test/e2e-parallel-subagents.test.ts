/**
 * The agent calls of one model turn run at the same time, as Claude Code's Agent calls do (claude
 * 2.1.328, recorded: both SubagentStart hooks at once, both sub-agents' Bash PreToolUse hooks
 * before either PostToolUse). Each sub-agent's bash command waits for the other's to start.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import type { ApprovalAnswer, ToolApprovalRequest } from "../src/approval/approval-types.js";
import type { SessionEvent } from "../src/session/session-events.js";
import { conversations } from "./support/conversations.js";
import { command, group, startSession, type TestSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

/** Marks `mine` started, then says whether `other` started within five seconds. */
const meet = (mine: string, other: string) =>
  `touch ${mine}.on; for i in $(seq 1 100); do if [ -f ${other}.on ]; then echo together; exit 0; fi; sleep 0.05; done; echo alone`;

/** The main agent starts two sub-agents in one turn; each runs one bash command, then reports. */
function twoSubagents(
  names: { alpha?: string; beta?: string },
  commands = { alpha: meet("alpha", "beta"), beta: meet("beta", "alpha") },
) {
  const agentCall = (task: string, id: string, name?: string) =>
    toolCall("agent", { prompt: `${task}: run the command`, ...(name ? { name } : {}) }, id);
  return conversations({
    "ALPHA-TASK": [
      reply.toolCall("bash", { command: commands.alpha }, "b-alpha"),
      reply.text("alpha report"),
    ],
    "BETA-TASK": [reply.toolCall("bash", { command: commands.beta }, "b-beta"), reply.text("beta report")],
    go: [
      reply.toolCalls(agentCall("ALPHA-TASK", "a1", names.alpha), agentCall("BETA-TASK", "a2", names.beta)),
      reply.text("done"),
    ],
  });
}

/** The hook payloads written as `<prefix>-<pid>.json` files in the project. */
function payloads(s: TestSession, prefix: string): Record<string, unknown>[] {
  return fs
    .readdirSync(s.project)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(s.at(f), "utf8")));
}

const logTo = (prefix: string) => command(`cat > ${prefix}-$$.json`);

/** The sub-agents' names on the session's events. */
function eventAgents(events: SessionEvent[]): string[] {
  const names = events.flatMap((e) => (e.kind === "agent" && e.agentName !== "main" ? [e.agentName] : []));
  return [...new Set(names)].sort();
}

describe("sub-agents of one batch", () => {
  it("run at the same time, each getting its own SubagentStop with its own transcript and last message", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", logTo("stop"))] } },
      script: twoSubagents({ alpha: "alpha", beta: "beta" }),
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    await s.runtime.close();
    expect(toolResultFor(s.model, "b-alpha")?.text).toContain("together");
    expect(toolResultFor(s.model, "b-beta")?.text).toContain("together");
    expect(toolResultFor(s.model, "a1")).toEqual({ text: "alpha report", isError: false });
    expect(toolResultFor(s.model, "a2")).toEqual({ text: "beta report", isError: false });
    const stops = payloads(s, "stop");
    // A name the model gives is no type: both are general-purpose, as claude 2.1.328 reports them.
    expect(stops.map((p) => [p.agent_type, p.last_assistant_message]).sort()).toEqual([
      ["general-purpose", "alpha report"],
      ["general-purpose", "beta report"],
    ]);
    for (const stop of stops) {
      const own = fs.readFileSync(String(stop.agent_transcript_path), "utf8");
      const alpha = stop.last_assistant_message === "alpha report";
      const [mine, other] = alpha ? ["ALPHA", "BETA"] : ["BETA", "ALPHA"];
      expect(own).toContain(`${mine}-TASK`);
      expect(own).not.toContain(`${other}-TASK`);
    }
  });

  it("two of the same type at once get distinct names and agent_ids: on events, transcript lines and their tool calls' hooks", async () => {
    const s = await startSession({
      user: {
        hooks: {
          SubagentStop: [group("", logTo("stop"))],
          PreToolUse: [group("Bash", logTo("pre"))],
        },
      },
      script: twoSubagents({}),
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b-alpha")?.text).toContain("together");
    expect(eventAgents(s.events)).toEqual(["general-purpose", "general-purpose-2"]);
    // Each bash call's hook names the run that made it: the one whose transcript has that task.
    const runOf = new Map(
      payloads(s, "stop").map((stop) => [
        fs.readFileSync(String(stop.agent_transcript_path), "utf8").includes("ALPHA-TASK") ? "alpha" : "beta",
        stop.agent_id,
      ]),
    );
    expect(new Set(runOf.values()).size).toBe(2);
    const pre = payloads(s, "pre").map((p) => [
      (p.tool_input as { command: string }).command.startsWith("touch alpha") ? "alpha" : "beta",
      p.agent_id,
      p.agent_type,
    ]);
    expect(pre.sort()).toEqual([
      ["alpha", runOf.get("alpha"), "general-purpose"],
      ["beta", runOf.get("beta"), "general-purpose"],
    ]);
    // Each run's own transcript (the session's has none of their lines): each name's lines are one run's, with its agent_id.
    const sidechain = payloads(s, "stop").flatMap((stop) =>
      fs
        .readFileSync(String(stop.agent_transcript_path), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
    const runs = new Map<string, { text: string; ids: Set<unknown> }>();
    for (const line of sidechain) {
      const run = runs.get(line.agentName) ?? { text: "", ids: new Set() };
      run.text += JSON.stringify(line.message);
      run.ids.add(line.agentId);
      runs.set(line.agentName, run);
    }
    const tasks = [...runs].map(([name, run]) => [
      name,
      run.text.includes("ALPHA-TASK"),
      run.text.includes("BETA-TASK"),
      [...run.ids],
    ]);
    expect(tasks.sort()).toEqual([
      ["general-purpose", true, false, [runOf.get("alpha")]],
      ["general-purpose-2", false, true, [runOf.get("beta")]],
    ]);
  });

  it("both needing approval: one question at a time, each labelled with its own sub-agent, the other's call already waiting", async () => {
    const asked: string[] = [];
    let open = 0;
    let mostOpen = 0;
    const waiting: number[] = [];
    let events: SessionEvent[] = [];
    // Every bash call of a sub-agent that has started, the one asking included.
    const bashCalls = () =>
      events.filter(
        (e) => e.kind === "agent" && e.agentName !== "main" && e.event.type === "tool_execution_start",
      ).length;
    const askToolApproval = async (request: ToolApprovalRequest): Promise<ApprovalAnswer> => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      asked.push(`${request.agentName}: ${request.subject}`);
      // Answered once the other sub-agent has made its call too (or five seconds on, when it never does).
      await new Promise((r) => setTimeout(r, 50));
      const deadline = Date.now() + 5000;
      while (bashCalls() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      waiting.push(bashCalls());
      open -= 1;
      return "once";
    };
    const s = await startSession({
      script: twoSubagents({}, { alpha: "touch alpha.txt", beta: "touch beta.txt" }),
      runtime: { permissionMode: "ask", askToolApproval },
    });
    events = s.events;
    await s.runtime.prompt("go");
    expect(mostOpen).toBe(1);
    expect(waiting).toEqual([2, 2]);
    // Names go in the order of the calls: the first keeps its type's, the second gets `-2`.
    expect(asked.sort()).toEqual(["general-purpose-2: touch beta.txt", "general-purpose: touch alpha.txt"]);
    expect(fs.existsSync(s.at("alpha.txt")) && fs.existsSync(s.at("beta.txt"))).toBe(true);
  });

  it("an interrupt stops both, and each gets its SubagentStop from native entries (Claude Code groups none, as claude's)", async () => {
    const s = await startSession({
      user: { hooks: { SubagentStop: [group("", logTo("group-stop")), logTo("stop")] } },
      script: twoSubagents({}, { alpha: "touch alpha.on; sleep 30", beta: "touch beta.on; sleep 30" }),
    });
    const done = s.runtime.prompt("go");
    await waitFor(() => fs.existsSync(s.at("alpha.on")) && fs.existsSync(s.at("beta.on")));
    s.runtime.interrupt();
    expect(await done).toMatchObject({ status: "aborted" });
    await s.runtime.close();
    expect(payloads(s, "stop").map((stop) => [stop.event, stop.agent])).toEqual([
      ["SubagentStop", "general-purpose"],
      ["SubagentStop", "general-purpose"],
    ]);
    // claude 2.1.328 fires no SubagentStop for a sub-agent interrupted in the foreground (recorded).
    expect(payloads(s, "group-stop")).toEqual([]);
  });
});
