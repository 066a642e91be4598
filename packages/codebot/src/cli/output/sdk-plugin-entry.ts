import type { PluginFolder } from "../../settings/plugin-folder.js";

/**
 * A loaded plugin as claude 2.1.328 names it in the stream-json init line's `plugins` and the Agent
 * SDK's `reload_plugins` answer (recorded): its name, folder, `source` — an installed one's
 * `name@marketplace`, a folder given by path `name@inline` — and its manifest's version if any.
 */
export function sdkPluginEntry(plugin: PluginFolder): Record<string, unknown> {
  return {
    name: plugin.name,
    path: plugin.root,
    source: plugin.id ?? `${plugin.name}@inline`,
    ...(plugin.version !== undefined ? { version: plugin.version } : {}),
  };
}
