/**
 * An MCP server's prompts as slash commands `/mcp__<server>__<prompt> args`, as claude 2.1.328 runs
 * them (recorded with the real server-everything, used here too).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun, sandbox } from "../cli/support/cli-fixtures.js";
import { useBuiltCli } from "../cli/support/cli-process.js";
import { promptText, startSession } from "../support/e2e.js";
import { everythingServer, namedPromptsServer, STREAM_JSON } from "./mcp-fixtures.js";

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

/**
 * Prompt names with characters a tool name may not hold: the command keeps them, as claude 2.1.328
 * does (recorded with a server of prompts `a b`, `a.b`, `café` and `x/y`).
 */
describe("MCP prompts whose names hold a dot, a space or non-ASCII letters", () => {
  const names = ["a b", "a.b", "café"];

  it("/mcp__np__a.b and /mcp__np__café run those prompts, named as the server names them", async () => {
    const s = await startSession({
      user: { mcpServers: { np: namedPromptsServer(names) } },
      script: [reply.text("one"), reply.text("two")],
    });
    await s.runtime.prompt("/mcp__np__a.b dots");
    await s.runtime.prompt("/mcp__np__café accents");
    expect(promptText(s.model.requests[0], "user").join("\n")).toContain(
      "<command-name>/mcp__np__a.b</command-name>\n<command-args>dots</command-args>\nprompt a.b about dots",
    );
    expect(promptText(s.model.requests[1], "user").join("\n")).toContain(
      "<command-name>/mcp__np__café</command-name>\n<command-args>accents</command-args>\nprompt café about accents",
    );
  });

  it("the name with _ in place of the dot is no command: it goes to the model as typed", async () => {
    const s = await startSession({
      user: { mcpServers: { np: namedPromptsServer(names) } },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("/mcp__np__a_b dots");
    expect(promptText(s.model.requests[0], "user").join("\n")).toContain("/mcp__np__a_b dots");
    expect(promptText(s.model.requests[0], "user").join("\n")).not.toContain("prompt a.b");
  });

  it("a prompt whose name holds a space is not listed as a command (it cannot be typed); the others are", async () => {
    const s = await startSession({ user: { mcpServers: { np: namedPromptsServer(names) } } });
    await s.runtime.mcpReady();
    expect(s.runtime.mcpServers()[0]?.prompts).toEqual(["a.b", "café"]);
  });

  it("stream-json's init line lists them by the names the server gives, the one with a space left out", async () => {
    const config = JSON.stringify({ mcpServers: { np: namedPromptsServer(names) } });
    const { r: run } = await printRun("hi", [reply.text("hello")], {
      box: sandbox(),
      flags: STREAM_JSON(config),
    });
    expect(run.code).toBe(0);
    const init = JSON.parse(run.stdout.split("\n")[0] as string);
    expect(init.slash_commands.filter((name: string) => name.startsWith("mcp__np__"))).toEqual([
      "mcp__np__a.b",
      "mcp__np__café",
    ]);
  });
});
