/**
 * claude 2.1.328's note on the error of a deferred MCP tool called without loading it (read from
 * its binary; recorded with server-filesystem's refusal): the error, then the schema the model
 * never saw and how to load the tool — once per tool, after hooks saw the error.
 */
import fs from "node:fs";
import { type RecordedRequest, reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "../cli/support/cli-fixtures.js";
import { runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { everythingServer } from "./mcp-fixtures.js";

useBuiltCli();

const REFUSAL = "MCP error -32602: Input validation error: Invalid arguments for tool echo";
const NOTE = "\n\nThis tool's input schema was not in your prompt when you called it. The input schema is: {";
const LOAD =
  'If the corrected call fails the same way, call tool_search with query "select:mcp__everything__echo" to load the tool, then call it again.';

/** One `-p` run with server-everything and a PostToolUseFailure hook logging its payloads. */
async function run(script: Parameters<typeof modelServer>[0]) {
  const box = sandbox();
  const settings = box.json("settings.json", {
    hooks: {
      PostToolUseFailure: [{ hooks: [{ type: "command", command: `cat >> ${box.at("failures.jsonl")}` }] }],
    },
  });
  const mcpConfig = box.json("mcp.json", { mcpServers: { everything: everythingServer() } });
  const server = await modelServer(script);
  const r = await runCli(
    [
      ...["-p", "go", "--mcp-config", mcpConfig, "--settings", settings],
      ...["--permission-mode", "bypassPermissions", "--cwd", box.project],
    ],
    { env: modelEnv(server, box.home) },
  );
  expect(r.code, r.stderr).toBe(0);
  const failures = fs.existsSync(box.at("failures.jsonl"))
    ? fs.readFileSync(box.at("failures.jsonl"), "utf8")
    : "";
  return { requests: server.requests, failures };
}

/** The text of the tool result the request ends with. */
const lastResult = (request: RecordedRequest | undefined): string => {
  const content = request?.body.messages.at(-1).content[0].content;
  return typeof content === "string" ? content : JSON.stringify(content);
};

describe("a deferred tool's error, called without loading it", () => {
  it("the first error of the tool carries its schema and how to load it; the next one does not", async () => {
    const { requests } = await run([
      reply.toolCalls(toolCall("mcp__everything__echo", { message: 5 }, "c1")),
      reply.toolCalls(toolCall("mcp__everything__echo", { message: 6 }, "c2")),
      reply.text("done"),
    ]);
    const first = lastResult(requests[1]);
    expect(first.startsWith(REFUSAL)).toBe(true);
    expect(first).toContain(NOTE);
    expect(first).toContain('"required":["message"]');
    expect(first.endsWith(LOAD)).toBe(true);
    const second = lastResult(requests[2]);
    expect(second.startsWith(REFUSAL)).toBe(true);
    expect(second).not.toContain(NOTE);
  });

  it("PostToolUseFailure sees the server's error without the note", async () => {
    const { failures } = await run([
      reply.toolCalls(toolCall("mcp__everything__echo", { message: 5 }, "c1")),
      reply.text("done"),
    ]);
    expect(JSON.parse(failures).error).toContain(REFUSAL);
    expect(failures).not.toContain("input schema was not in your prompt");
  });

  it("a tool loaded with tool_search gets no note", async () => {
    const { requests } = await run([
      reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo" }, "s1")),
      reply.toolCalls(toolCall("mcp__everything__echo", { message: 5 }, "c1")),
      reply.text("done"),
    ]);
    const result = lastResult(requests[2]);
    expect(result.startsWith(REFUSAL)).toBe(true);
    expect(result).not.toContain(NOTE);
  });
});
