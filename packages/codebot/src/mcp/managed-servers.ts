/**
 * The MCP servers the organisation provides, as claude 2.1.328 reads them:
 * - `managed-mcp.json` beside the managed settings (`/etc/claude-code/`, and codebot's
 *   `/etc/codebot/`), `{"mcpServers": {…}}`. While one is there it alone decides which servers
 *   run: no server of yours, a project's, a plugin's or `--mcp-config`'s starts (recorded). One
 *   that cannot be read keeps every server out until it is fixed (claude: "only your
 *   organization's managed MCP servers can load until it is fixed"; recorded: none started).
 * - `managedMcpServers` of the managed settings: remote servers only (`http`/`sse` with an
 *   `https://` URL, no `${VAR}`), as claude accepts them; from any other file it is ignored.
 * Both need no `allowedMcpServers` entry; `deniedMcpServers` still applies (server-policy.ts).
 */
import type { Problem, SettingsLayer } from "@codebot/hooks";
import { readLayer } from "../settings/read-layer.js";
import { referencedVars } from "./expand-vars.js";
import { remoteServerSchema } from "./server-config.js";
import { ONLY_MANAGED } from "./server-policy.js";

export interface ManagedServers {
  /** Each managed-mcp.json read, with its `mcpServers` as written. */
  files: { file: string; servers: unknown }[];
  /** The first managed-mcp.json found, read or not: while there, it decides which servers run. */
  exclusive: string | undefined;
  /** `managedMcpServers` of each managed layer, the entries that may be delivered this way. */
  delivered: { file: string; servers: Record<string, unknown> }[];
}

export function managedServers(
  managedMcpFiles: readonly string[],
  layers: readonly SettingsLayer[],
  problems: Problem[],
): ManagedServers {
  const out: ManagedServers = { files: [], exclusive: undefined, delivered: [] };
  for (const file of managedMcpFiles) {
    const read = readLayer("managed", file, false);
    if (read.kind === "absent") continue;
    out.exclusive ??= file;
    if (read.kind === "problem") {
      problems.push({
        ...read.problem,
        message: read.problem.message.replace(
          "(layer skipped)",
          "(the organisation's managed-mcp.json: no MCP server starts until it is fixed)",
        ),
      });
      out.files.push({ file, servers: {} });
      continue;
    }
    const servers = (read.layer.settings as { mcpServers?: unknown }).mcpServers;
    out.files.push({ file, servers: servers ?? {} });
  }
  for (const layer of layers) {
    const given = (layer.settings as { managedMcpServers?: unknown } | null)?.managedMcpServers;
    if (given === undefined) continue;
    if (layer.source !== "managed" || layer.plugin !== undefined) {
      problems.push(warn(layer.path, "managedMcpServers", ONLY_MANAGED("managedMcpServers")));
      continue;
    }
    // Not an object: the settings schema says so, and the key is ignored.
    if (given === null || typeof given !== "object" || Array.isArray(given)) continue;
    const servers: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries(given)) {
      const field = `managedMcpServers.${name}`;
      const why = undeliverable(raw);
      if (why === undefined) servers[name] = raw;
      else problems.push(warn(layer.path, field, `${field}: ${why}; this server is ignored`));
    }
    out.delivered.push({ file: layer.path, servers });
  }
  return out;
}

/** Why an entry cannot be delivered through the settings, or undefined when it can. */
function undeliverable(raw: unknown): string | undefined {
  if (raw !== null && typeof raw === "object" && "command" in raw)
    return "only http or sse servers (a url) are delivered this way, not a command to run";
  const typed = { type: "http", ...(raw as object) };
  const parsed = remoteServerSchema.safeParse(typed);
  if (!parsed.success) return 'expected {"type": "http" or "sse", "url": "https://…", "headers"?: {…}}';
  const { url, headers } = parsed.data;
  if (!url.startsWith("https://")) return "the url must be https://";
  if ([url, ...Object.values(headers ?? {})].some((text) => referencedVars(text).length > 0))
    return `no \${VAR} in its url or headers`;
  return undefined;
}

function warn(file: string, field: string, message: string): Problem {
  return { severity: "warning", scope: "settings", file, field, message };
}
