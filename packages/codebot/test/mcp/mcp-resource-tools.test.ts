/**
 * The MCP resource tools, as claude 2.1.328 offers them (recorded with the real server-everything,
 * used here too): list_mcp_resources (ListMcpResourcesTool) and read_mcp_resource
 * (ReadMcpResourceTool), offered while a connected server has resources.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { type SessionSetup, scratchDir, startSession, toolResultFor } from "../support/e2e.js";
import { everythingServer } from "./mcp-fixtures.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const toolsOnly = (state: string) => ({
  command: process.execPath,
  args: [path.join(FIXTURES, "test-server.mjs"), "serve", state],
});
const oddResources = { command: process.execPath, args: [path.join(FIXTURES, "resource-server.mjs")] };

/** The first resource server-everything lists, as claude 2.1.328 gave it (recorded). */
const ARCHITECTURE = {
  name: "architecture.md",
  uri: "demo://resource/static/document/architecture.md",
  description: "Static document file exposed from /docs: architecture.md",
  mimeType: "text/markdown",
  server: "everything",
};

/** A session on server-everything whose model reads the resource `uri` (call c1), then stops. */
async function sessionReading(uri: string, runtime?: SessionSetup["runtime"]) {
  const s = await startSession({
    user: { mcpServers: { everything: everythingServer() } },
    ...(runtime ? { runtime } : {}),
    script: [
      reply.toolCalls(toolCall("read_mcp_resource", { server: "everything", uri }, "c1")),
      reply.text("done"),
    ],
  });
  await s.runtime.prompt("go");
  return s;
}

