/**
 * claude 2.1.328's ToolSearch (recorded with server-everything and server-filesystem against a
 * loopback server logging request bodies; docs/mcp.md): the MCP tools are offered by name only,
 * behind `tool_search`; the model loads one with a query, its result is `tool_reference` blocks,
 * and the next request carries the tool with `defer_loading`. ENABLE_TOOL_SEARCH turns it off, as
 * does a `--tools` list without it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type RecordedRequest, reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "../cli/support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { everythingServer, filesystemServer } from "./mcp-fixtures.js";

useBuiltCli();

type WireTool = { name: string; description: string; defer_loading?: boolean };
const toolsOf = (request: RecordedRequest | undefined): WireTool[] => request?.body?.tools ?? [];
const mcpNames = (request: RecordedRequest | undefined) =>
  toolsOf(request)
    .filter((t) => t.name.startsWith("mcp__"))
    .map((t) => (t.defer_loading ? `${t.name} (deferred)` : t.name));

/** One `-p` run with server-everything, a PreToolUse and a PostToolUse hook logging their payloads. */
async function run(
  script: Parameters<typeof modelServer>[0],
  env: Record<string, string> = {},
  extra: string[] = [],
) {
  const box = sandbox();
  const log = (name: string) => ({
    hooks: [{ type: "command", command: `cat >> ${box.at(name)}; echo >> ${box.at(name)}` }],
  });
  const settings = box.json("settings.json", {
    hooks: { PreToolUse: [log("pre.jsonl")], PostToolUse: [log("post.jsonl")] },
  });
  const mcpConfig = box.json("mcp.json", { mcpServers: { everything: everythingServer() } });
  const server = await modelServer(script);
  const r = await runCli(
    [
      "-p",
      "go",
      "--mcp-config",
      mcpConfig,
      "--settings",
      settings,
      "--permission-mode",
      "bypassPermissions",
      "--cwd",
      box.project,
      ...extra,
    ],
    { env: modelEnv(server, box.home, env) },
  );
  expect(r.code, r.stderr).toBe(0);
  const payloads = (name: string) =>
    fs.existsSync(box.at(name))
      ? fs
          .readFileSync(box.at(name), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  return {
    requests: server.requests,
    pre: payloads("pre.jsonl"),
    post: payloads("post.jsonl"),
    stdout: r.stdout,
  };
}

describe("ToolSearch: MCP tools offered by name, loaded on request", () => {
  it("the first request offers tool_search and claude's placeholder, no MCP schema, with the advanced-tool-use beta", async () => {
    const { requests } = await run([reply.text("ok")]);
    expect(mcpNames(requests[0])).toEqual([]);
    const names = toolsOf(requests[0]).map((t) => (t.defer_loading ? `${t.name} (deferred)` : t.name));
    expect(names).toContain("tool_search");
    expect(names).toContain("DeferredToolPlaceholder (deferred)");
    expect(requests[0]?.headers["anthropic-beta"]?.split(",")).toContain("advanced-tool-use-2025-11-20");
  });

  /** claude 2.1.328's words naming the deferred tools (recorded), with codebot's tool name. */
  const LISTING_OPENS =
    /^The following deferred tools are now available via tool_search\. Their schemas are NOT loaded — calling them directly will fail with InputValidationError\. Use tool_search with query "select:<name>\[,<name>\.\.\.\]" to load tool schemas before calling them:\n/;
  const script = () => [
    reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo" }, "s1")),
    reply.text("done"),
  ];

  it("claude-opus-5-5 reads the deferred tools' names in a system message after the first user message, in every request", async () => {
    const { requests } = await run(script(), {}, ["--model", "anthropic/claude-opus-5-5"]);
    for (const request of requests) {
      const [first, listing] = request.body.messages;
      expect(first).toEqual({ role: "user", content: [{ type: "text", text: "go" }] });
      expect(listing.role).toBe("system");
      expect(listing.content[0].text).toMatch(LISTING_OPENS);
      const names = listing.content[0].text.split("\n").slice(1);
      expect(names).toContain("mcp__everything__echo");
      expect(names).toEqual([...names].sort());
    }
    // The tool search's own description is claude's, which points to that message.
    const search = toolsOf(requests[0]).find((t) => t.name === "tool_search");
    expect(search?.description).toContain("Deferred tools appear by name in a message from the system.");
    expect(search?.description).not.toContain("mcp__everything__echo");
  });

  it("claude-sonnet-4-5 reads them in a <system-reminder> opening the first user message, as claude sends it there", async () => {
    const { requests } = await run(script(), {}, ["--model", "anthropic/claude-sonnet-4-5"]);
    for (const request of requests) {
      const [first] = request.body.messages;
      expect(request.body.messages.map((m: { role: string }) => m.role)).not.toContain("system");
      expect(first.content.map((block: { text: string }) => block.text.slice(0, 18))).toEqual([
        "<system-reminder>\n",
        "go",
      ]);
      const text: string = first.content[0].text;
      expect(text).toContain("\nmcp__everything__echo\n");
      expect(text.endsWith("\n</system-reminder>")).toBe(true);
      expect(text.slice("<system-reminder>\n".length)).toMatch(LISTING_OPENS);
    }
  });

  it("the MCP resource tools are deferred too, as claude defers ListMcpResourcesTool, and select: loads them", async () => {
    const { requests } = await run([
      reply.toolCalls(toolCall("tool_search", { query: "select:list_mcp_resources" }, "s1")),
      reply.text("done"),
    ]);
    const offered = (i: number) =>
      toolsOf(requests[i])
        .filter((t) => t.name.endsWith("_mcp_resources") || t.name.endsWith("_mcp_resource"))
        .map((t) => (t.defer_loading ? `${t.name} (deferred)` : t.name));
    expect(offered(0)).toEqual([]);
    const listed = requests[0]?.body.messages[0].content[0].text.split("\n");
    expect(listed).toContain("list_mcp_resources");
    expect(listed).toContain("read_mcp_resource");
    expect(offered(1)).toEqual(["list_mcp_resources (deferred)"]);
  });

  it("select: loads the tool: its result is a tool_reference and claude's `Tool loaded.`, the next request carries the tool deferred, and the call runs", async () => {
    const { requests } = await run([
      reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo,mcp__nope__x" }, "s1")),
      reply.toolCalls(toolCall("mcp__everything__echo", { message: "hi" }, "c1")),
      reply.text("done"),
    ]);
    expect(requests[1]?.body.messages.at(-1).content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "s1",
        content: [{ type: "tool_reference", tool_name: "mcp__everything__echo" }],
      },
      // claude 2.1.328's text after a result that loads tools (recorded).
      { type: "text", text: "Tool loaded." },
    ]);
    expect(mcpNames(requests[1])).toEqual(["mcp__everything__echo (deferred)"]);
    expect(mcpNames(requests[2])).toEqual(["mcp__everything__echo (deferred)"]);
    expect(JSON.stringify(requests[2]?.body.messages.at(-1).content)).toContain("Echo: hi");
  });

  it("keywords rank the deferred tools by name; no match is claude's text and loads nothing", async () => {
    const { requests } = await run([
      reply.toolCalls(toolCall("tool_search", { query: "sum", max_results: 1 }, "s1")),
      reply.toolCalls(toolCall("tool_search", { query: "zzzqqq" }, "s2")),
      reply.text("done"),
    ]);
    expect(requests[1]?.body.messages.at(-1).content[0].content).toEqual([
      { type: "tool_reference", tool_name: "mcp__everything__get-sum" },
    ]);
    expect(requests[2]?.body.messages.at(-1).content[0].content).toBe("No matching deferred tools found");
    expect(mcpNames(requests[2])).toEqual(["mcp__everything__get-sum (deferred)"]);
  });

  it("hooks fire for the search as claude's ToolSearch (max_results filled in) and for the tool it loaded", async () => {
    const { pre, post } = await run([
      reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo" }, "s1")),
      reply.toolCalls(toolCall("mcp__everything__echo", { message: "hi" }, "c1")),
      reply.text("done"),
    ]);
    expect(pre.map((p) => [p.tool_name, p.tool_input])).toEqual([
      ["ToolSearch", { query: "select:mcp__everything__echo", max_results: 5 }],
      ["mcp__everything__echo", { message: "hi" }],
    ]);
    expect(post[0]?.tool_response).toMatchObject({
      matches: ["mcp__everything__echo"],
      query: "select:mcp__everything__echo",
      total_deferred_tools: expect.any(Number),
    });
  });

  it("stream-json's init line names ToolSearch, not its placeholder, as claude's", async () => {
    const { stdout } = await run([reply.text("ok")], {}, ["--output-format", "stream-json", "--verbose"]);
    const init = jsonLines(stdout).find((l) => l.subtype === "init") as { tools: string[] };
    expect(init.tools).toContain("ToolSearch");
    expect(init.tools).toContain("mcp__everything__echo");
    expect(init.tools).not.toContain("DeferredToolPlaceholder");
  });

  it("-c: the tools found before are still loaded: the first request of the resumed session carries them", async () => {
    const box = sandbox();
    const mcpConfig = box.json("mcp.json", { mcpServers: { everything: everythingServer() } });
    const server = await modelServer([
      reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo" }, "s1")),
      reply.text("found"),
      reply.text("again"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--mcp-config", mcpConfig, "--permission-mode", "bypassPermissions", "--cwd", box.project];
    expect((await runCli(["-p", "go", ...args], { env })).code).toBe(0);
    const resumed = await runCli(["-c", "-p", "more", ...args], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(mcpNames(server.requests[2])).toEqual(["mcp__everything__echo (deferred)"]);
    expect(JSON.stringify(server.requests[2]?.body.messages)).toContain('"tool_reference"');
  });

  describe("-c with the tool found no longer offered: its tool_reference goes, as claude 2.1.328 sends it (recorded)", () => {
    /** A session that loaded mcp__everything__echo, then `-c -p more` with `resumed`'s flags and env; the resumed request's result. */
    async function resumeWith(resumed: {
      servers?: Record<string, unknown>;
      env?: Record<string, string>;
      args?: string[];
    }) {
      const box = sandbox();
      const server = await modelServer([
        reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo" }, "s1")),
        reply.text("found"),
        reply.text("again"),
      ]);
      const env = modelEnv(server, box.home);
      const args = (servers: Record<string, unknown>, name: string) => [
        "--mcp-config",
        box.json(name, { mcpServers: servers }),
        "--permission-mode",
        "bypassPermissions",
        "--cwd",
        box.project,
      ];
      const everything = { everything: everythingServer() };
      expect((await runCli(["-p", "go", ...args(everything, "mcp.json")], { env })).code).toBe(0);
      const r = await runCli(
        ["-c", "-p", "more", ...args(resumed.servers ?? everything, "resumed.json"), ...(resumed.args ?? [])],
        { env: { ...env, ...resumed.env } },
      );
      expect(r.code, r.stderr).toBe(0);
      return { requests: server.requests };
    }

    /** The tool-result message of the resumed session's request. */
    const resultMessage = (request: RecordedRequest | undefined) =>
      (request?.body.messages ?? []).find(
        (m: { content: unknown }) =>
          Array.isArray(m.content) && m.content.some((b: { type: string }) => b.type === "tool_result"),
      )?.content;

    it("ENABLE_TOOL_SEARCH=false: `[Tool references removed - tool search not enabled]`, no `Tool loaded.`", async () => {
      const { requests } = await resumeWith({ env: { ENABLE_TOOL_SEARCH: "false" } });
      expect(resultMessage(requests[2])).toEqual([
        {
          type: "tool_result",
          tool_use_id: "s1",
          content: [{ type: "text", text: "[Tool references removed - tool search not enabled]" }],
        },
      ]);
    });

    it("its server gone from the config, the search still on for another: `[Tool references removed - tools no longer available]`", async () => {
      const { requests } = await resumeWith({ servers: { files: filesystemServer(os.tmpdir()) } });
      expect(resultMessage(requests[2])).toEqual([
        {
          type: "tool_result",
          tool_use_id: "s1",
          content: [{ type: "text", text: "[Tool references removed - tools no longer available]" }],
        },
      ]);
      expect(mcpNames(requests[2])).toEqual([]);
    });

    it("an OpenAI model (--model): the result reads claude's `tool search not enabled` text", async () => {
      const openai = await modelServer([reply.text("ok")]);
      const { requests } = await resumeWith({
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: openai.openaiBaseUrl },
        args: ["--model", "openai/gpt-4.1"],
      });
      expect(requests).toHaveLength(2);
      const sent = JSON.stringify(openai.requests[0]?.body.messages ?? openai.requests[0]?.body.input);
      expect(sent).toContain("[Tool references removed - tool search not enabled]");
    });
  });

  it("a compaction keeps the tools found: -c after /compact carries them deferred with no tool_reference, as claude's boundary keeps them", async () => {
    const box = sandbox();
    const mcpConfig = box.json("mcp.json", { mcpServers: { everything: everythingServer() } });
    const server = await modelServer([
      reply.toolCalls(toolCall("tool_search", { query: "select:mcp__everything__echo" }, "s1")),
      reply.text("found"),
      reply.text("<summary>the model loaded echo</summary>"),
      reply.text("again"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--mcp-config", mcpConfig, "--permission-mode", "bypassPermissions", "--cwd", box.project];
    expect((await runCli(["-p", "go", ...args], { env })).code).toBe(0);
    const compacted = await runCli(
      ["-c", "-p", "/compact", "--output-format", "stream-json", "--verbose", ...args],
      { env },
    );
    expect(compacted.code, compacted.stderr).toBe(0);
    const boundary = jsonLines(compacted.stdout).find((l) => l.subtype === "compact_boundary") as {
      compact_metadata: Record<string, unknown>;
    };
    expect(boundary.compact_metadata.pre_compact_discovered_tools).toEqual(["mcp__everything__echo"]);
    const resumed = await runCli(["-c", "-p", "more", ...args], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(server.requests).toHaveLength(4);
    expect(JSON.stringify(server.requests[3]?.body.messages)).not.toContain('"tool_reference"');
    expect(mcpNames(server.requests[3])).toEqual(["mcp__everything__echo (deferred)"]);
    const projects = path.join(box.home, "projects");
    const [file] = fs
      .readdirSync(projects, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".jsonl"));
    expect(fs.readFileSync(path.join(projects, file as string), "utf8")).toContain(
      '"preCompactDiscoveredTools":["mcp__everything__echo"]',
    );
  });

  it("ENABLE_TOOL_SEARCH=false offers every MCP schema up front and no tool_search", async () => {
    const { requests } = await run([reply.text("ok")], { ENABLE_TOOL_SEARCH: "false" });
    expect(mcpNames(requests[0])).toContain("mcp__everything__echo");
    expect(toolsOf(requests[0]).map((t) => t.name)).not.toContain("tool_search");
  });

  it("ENABLE_TOOL_SEARCH=auto defers only past 10% of the context window: server-everything's tools go up front; auto:0 defers", async () => {
    const auto = await run([reply.text("ok")], { ENABLE_TOOL_SEARCH: "auto" });
    expect(mcpNames(auto.requests[0])).toContain("mcp__everything__echo");
    const always = await run([reply.text("ok")], { ENABLE_TOOL_SEARCH: "auto:0" });
    expect(mcpNames(always.requests[0])).toEqual([]);
  });

  it("an OpenAI model, which cannot load a deferred tool, is offered every MCP schema up front", async () => {
    const server = await modelServer([reply.text("ok")]);
    const { requests } = await run([], { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl }, [
      "--model",
      "openai/gpt-4.1",
    ]);
    expect(requests).toHaveLength(0);
    const names = (server.requests[0]?.body.tools ?? []).map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(names).toContain("mcp__everything__echo");
    expect(names).not.toContain("tool_search");
  });

  it("a --tools list without ToolSearch offers every MCP schema up front; naming it defers them", async () => {
    const without = await run([reply.text("ok")], {}, ["--tools", "Bash,Read"]);
    expect(mcpNames(without.requests[0])).toContain("mcp__everything__echo");
    const named = await run([reply.text("ok")], {}, ["--tools", "Bash,Read,ToolSearch"]);
    expect(mcpNames(named.requests[0])).toEqual([]);
    expect(toolsOf(named.requests[0]).map((t) => t.name)).toEqual([
      "bash",
      "read",
      "tool_search",
      "DeferredToolPlaceholder",
    ]);
  });

  it("--disallowedTools ToolSearch offers every MCP schema up front, as claude does (recorded)", async () => {
    const { requests } = await run([reply.text("ok")], {}, ["--disallowedTools", "ToolSearch"]);
    expect(mcpNames(requests[0])).toContain("mcp__everything__echo");
    expect(toolsOf(requests[0]).map((t) => t.name)).not.toContain("tool_search");
  });
});
