/**
 * An MCP server's prompts as slash commands `/mcp__<server>__<prompt> args`, as claude 2.1.328 runs
 * them (recorded with the real server-everything, used here too).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun, sandbox } from "../cli/support/cli-fixtures.js";
import { useBuiltCli } from "../cli/support/cli-process.js";
import { promptText, startSession } from "../support/e2e.js";
import { everythingServer, STREAM_JSON } from "./mcp-fixtures.js";

useBuiltCli();

describe("MCP prompts as slash commands", () => {
  it("/mcp__everything__args-prompt Paris France fills the prompt's arguments in order and sends claude's command lines and its text", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [reply.text("sunny")],
    });
    const result = await s.runtime.prompt("/mcp__everything__args-prompt Paris France");
    expect(result.status).toBe("completed");
    expect(promptText(s.model.requests[0], "user").join("\n")).toContain(
      [
        "<command-message>mcp__everything__args-prompt</command-message>",
        "<command-name>/mcp__everything__args-prompt</command-name>",
        "<command-args>Paris France</command-args>",
        "What's weather in Paris, France?",
      ].join("\n"),
    );
  });

  it("a prompt missing a required argument is an error naming it, and nothing reaches the model", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [reply.text("never")],
    });
    const result = await s.runtime.prompt("/mcp__everything__args-prompt");
    expect(result.status).toBe("error");
    expect(result.reason).toBe(
      "Missing required argument: city. Usage: /mcp__everything__args-prompt city state",
    );
    expect(s.model.requests).toHaveLength(0);
  });

  it("a name no server has a prompt for goes to the model as typed", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("/mcp__everything__no-such-prompt x");
    expect(promptText(s.model.requests[0], "user").join("\n")).toContain(
      "/mcp__everything__no-such-prompt x",
    );
  });

  it("stream-json's init line lists the servers' prompts among its slash commands, after its own", async () => {
    const box = sandbox();
    const config = JSON.stringify({ mcpServers: { everything: everythingServer() } });
    const { r: run } = await printRun("hi", [reply.text("hello")], { box, flags: STREAM_JSON(config) });
    expect(run.code).toBe(0);
    const init = JSON.parse(run.stdout.split("\n")[0] as string);
    expect(init.slash_commands).toEqual(
      expect.arrayContaining(["mcp__everything__simple-prompt", "mcp__everything__args-prompt"]),
    );
    expect(init.slash_commands.at(-1)).toMatch(/^mcp__everything__/);
  });
});
