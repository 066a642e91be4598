/**
 * claude 2.1.328 leaves out a plugin's MCP server whose command line (command and arguments, the
 * plugin's `${CLAUDE_PLUGIN_ROOT}` / `${CLAUDE_PLUGIN_DATA}` filled in) or URL is that of a server
 * you configured yourself (recorded: with a user server `tools` running the plugin's own script,
 * only `tools` connected; its debug log says `Suppressing plugin MCP server …: duplicates
 * manually-configured …`). Only your own servers count here: a repository's server, approved or
 * not, does not take a plugin's server away.
 */
import { expandVars } from "./expand-vars.js";
import { isRemote, isSdk } from "./server-config.js";
import type { ServerEntry } from "./server-entries.js";

/** A plugin's server name (pluginServerName): settings' server names hold no `:`. */
export function isPluginServer(name: string): boolean {
  return name.startsWith("plugin:");
}

export function withoutDuplicatePluginServers(entries: readonly ServerEntry[]): ServerEntry[] {
  const yours = new Set(
    entries.filter((e) => !isPluginServer(e.name) && !e.needsConsent).map((e) => signature(e)),
  );
  return entries.filter((e) => !isPluginServer(e.name) || !yours.has(signature(e)));
}

/** What the server runs or reaches, as claude compares it (its environment left out). */
function signature(entry: ServerEntry): string | undefined {
  const { config, vars } = entry;
  if (isSdk(config)) return undefined;
  const filled = (text: string) => {
    try {
      return expandVars(text, vars);
    } catch {
      return text; // a variable of the environment: compared as written
    }
  };
  if (isRemote(config)) return `url:${filled(config.url)}`;
  return `stdio:${JSON.stringify([config.command, ...(config.args ?? [])].map(filled))}`;
}
