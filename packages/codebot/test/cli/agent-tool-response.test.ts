/**
 * PostToolUse's `tool_response` for an `agent` call that waited for its answer is Claude Code's
 * Agent shape (claude 2.1.328, recorded with jaidhyani/cc-plugin-marketplace's devil agent):
 * `status`, `prompt`, `agentId`, `agentType`, `content` (the answer as text blocks), the run's
 * duration and tool-call count — not only codebot's `output`.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("the agent tool's tool_response", { timeout: 60_000 }, () => {
  it("gives a PostToolUse hook Claude Code's Agent fields for a sub-agent's answer", async () => {
    const box = sandbox();
    const saved = box.at("post.json");
    const settings = box.json("hooks.json", {
      hooks: {
        PostToolUse: [
          { matcher: "Agent", hooks: [{ type: "command", command: `cat > ${JSON.stringify(saved)}` }] },
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("agent", { prompt: "list the flaws", subagent_type: "general-purpose" }),
      reply.toolCall("bash", { command: "echo looked" }),
      reply.text("two flaws"),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--settings", settings, "--permission-mode", "bypassPermissions", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    const response = JSON.parse(fs.readFileSync(saved, "utf8")).tool_response;
    expect(response).toMatchObject({
      status: "completed",
      prompt: "list the flaws",
      agentType: "general-purpose",
      content: [{ type: "text", text: "two flaws" }],
      totalToolUseCount: 1,
    });
    expect(response.agentId).toMatch(/^a[0-9a-f]{16}$/);
    expect(typeof response.totalDurationMs).toBe("number");
  });
});
