/**
 * `-p --output-format stream-json` with two sub-agents of one batch running at once (claude
 * 2.1.328 runs them so, recorded): each one's messages come on `agent_message` lines under its own
 * name, though both are `general-purpose`.
 */
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "../support/conversations.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Marks `mine` started, then says whether `other` started within five seconds. */
const meet = (mine: string, other: string) =>
  `touch ${mine}.on; for i in $(seq 1 100); do if [ -f ${other}.on ]; then echo together-${mine}; exit 0; fi; sleep 0.05; done; echo alone`;

/** A `-p` stream-json run whose model starts two general-purpose sub-agents in one batch; its lines. */
async function twoAtOnce(flags: string[] = []): Promise<Record<string, unknown>[]> {
  const box = sandbox();
  const server = await modelServer(
    conversations({
      "ALPHA-TASK": [reply.toolCall("bash", { command: meet("alpha", "beta") }), reply.text("alpha report")],
      "BETA-TASK": [reply.toolCall("bash", { command: meet("beta", "alpha") }), reply.text("beta report")],
      go: [
        reply.toolCalls(
          toolCall("agent", { prompt: "ALPHA-TASK: run it" }, "call-alpha"),
          toolCall("agent", { prompt: "BETA-TASK: run it" }, "call-beta"),
        ),
        reply.text("done"),
      ],
    }),
  );
  const r = await runCli(
    ["-p", "go", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions", ...flags],
    { cwd: box.project, env: modelEnv(server, box.home) },
  );
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("stream-json with two sub-agents at once", () => {
  it("each one's messages are agent_message lines under its own name", async () => {
    const byAgent = new Map<string, string>();
    for (const line of await twoAtOnce()) {
      if (line.type !== "system" || line.subtype !== "agent_message") continue;
      const agent = line.agent as string;
      byAgent.set(agent, (byAgent.get(agent) ?? "") + JSON.stringify(line.message));
    }
    expect([...byAgent.keys()].sort()).toEqual(["general-purpose", "general-purpose-2"]);
    expect(byAgent.get("general-purpose")).toContain("together-alpha");
    expect(byAgent.get("general-purpose")).toContain("alpha report");
    expect(byAgent.get("general-purpose")).not.toContain("BETA-TASK");
    expect(byAgent.get("general-purpose")).not.toContain("beta report");
    expect(byAgent.get("general-purpose-2")).toContain("together-beta");
    expect(byAgent.get("general-purpose-2")).toContain("beta report");
    expect(byAgent.get("general-purpose-2")).not.toContain("ALPHA-TASK");
    expect(byAgent.get("general-purpose-2")).not.toContain("alpha report");
  });

  it("with --forward-subagent-text each one's lines are under its own agent call (parent_tool_use_id)", async () => {
    const byCall = new Map<string, string>();
    for (const line of await twoAtOnce(["--forward-subagent-text"])) {
      const parent = line.parent_tool_use_id;
      if (typeof parent !== "string") continue;
      byCall.set(parent, (byCall.get(parent) ?? "") + JSON.stringify(line.message));
    }
    expect([...byCall.keys()].sort()).toEqual(["call-alpha", "call-beta"]);
    expect(byCall.get("call-alpha")).toContain("ALPHA-TASK");
    expect(byCall.get("call-alpha")).toContain("alpha report");
    expect(byCall.get("call-alpha")).not.toContain("BETA-TASK");
    expect(byCall.get("call-alpha")).not.toContain("beta report");
    expect(byCall.get("call-beta")).toContain("BETA-TASK");
    expect(byCall.get("call-beta")).toContain("beta report");
    expect(byCall.get("call-beta")).not.toContain("ALPHA-TASK");
  });
});
