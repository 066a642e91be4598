/**
 * Elicitation and ElicitationResult (issue 15 item 5) through a real session: the real
 * server-everything's trigger-elicitation-request tool asks for input, real hook scripts answer.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, startSession, toolResultFor } from "../support/e2e.js";
import { everythingServer } from "./mcp-fixtures.js";

const ELICIT = "mcp__everything__trigger-elicitation-request";
const answer = (event: string, output: Record<string, unknown>) =>
  `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...output } })}'`;

function session(hooks: Record<string, unknown>) {
  return startSession({
    user: { mcpServers: { everything: everythingServer() }, hooks },
    script: [reply.toolCalls(toolCall(ELICIT, {}, "c1")), reply.text("done")],
  });
}

describe("Elicitation", () => {
  it("a Claude Code group matching mcp_server_name accepts with content; the server gets it", async () => {
    const s = await session({
      Elicitation: [
        group("other-server", command("touch other-ran")),
        group(
          "everything",
          command(
            `cat > ask.json; ${answer("Elicitation", { action: "accept", content: { name: "Ada", check: true } })}`,
          ),
        ),
      ],
    });
    await s.runtime.prompt("fill the form");
    const result = toolResultFor(s.model, "c1");
    expect(result?.text).toContain("- Name: Ada");
    expect(result?.text).toContain("- Agreed to terms: true");
    const ask = JSON.parse(fs.readFileSync(s.at("ask.json"), "utf8"));
    expect(ask).toMatchObject({
      hook_event_name: "Elicitation",
      mcp_server_name: "everything",
      message: "Please provide inputs for the following fields:",
      mode: "form",
      session_id: s.runtime.sessionId,
    });
    expect(ask.requested_schema.required).toEqual(["name"]);
    expect(fs.existsSync(s.at("other-ran"))).toBe(false);
    expect(s.notices.join("\n")).not.toContain("declined");
  });

  it("a blocking hook (exit 2) declines, with its reason told to the user", async () => {
    const s = await session({
      Elicitation: [group("", command("echo 'no forms here' >&2; exit 2"))],
    });
    await s.runtime.prompt("fill the form");
    expect(toolResultFor(s.model, "c1")?.text).toContain("User declined");
    expect(s.notices.join("\n")).toContain(
      "declined MCP server everything's request for input: no forms here",
    );
  });

  it("no ElicitationResult hook runs after an Elicitation hook's answer, an accept or a block (claude 2.1.328, recorded)", async () => {
    const log = group("everything", command("cat >> results.jsonl"));
    const accepted = await session({
      Elicitation: [
        group("everything", command(answer("Elicitation", { action: "accept", content: { name: "Ada" } }))),
      ],
      ElicitationResult: [log],
    });
    await accepted.runtime.prompt("fill the form");
    expect(toolResultFor(accepted.model, "c1")?.text).toContain("- Name: Ada");
    const blocked = await session({
      Elicitation: [group("everything", command("echo 'no forms here' >&2; exit 2"))],
      ElicitationResult: [log],
    });
    await blocked.runtime.prompt("fill the form");
    expect(toolResultFor(blocked.model, "c1")?.text).toContain("User declined");
    expect(fs.existsSync(accepted.at("results.jsonl"))).toBe(false);
    expect(fs.existsSync(blocked.at("results.jsonl"))).toBe(false);
  });

  it("an unanswered request is cancelled and ElicitationResult sees the cancel (claude 2.1.328's -p, recorded)", async () => {
    const s = await session({ ElicitationResult: [group("everything", command("cat > result.json"))] });
    await s.runtime.prompt("fill the form");
    expect(toolResultFor(s.model, "c1")?.text).toContain("User cancelled");
    expect(JSON.parse(fs.readFileSync(s.at("result.json"), "utf8"))).toMatchObject({
      hook_event_name: "ElicitationResult",
      mcp_server_name: "everything",
      mode: "form",
      action: "cancel",
    });
  });

  it("an ElicitationResult hook changes the answer before it reaches the server", async () => {
    const s = await session({
      // No Elicitation hook: the request is cancelled; the result hook turns that into an accept.
      ElicitationResult: [
        group(
          "everything",
          command(answer("ElicitationResult", { action: "accept", content: { name: "Grace" } })),
        ),
      ],
    });
    await s.runtime.prompt("fill the form");
    expect(toolResultFor(s.model, "c1")?.text).toContain("- Name: Grace");
  });

  it("without a hook the request is cancelled and the user is told", async () => {
    const s = await session({});
    await s.runtime.prompt("fill the form");
    expect(toolResultFor(s.model, "c1")?.text).toContain("User cancelled");
    expect(s.notices).toContain(
      'codebot: MCP server everything asked for input ("Please provide inputs for the following fields:"); cancelled (no Elicitation hook answered)',
    );
  });
});
