/**
 * The grant a project's MCP server needs: `mcp:<name>=<fingerprint>`, kept in the trust store
 * with the other grants. The fingerprint covers the whole entry as written (command, args, cwd,
 * env names and values, url, header names and values, before `${VAR}` expansion), so any change
 * to it is asked about again.
 */
import { createHash } from "node:crypto";
import type { ServerConfig } from "./server-config.js";

export function mcpGrant(name: string, config: ServerConfig): string {
  return `mcp:${name}=${fingerprint(config)}`;
}

function fingerprint(config: ServerConfig): string {
  return createHash("sha256").update(canonical(config)).digest("hex").slice(0, 16);
}

/** JSON with sorted keys: the same entry written in another key order is the same entry. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
