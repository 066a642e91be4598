/**
 * One MCP server entry as Claude Code's `.mcp.json` and codebot's `mcpServers` setting write it:
 * a local process (`command`, `args`, `env`, `cwd`) or a remote server (`url`, `headers`; `type`
 * `http` for streamable HTTP, `sse` for the older SSE transport).
 */
import { z } from "zod";

const strings = z.record(z.string(), z.string({ error: "expected a string" }), {
  error: "expected an object of strings",
});

export const stdioServerSchema = z.object({
  type: z.literal("stdio").optional(),
  command: z.string({ error: "expected a command string" }).min(1, { error: "command is empty" }),
  args: z.array(z.string(), { error: "expected a list of strings" }).optional(),
  env: strings.optional(),
  cwd: z.string().optional(),
});

export const remoteServerSchema = z.object({
  type: z.enum(["http", "sse"], { error: 'expected type "stdio", "http" or "sse"' }),
  url: z.string({ error: "expected a url string" }),
  headers: strings.optional(),
});

/** An entry as written (before `${VAR}` expansion). A url without `type` is streamable HTTP. */
export const serverEntrySchema = z.union([
  stdioServerSchema,
  remoteServerSchema,
  z
    .object({ url: z.string(), headers: strings.optional() })
    .transform((v) => ({ ...v, type: "http" as const })),
]);

export type StdioServerConfig = z.output<typeof stdioServerSchema>;
export type RemoteServerConfig = z.output<typeof remoteServerSchema>;
/**
 * A server of the Agent SDK program (`createSdkMcpServer()`, named in `initialize`'s
 * `sdkMcpServers`): it runs in the program, reached over the control protocol. Never read from a file.
 */
export interface SdkServerConfig {
  type: "sdk";
}
export type ServerConfig = StdioServerConfig | RemoteServerConfig | SdkServerConfig;

export function isRemote(config: ServerConfig): config is RemoteServerConfig {
  return "url" in config;
}

export function isSdk(config: ServerConfig): config is SdkServerConfig {
  return config.type === "sdk";
}

/** A server name becomes part of tool names (`mcp__<server>__<tool>`): letters, digits, `_` and `-`. */
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** `mcpServers` as a settings key: validated per entry by the MCP loader, so one bad entry loses no other. */
export const mcpServersSettingSchema = z
  .record(z.string(), z.unknown(), { error: "expected an object of servers" })
  .describe(
    "MCP servers by name: {command, args, env, cwd} or {type: http|sse, url, headers}; from project settings only once approved",
  );

/** `deniedMcpServers` / `allowedMcpServers` as settings keys: a list, its entries checked one by one (server-policy.ts). */
export const mcpServerListSchema = z.array(z.unknown(), {
  error: 'expected a list of {"serverName"|"serverCommand"|"serverUrl": …}',
});

export const mcpStartupTimeoutSchema = z
  .number({ error: "expected a number of milliseconds" })
  .int()
  .min(0)
  .max(600_000)
  .describe("how long the first prompt waits for MCP servers to start, in milliseconds (default 10000)");
