/**
 * A server entry as listings show it. An entry that needs consent (a project's or local one) shows
 * its env and header values as written: they are what the approval covers. The user's own entries
 * are not approved, and their values are often secrets (`GITHUB_TOKEN`, `Authorization`), so
 * `codebot mcp list` (text and `--json`) shows their names with the values masked.
 */
import { isRemote, isSdk, type ServerConfig } from "../../mcp/server-config.js";
import type { ServerEntry } from "../../mcp/server-entry.js";

/** What stands for a value not shown. */
export const MASKED = "…";

export function shownConfig(entry: ServerEntry): ServerConfig {
  const config = entry.config;
  if (entry.needsConsent || isSdk(config)) return config;
  if (isRemote(config))
    return config.headers === undefined ? config : { ...config, headers: masked(config.headers) };
  return config.env === undefined ? config : { ...config, env: masked(config.env) };
}

function masked(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((name) => [name, MASKED]));
}
