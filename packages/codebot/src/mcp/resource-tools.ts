/**
 * The MCP servers' resources as tools, as claude 2.1.328 offers them (recorded with
 * server-everything): `list_mcp_resources {server?}` (claude's ListMcpResourcesTool),
 * `read_mcp_resource {server, uri}` (ReadMcpResourceTool) and `read_mcp_resource_dir {server, uri}`
 * (ReadMcpResourceDirTool, whose every answer is claude's "not enabled in this build"), offered
 * while a connected server says it has resources. Both only read: they run unasked, as claude's do. Their descriptions, results and
 * errors are claude's; a blob read is saved to a file the model is told of (resource-blob.ts), at
 * most MAX_SAVED_BLOBS of them per read.
 */
import type { Tool, ToolResult } from "@codebot/agentcore";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { OutputCap } from "../tools/output-cap.js";
import { blobsOverCapText, MAX_SAVED_BLOBS, saveBlob, savedBlobText } from "./resource-blob.js";
import { LIST_RESOURCES_TOOL, READ_RESOURCE_DIR_TOOL, READ_RESOURCE_TOOL } from "./resource-tool-names.js";
import type { ServerConnection } from "./server-connection.js";
import { MCP_OUTPUT_LIMIT } from "./tool-result.js";

/** MCP's "resource not found" (claude also takes -32602 Invalid params, as the SDK's own server answers). */
const RESOURCE_NOT_FOUND = -32002;

export interface ResourceServers {
  /** The session's servers that are switched on, in order (whatever their state). */
  servers(): readonly ServerConnection[];
  /** Where a blob read is saved (the session's `tool-results` folder). */
  resultsDir(): string;
}

const listSchema = z
  .object({ server: z.string().describe("Optional server name to filter resources by").optional() })
  .strict();

/** `{server, uri}`, as claude's read tools take them; `uri` described as the tool reads it. */
const serverUriSchema = (uri: string) =>
  z.object({ server: z.string().describe("The MCP server name"), uri: z.string().describe(uri) }).strict();

const readSchema = serverUriSchema("The resource URI to read");

const LIST_DESCRIPTION = `
List available resources from configured MCP servers.
Each returned resource will include all standard MCP resource fields plus a 'server' field 
indicating which server the resource belongs to.

Parameters:
- server (optional): The name of a specific MCP server to get resources from. If not provided,
  resources from all servers will be returned.
`;

const READ_DESCRIPTION = `
Reads a specific resource from an MCP server, identified by server name and resource URI.

Parameters:
- server (required): The name of the MCP server from which to read the resource
- uri (required): The URI of the resource to read
`;

const readDirSchema = serverUriSchema("The directory resource URI to list");

const READ_DIR_DESCRIPTION = `
List the direct children of a directory resource on an MCP server (\`resources/directory/read\`).

Parameters:
- server (required): The name of the MCP server to read from
- uri (required): The URI of the directory resource

The listing is not recursive. Each entry carries its own \`uri\`; subdirectories appear with mimeType "inode/directory" — call this tool again on a subdirectory's \`uri\` to descend.

Only usable against a server that has declared support for directory listing; other servers return an error.
`;

/** claude 2.1.328's every answer of ReadMcpResourceDirTool for a server there is (recorded). */
const DIR_LISTING_OFF = "Directory listing is not enabled in this build.";

export function resourceTools(sources: ResourceServers): Tool[] {
  return [listResourcesTool(sources), readResourceDirTool(sources), readResourceTool(sources)];
}

function listResourcesTool(sources: ResourceServers): Tool<z.infer<typeof listSchema>> {
  return {
    name: LIST_RESOURCES_TOOL,
    description: LIST_DESCRIPTION,
    inputSchema: listSchema,
    concurrencySafe: true,
    async execute(args, ctx) {
      const all = sources.servers();
      const chosen = args.server === undefined ? all : all.filter((c) => c.name === args.server);
      if (args.server !== undefined && chosen.length === 0) return notFound(args.server, all);
      const lists = await Promise.all(
        chosen.map(async (c) => {
          if (!c.hasResources) return [];
          try {
            return (await c.listResources(ctx.signal)).map((r) => ({ ...r, server: c.name }));
          } catch {
            // As claude: a server that cannot list its resources adds none.
            return [];
          }
        }),
      );
      const resources = lists.flat();
      if (resources.length === 0)
        return {
          content: "No resources found. MCP servers may still provide tools even if they have no resources.",
          isError: false,
          data: [],
        };
      return { content: capped(JSON.stringify(resources)), isError: false, data: resources };
    },
  };
}