describe("MCP resource tools", () => {
  it("are offered with claude's descriptions and input schemas while a server has resources", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("go");
    const tools = s.model.requests[0]?.tools ?? [];
    const list = tools.find((t) => t.name === "list_mcp_resources");
    const read = tools.find((t) => t.name === "read_mcp_resource");
    expect(list?.description).toBe(
      "\nList available resources from configured MCP servers.\nEach returned resource will include all standard MCP resource fields plus a 'server' field \nindicating which server the resource belongs to.\n\nParameters:\n- server (optional): The name of a specific MCP server to get resources from. If not provided,\n  resources from all servers will be returned.\n",
    );
    expect(list?.inputSchema).toMatchObject({
      type: "object",
      properties: { server: { description: "Optional server name to filter resources by", type: "string" } },
      additionalProperties: false,
    });
    expect(list?.inputSchema).not.toHaveProperty("required");
    expect(read?.description).toBe(
      "\nReads a specific resource from an MCP server, identified by server name and resource URI.\n\nParameters:\n- server (required): The name of the MCP server from which to read the resource\n- uri (required): The URI of the resource to read\n",
    );
    expect(read?.inputSchema).toMatchObject({
      type: "object",
      properties: {
        server: { description: "The MCP server name", type: "string" },
        uri: { description: "The resource URI to read", type: "string" },
      },
      required: ["server", "uri"],
      additionalProperties: false,
    });
  });

  it("are not offered when no connected server has resources", async () => {
    const s = await startSession({
      user: { mcpServers: { plain: toolsOnly(scratchDir("mcp-state-")) } },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("go");
    const names = s.model.requests[0]?.tools?.map((t) => t.name) ?? [];
    expect(names).toContain("mcp__plain__pid");
    expect(names).not.toContain("list_mcp_resources");
    expect(names).not.toContain("read_mcp_resource");
  });

  it("list_mcp_resources gives every server's resources as JSON, each naming its server, with and without `server`", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [
        reply.toolCalls(toolCall("list_mcp_resources", {}, "all")),
        reply.toolCalls(toolCall("list_mcp_resources", { server: "everything" }, "one")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const all = toolResultFor(s.model, "all");
    expect(all?.isError).toBe(false);
    const listed = JSON.parse(all?.text ?? "");
    expect(listed[0]).toEqual(ARCHITECTURE);
    expect(listed.every((r: { server: string }) => r.server === "everything")).toBe(true);
    expect(toolResultFor(s.model, "one")?.text).toBe(all?.text);
  });

  it("read_mcp_resource gives a text resource's contents as JSON", async () => {
    const s = await sessionReading("demo://resource/dynamic/text/1");
    const result = toolResultFor(s.model, "c1");
    expect(result?.isError).toBe(false);
    expect(JSON.parse(result?.text ?? "")).toEqual({
      contents: [
        {
          uri: "demo://resource/dynamic/text/1",
          mimeType: "text/plain",
          text: expect.stringMatching(/^Resource 1: This is a plaintext resource created at /),
        },
      ],
    });
  });

  it("read_mcp_resource saves a blob to the session's tool-results folder and tells the model where, in claude's words", async () => {
    const s = await sessionReading("demo://resource/dynamic/blob/1");
    const [item] = JSON.parse(toolResultFor(s.model, "c1")?.text ?? "").contents;
    const folder = path.join(path.dirname(s.runtime.transcriptPath), s.runtime.sessionId, "tool-results");
    expect(path.dirname(item.blobSavedTo)).toBe(folder);
    expect(path.basename(item.blobSavedTo)).toMatch(/^mcp-resource-\d+-0-[0-9a-f]{6}\.txt$/);
    expect(fs.readFileSync(item.blobSavedTo, "utf8")).toMatch(
      /^Resource 1: This is a base64 blob created at /,
    );
    expect(item).toEqual({
      uri: "demo://resource/dynamic/blob/1",
      mimeType: "text/plain",
      blobSavedTo: item.blobSavedTo,
      text: `[Resource from everything at demo://resource/dynamic/blob/1] Binary content (text/plain, ${fs.statSync(item.blobSavedTo).size} bytes) saved to ${item.blobSavedTo}`,
    });
  });

  it("a session that writes nothing of its own saves a blob in a temp folder of its own, not beside the transcripts", async () => {
    const s = await sessionReading("demo://resource/dynamic/blob/1", { persistSession: false });
    const [item] = JSON.parse(toolResultFor(s.model, "c1")?.text ?? "").contents;
    const folder = path.dirname(path.dirname(item.blobSavedTo));
    expect(path.dirname(folder)).toBe(os.tmpdir());
    expect(path.basename(folder)).toMatch(/^codebot-tool-results-/);
    expect(fs.statSync(folder).mode & 0o077).toBe(0);
    expect(fs.readFileSync(item.blobSavedTo, "utf8")).toMatch(/^Resource 1: This is a base64 blob/);
    expect(fs.existsSync(path.join(path.dirname(s.runtime.transcriptPath), s.runtime.sessionId))).toBe(false);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("an unknown server is an error naming the servers there are; an unknown URI is not, and says to list again", async () => {
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [
        reply.toolCalls(toolCall("list_mcp_resources", { server: "nosuch" }, "list")),
        reply.toolCalls(toolCall("read_mcp_resource", { server: "nosuch", uri: "demo://x" }, "read")),
        reply.toolCalls(
          toolCall("read_mcp_resource", { server: "everything", uri: "demo://no/such" }, "uri"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const unknown = { text: 'Server "nosuch" not found. Available servers: everything', isError: true };
    expect(toolResultFor(s.model, "list")).toEqual(unknown);
    expect(toolResultFor(s.model, "read")).toEqual(unknown);
    expect(toolResultFor(s.model, "uri")).toEqual({
      text: "Resource not found: demo://no/such — it may have been deleted or the URI is stale. Re-run list_mcp_resources to refresh.",
      isError: false,
    });
  });

  it("a server without resources: reading is an error, listing finds none; a server's own error reaches the model in its words", async () => {
    const s = await startSession({
      user: {
        mcpServers: {
          plain: toolsOnly(scratchDir("mcp-state-")),
          odd: oddResources,
        },
      },
      script: [
        reply.toolCalls(toolCall("read_mcp_resource", { server: "plain", uri: "x://a" }, "plain-read")),
        reply.toolCalls(toolCall("list_mcp_resources", { server: "plain" }, "plain-list")),
        reply.toolCalls(toolCall("read_mcp_resource", { server: "odd", uri: "x://boom" }, "boom")),
        reply.toolCalls(toolCall("read_mcp_resource", { server: "odd", uri: "x://gone" }, "gone")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "plain-read")).toEqual({
      text: 'Server "plain" does not support resources',
      isError: true,
    });
    expect(toolResultFor(s.model, "plain-list")).toEqual({
      text: "No resources found. MCP servers may still provide tools even if they have no resources.",
      isError: false,
    });
    expect(toolResultFor(s.model, "boom")).toEqual({ text: "boom", isError: true });
    expect(toolResultFor(s.model, "gone")?.text).toMatch(/^Resource not found: x:\/\/gone — /);
  });

  it("a server whose resource pages never end: listing stops at a cursor it gave before, and gives up after 64 pages (as claude's MCP client) instead of asking forever", async () => {
    const endless = (mode: string) => ({
      command: process.execPath,
      args: [path.join(FIXTURES, "endless-pages-server.mjs"), mode],
    });
    const s = await startSession({
      user: { mcpServers: { again: endless("repeat"), endless: endless("new") } },
      script: [
        reply.toolCalls(toolCall("list_mcp_resources", { server: "again" }, "again")),
        reply.toolCalls(toolCall("list_mcp_resources", { server: "endless" }, "endless")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    // The first page, then the page its cursor led to; the same cursor again ends the list.
    expect(JSON.parse(toolResultFor(s.model, "again")?.text ?? "[]")).toHaveLength(2);
    expect(toolResultFor(s.model, "endless")).toEqual({
      text: "No resources found. MCP servers may still provide tools even if they have no resources.",
      isError: false,
    });
  });

  it("a server that has no resources/read: the model is told so, and it is no error", async () => {
    const s = await startSession({
      user: { mcpServers: { odd: { ...oddResources, args: [...oddResources.args, "noreads"] } } },
      script: [
        reply.toolCalls(toolCall("read_mcp_resource", { server: "odd", uri: "x://a" }, "c1")),
        reply.text("ok"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({
      text: 'Server "odd" advertises resource support but does not implement resource reads.',
      isError: false,
    });
  });

  it("a blob without a MIME type is saved as .bin, of `unknown type`, and the text beside it kept", async () => {
    const s = await startSession({
      user: { mcpServers: { odd: oddResources } },
      script: [
        reply.toolCalls(toolCall("read_mcp_resource", { server: "odd", uri: "x://raw" }, "c1")),
        reply.text("ok"),
      ],
    });
    await s.runtime.prompt("go");
    const { contents } = JSON.parse(toolResultFor(s.model, "c1")?.text ?? "");
    expect(contents[0].blobSavedTo).toMatch(/\.bin$/);
    expect(contents[0]).not.toHaveProperty("mimeType");
    expect(contents[0].text).toContain("Binary content (unknown type, 3 bytes) saved to");
    expect([...fs.readFileSync(contents[0].blobSavedTo)]).toEqual([0, 1, 2]);
    expect(contents[1]).toEqual({ uri: "x://raw/t", text: "two" });
  });

  it("one read saves at most 50 blobs to files; the model is told the rest were not saved", async () => {
    const s = await startSession({
      user: { mcpServers: { odd: oddResources } },
      script: [
        reply.toolCalls(toolCall("read_mcp_resource", { server: "odd", uri: "x://many/53" }, "c1")),
        reply.text("ok"),
      ],
    });
    await s.runtime.prompt("go");
    const { contents } = JSON.parse(toolResultFor(s.model, "c1")?.text ?? "");
    expect(contents).toHaveLength(54);
    const folder = path.join(path.dirname(s.runtime.transcriptPath), s.runtime.sessionId, "tool-results");
    expect(fs.readdirSync(folder)).toHaveLength(50);
    expect(contents[49].blobSavedTo).toMatch(/mcp-resource-\d+-49-[0-9a-f]{6}\.bin$/);
    expect(contents.slice(50, 53)).toEqual(
      [50, 51, 52].map((i) => ({
        uri: `x://many/53/${i}`,
        mimeType: "application/octet-stream",
        text: "Binary content not saved: this read returned 53 binary items, and one read saves at most 50 of them to files.",
      })),
    );
    expect(contents[53]).toEqual({ uri: "x://many/53/t", text: "last" });
  });

  it("a deny rule naming claude's tool (ReadMcpResourceTool) refuses the read; listing still runs", async () => {
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        permissions: { deny: ["ReadMcpResourceTool"] },
      },
      script: [
        reply.toolCalls(
          toolCall(
            "read_mcp_resource",
            { server: "everything", uri: "demo://resource/dynamic/text/1" },
            "read",
          ),
          toolCall("list_mcp_resources", {}, "list"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "read")).toMatchObject({ isError: true });
    expect(toolResultFor(s.model, "read")?.text).toContain('deny rule "ReadMcpResourceTool"');
    expect(toolResultFor(s.model, "list")?.isError).toBe(false);
  });

  it("a deny rule naming a server (ReadMcpResourceTool(everything)) refuses nothing, as claude 2.1.328 reads it (recorded)", async () => {
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        permissions: { deny: ["ReadMcpResourceTool(everything)", "ListMcpResourcesTool(everything)"] },
      },
      script: [
        reply.toolCalls(
          toolCall("read_mcp_resource", { server: "everything", uri: ARCHITECTURE.uri }, "read"),
          toolCall("list_mcp_resources", { server: "everything" }, "list"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "read")?.text).toContain("Everything Server");
    expect(toolResultFor(s.model, "list")?.text).toContain(ARCHITECTURE.uri);
  });

  it("run unasked in ask mode with nobody to ask, and Claude Code hooks see claude's tool names, inputs and responses", async () => {
    const record = (file: string) => [{ type: "command", command: `cat >> ${file}; echo >> ${file}` }];
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: {
          PreToolUse: [{ matcher: "ListMcpResourcesTool|ReadMcpResourceTool", hooks: record("pre.jsonl") }],
          PostToolUse: [{ matcher: "ListMcpResourcesTool|ReadMcpResourceTool", hooks: record("post.jsonl") }],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCalls(toolCall("list_mcp_resources", { server: "everything" }, "c1")),
        reply.toolCalls(
          toolCall(
            "read_mcp_resource",
            { server: "everything", uri: "demo://resource/dynamic/text/1" },
            "c2",
          ),
        ),
        reply.toolCalls(toolCall("read_mcp_resource", { server: "everything", uri: "demo://no/such" }, "c3")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const pre = s.jsonLines("pre.jsonl");
    expect(pre.map((p) => [p.tool_name, p.tool_input])).toEqual([
      ["ListMcpResourcesTool", { server: "everything" }],
      ["ReadMcpResourceTool", { server: "everything", uri: "demo://resource/dynamic/text/1" }],
      ["ReadMcpResourceTool", { server: "everything", uri: "demo://no/such" }],
    ]);
    const [list, read, missing] = s
      .jsonLines("post.jsonl")
      .map((p) => p.tool_response as Record<string, unknown>);
    // As claude 2.1.328 gives them (recorded): the list itself, the read's {contents} (codebot adds
    // `output` and `success`, as to every tool's response).
    expect((list as unknown as unknown[])[0]).toEqual(ARCHITECTURE);
    expect(read?.contents).toEqual([
      expect.objectContaining({ uri: "demo://resource/dynamic/text/1", mimeType: "text/plain" }),
    ]);
    expect(missing).toMatchObject({
      contents: [],
      error:
        "Resource not found: demo://no/such — it may have been deleted or the URI is stale. Re-run list_mcp_resources to refresh.",
    });
  });

  it("read_mcp_resource_dir is offered with claude's description and schema, and answers claude's words (ReadMcpResourceDirTool, recorded)", async () => {
    const record = (file: string) => [{ type: "command", command: `cat >> ${file}; echo >> ${file}` }];
    const s = await startSession({
      user: {
        mcpServers: { everything: everythingServer() },
        hooks: { PostToolUse: [{ matcher: "ReadMcpResourceDirTool", hooks: record("post.jsonl") }] },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCalls(
          toolCall(
            "read_mcp_resource_dir",
            { server: "everything", uri: "demo://resource/static/document/" },
            "dir",
          ),
          toolCall("read_mcp_resource_dir", { server: "nope", uri: "x://y" }, "nope"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const tool = s.model.requests[0]?.tools?.find((t) => t.name === "read_mcp_resource_dir");
    expect(tool?.description).toBe(
      '\nList the direct children of a directory resource on an MCP server (`resources/directory/read`).\n\nParameters:\n- server (required): The name of the MCP server to read from\n- uri (required): The URI of the directory resource\n\nThe listing is not recursive. Each entry carries its own `uri`; subdirectories appear with mimeType "inode/directory" — call this tool again on a subdirectory\'s `uri` to descend.\n\nOnly usable against a server that has declared support for directory listing; other servers return an error.\n',
    );
    expect(tool?.inputSchema).toMatchObject({
      properties: {
        server: { description: "The MCP server name", type: "string" },
        uri: { description: "The directory resource URI to list", type: "string" },
      },
      required: ["server", "uri"],
      additionalProperties: false,
    });
    expect(toolResultFor(s.model, "dir")).toMatchObject({
      isError: false,
      text: "Directory listing is not enabled in this build.",
    });
    expect(toolResultFor(s.model, "nope")).toMatchObject({
      isError: true,
      text: 'Server "nope" not found. Available servers: everything',
    });
    const [post] = s.jsonLines("post.jsonl");
    expect(post?.tool_name).toBe("ReadMcpResourceDirTool");
    expect(post?.tool_response).toMatchObject({
      resources: [],
      error: "Directory listing is not enabled in this build.",
    });
  });
});
