/**
 * The servers the organisation's and your MCP server lists keep out (server-policy.ts,
 * managed-servers.ts), each with a warning naming it: claude 2.1.328 leaves them out of
 * `claude mcp list` and the init line's `mcp_servers` in silence (it warns only for an
 * `--mcp-config` one: "MCP server blocked by enterprise policy: z"); codebot says why for each, so
 * a server that does not start is never a mystery.
 */
import type { Problem } from "@codebot/hooks";
import type { ServerEntry } from "./server-entry.js";
import type { ServerPolicy } from "./server-policy.js";
import { ownServerName, policyVerdict } from "./server-policy-verdict.js";

export function withoutRefusedServers(
  entries: readonly ServerEntry[],
  policy: ServerPolicy,
  /** The managed-mcp.json that decides alone which servers run (ManagedServers.exclusive). */
  exclusive: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  problems: Problem[],
): ServerEntry[] {
  return entries.filter((entry) => {
    const why = refusal(entry, policy, exclusive, env);
    if (why === undefined) return true;
    problems.push({
      severity: "warning",
      scope: "settings",
      file: entry.file,
      field: `mcpServers.${ownServerName(entry)}`,
      message: `MCP server "${entry.name}" ${why}: it does not start`,
    });
    return false;
  });
}

function refusal(
  entry: ServerEntry,
  policy: ServerPolicy,
  exclusive: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const organisation = entry.origin === "managed-mcp" || entry.origin === "managed";
  if (exclusive !== undefined && !organisation)
    return `is not in the organisation's managed-mcp.json (${exclusive}), which decides which MCP servers run`;
  const verdict = policyVerdict(entry, policy, env);
  if (verdict === "denied") return "is in deniedMcpServers";
  if (verdict === "not allowed") return "is not in allowedMcpServers";
  return undefined;
}
