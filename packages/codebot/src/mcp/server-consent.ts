/**
 * The grant a project's MCP server needs: `mcp:<name>=<fingerprint>`, kept in the trust store
 * with the other grants. The fingerprint covers the whole entry as written (command, args, cwd,
 * env names and values, url, header names and values, before `${VAR}` expansion) and the content
 * of the project scripts its command line runs, so any change to either is asked about again.
 */
import { createHash } from "node:crypto";
import { scriptsText } from "@codebot/hooks";
import type { ServerConfig } from "./server-config.js";

/** `scripts`: absolute paths of the project files the server runs (serverScripts). */
export function mcpGrant(
  name: string,
  config: ServerConfig,
  scripts: readonly string[],
  projectDir: string,
): string {
  // No scripts add nothing: such an entry keeps the grant it had before scripts counted.
  const hash = createHash("sha256").update(canonical(config)).update(scriptsText(scripts, projectDir));
  return `mcp:${name}=${hash.digest("hex").slice(0, 16)}`;
}

/** JSON with sorted keys: the same entry written in another key order is the same entry. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
