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

describe("stream-json with two sub-agents at once", () => {
  it("each one's messages are agent_message lines under its own name", async () => {
    const box = sandbox();
    const server = await modelServer(
      conversations({
        "ALPHA-TASK": [
          reply.toolCall("bash", { command: meet("alpha", "beta") }),
          reply.text("alpha report"),
        ],
        "BETA-TASK": [reply.toolCall("bash", { command: meet("beta", "alpha") }), reply.text("beta report")],
        go: [
          reply.toolCalls(
            toolCall("agent", { prompt: "ALPHA-TASK: run it" }),
            toolCall("agent", { prompt: "BETA-TASK: run it" }),
          ),
          reply.text("done"),
        ],
      }),
    );
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions"],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    const byAgent = new Map<string, string>();
    for (const line of r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))) {
      if (line.type !== "system" || line.subtype !== "agent_message") continue;
      byAgent.set(line.agent, (byAgent.get(line.agent) ?? "") + JSON.stringify(line.message));
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
});
