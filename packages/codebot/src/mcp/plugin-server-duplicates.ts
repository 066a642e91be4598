/**
 * claude 2.1.328 leaves out a plugin's MCP server whose command line (command and arguments, the
 * plugin's `${CLAUDE_PLUGIN_ROOT}` / `${CLAUDE_PLUGIN_DATA}` filled in) or URL is that of a server
 * you configured yourself (recorded: with a user server `tools` running the plugin's own script,
 * only `tools` connected; its debug log says `Suppressing plugin MCP server …: duplicates
 * manually-configured …`). Only your own servers count here: a repository's server, approved or
 * not, does not take a plugin's server away (claude's `.mcp.json` server does, recorded; a
 * repository must not choose which of your plugins' servers run). A plugin's server identical to
 * an earlier plugin's (same command line and environment, plugin variables aside, or same URL) is
 * left out too (`… duplicates earlier plugin server …` in claude's binary), so two plugins shipping
 * the same server start it once. URLs are compared as claude compares them (serverUrlKey): host
 * case, a default port, a trailing `/` and a `#fragment` aside.
 */
import { expandVars } from "./expand-vars.js";
import { isRemote, isSdk } from "./server-config.js";
import type { ServerEntry } from "./server-entry.js";
import { serverUrlKey } from "./server-url-key.js";

/** A plugin's server name (pluginServerName): settings' server names hold no `:`. */
export function isPluginServer(name: string): boolean {
  return name.startsWith("plugin:");
}

export function withoutDuplicatePluginServers(entries: readonly ServerEntry[]): ServerEntry[] {
  const yours = new Set(
    entries.filter((e) => !isPluginServer(e.name) && !e.needsConsent).map((e) => signature(e)),
  );
  const earlierPlugins = new Set<string>();
  return entries.filter((e) => {
    if (!isPluginServer(e.name)) return true;
    if (yours.has(signature(e))) return false;
    const withEnv = signature(e, true);
    if (withEnv === undefined) return true;
    if (earlierPlugins.has(withEnv)) return false;
    earlierPlugins.add(withEnv);
    return true;
  });
}

/**
 * What the server runs or reaches, as claude compares it: against your own servers its environment
 * is left out; between plugins' servers it counts, its plugin variables aside.
 */
function signature(entry: ServerEntry, withEnv = false): string | undefined {
  const { config, vars } = entry;
  if (isSdk(config)) return undefined;
  const filled = (text: string) => {
    try {
      return expandVars(text, vars);
    } catch {
      return text; // a variable of the environment: compared as written
    }
  };
  if (isRemote(config)) return `url:${serverUrlKey(filled(config.url))}`;
  const line = `stdio:${JSON.stringify([config.command, ...(config.args ?? [])].map(filled))}`;
  if (!withEnv) return line;
  const env = Object.entries(config.env ?? {})
    .filter(([key]) => !(key in vars))
    .map(([key, value]): [string, string] => [key, filled(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return env.length > 0 ? `${line}:${JSON.stringify(Object.fromEntries(env))}` : line;
}