/**
 * claude 2.1.328's ReadMcpResourceDirTool: offered and loadable, it lists nothing — an unknown
 * server is claude's error, any other call claude's "not enabled" answer, no error (recorded:
 * PostToolUse's `tool_response` `{"resources":[],"error":…}`). Kept so that a model, hooks and
 * rules that know claude's tool find it here too.
 */
function readResourceDirTool(sources: ResourceServers): Tool<z.infer<typeof readDirSchema>> {
  return {
    name: READ_RESOURCE_DIR_TOOL,
    description: READ_DIR_DESCRIPTION,
    inputSchema: readDirSchema,
    concurrencySafe: true,
    async execute(args) {
      const all = sources.servers();
      if (!all.some((c) => c.name === args.server)) return notFound(args.server, all);
      return { content: DIR_LISTING_OFF, isError: false, data: { resources: [], error: DIR_LISTING_OFF } };
    },
  };
}

function readResourceTool(sources: ResourceServers): Tool<z.infer<typeof readSchema>> {
  return {
    name: READ_RESOURCE_TOOL,
    description: READ_DESCRIPTION,
    inputSchema: readSchema,
    concurrencySafe: true,
    async execute(args, ctx) {
      const all = sources.servers();
      const server = all.find((c) => c.name === args.server);
      if (server === undefined) return notFound(args.server, all);
      if (server.state !== "connected") return failure(`Server "${server.name}" is not connected`);
      if (!server.hasResources) return failure(`Server "${server.name}" does not support resources`);
      let read: ReadResourceResult;
      try {
        read = await server.readResource(args.uri, ctx.signal);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        const answer = readError(error, server.name, args.uri);
        if (answer === undefined) return failure(serverMessage(error));
        return { content: answer, isError: false, data: { contents: [], error: answer } };
      }
      const blobs = read.contents.filter((item) => "blob" in item && typeof item.blob === "string").length;
      let saved = 0;
      const contents = read.contents.map((item, index) => {
        if ("text" in item && typeof item.text === "string")
          return { uri: item.uri, mimeType: item.mimeType, text: item.text };
        if (!("blob" in item) || typeof item.blob !== "string")
          return { uri: item.uri, mimeType: item.mimeType };
        if (saved === MAX_SAVED_BLOBS)
          return { uri: item.uri, mimeType: item.mimeType, text: blobsOverCapText(blobs) };
        saved++;
        const data = Buffer.from(item.blob, "base64");
        try {
          const file = saveBlob(sources.resultsDir(), data, item.mimeType, index);
          const text = savedBlobText(server.name, item.uri, item.mimeType, data.length, file);
          return { uri: item.uri, mimeType: item.mimeType, blobSavedTo: file, text };
        } catch (error) {
          const text = `Binary content could not be saved to disk: ${(error as Error).message}`;
          return { uri: item.uri, mimeType: item.mimeType, text };
        }
      });
      // Through JSON: a missing mimeType is left out, as in claude's result.
      const data = JSON.parse(JSON.stringify({ contents })) as Record<string, unknown>;
      return { content: capped(JSON.stringify(data)), isError: false, data };
    },
  };
}

/** A server that does not have the resource, or cannot read any, in claude's words; else undefined. */
function readError(error: unknown, server: string, uri: string): string | undefined {
  if (!(error instanceof McpError)) return undefined;
  if (error.code === ErrorCode.MethodNotFound)
    return `Server "${server}" advertises resource support but does not implement resource reads.`;
  if (error.code === RESOURCE_NOT_FOUND || error.code === ErrorCode.InvalidParams)
    return `Resource not found: ${uri} — it may have been deleted or the URI is stale. Re-run ${LIST_RESOURCES_TOOL} to refresh.`;
  return undefined;
}

/** The server's own words: the SDK's `MCP error <code>: ` prefix left out, as claude shows them. */
function serverMessage(error: unknown): string {
  return (error as Error).message.replace(/^MCP error -?\d+: /, "");
}

function notFound(name: string, all: readonly ServerConnection[]): ToolResult {
  return failure(`Server "${name}" not found. Available servers: ${all.map((c) => c.name).join(", ")}`);
}

function failure(message: string): ToolResult {
  return { content: message, isError: true };
}

function capped(text: string): string {
  const cap = new OutputCap(MCP_OUTPUT_LIMIT);
  cap.push(text);
  return cap.text();
}
