import type { Problem, SettingsLayer } from "@codebot/hooks";
import type { PluginFolder } from "./plugin-folder.js";

/** A plugin as the session last loaded it: its folder and its hook layers (none for a plugin of skills only). */
export interface KeptPlugin {
  folder: PluginFolder;
  layers: SettingsLayer[];
}

/**
 * The plugins a running session has loaded, by folder: one whose `hooks.json` or manifest breaks
 * mid-session (read again at `/reload-plugins` or when a settings file changes) keeps these, so a
 * guard plugin is not silently gone for a typo; claude 2.1.328 drops its hooks (recorded).
 */
export type KeptPlugins = ReadonlyMap<string, KeptPlugin>;

/** How the problem of a plugin kept as it was ends (isPluginProblem counts it). */
export const KEPT_PLUGIN = "the session keeps the plugin's hooks as they were loaded (fix the file)";

/** The plugins of a settings reading, by folder, to keep for the next one. */
export function keptPluginsOf(
  folders: readonly PluginFolder[],
  layers: readonly SettingsLayer[],
): Map<string, KeptPlugin> {
  const kept = new Map<string, KeptPlugin>();
  for (const folder of folders) kept.set(folder.root, { folder, layers: [] });
  for (const layer of layers) if (layer.plugin !== undefined) kept.get(layer.plugin.root)?.layers.push(layer);
  return kept;
}

/** A broken plugin's problem, reworded for a plugin kept as it was: still an error, never a skip. */
export function keptProblem(problem: Problem): Problem {
  const why = problem.message.replace(/ \(plugin skipped\)$/, "");
  return { ...problem, severity: "error", message: `${why}; ${KEPT_PLUGIN}` };
}

/** The plugins as last loaded, in their order, as a reading of the plugin folders would give them. */
export function pluginsAsKept(kept: KeptPlugins): {
  layers: SettingsLayer[];
  problems: Problem[];
  folders: PluginFolder[];
} {
  const plugins = [...kept.values()];
  return { layers: plugins.flatMap((p) => p.layers), problems: [], folders: plugins.map((p) => p.folder) };
}
