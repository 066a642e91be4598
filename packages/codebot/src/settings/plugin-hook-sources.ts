import path from "node:path";
import { readSettingsText } from "./read-settings-text.js";

/** Where a plugin's hooks come from. */
export interface PluginHookSources {
  /** `hooks/hooks.json`, then each file the manifest's `"hooks"` names (once each, inside the plugin). */
  files: string[];
  /** The manifest's `"hooks"` when it is the hooks themselves (an object). */
  inline?: unknown;
  /** What of the manifest's `"hooks"` was not used, for a warning. */
  ignored: string[];
}

/**
 * A plugin's hooks, as claude 2.1.328 loads them (recorded with plugins installed from a local
 * marketplace): `hooks/hooks.json` always, and besides it what `.claude-plugin/plugin.json`'s
 * `"hooks"` adds — a path (`"./extra.json"`), a list of paths, or the hooks inline (an object).
 * A manifest naming `./hooks/hooks.json` itself loads it once. Paths are relative to the plugin
 * folder (`${CLAUDE_PLUGIN_ROOT}/` may start them) and must stay inside it.
 */
export function pluginHookSources(root: string): PluginHookSources {
  const standard = path.join(root, "hooks", "hooks.json");
  const sources: PluginHookSources = { files: [standard], ignored: [] };
  let declared: unknown;
  // readPluginManifest says what is wrong with a manifest that cannot be read; here it names no hooks.
  const manifest = readSettingsText(path.join(root, ".claude-plugin", "plugin.json"));
  if (manifest.kind !== "text") return sources;
  try {
    declared = (JSON.parse(manifest.text) as { hooks?: unknown } | null)?.hooks;
  } catch {
    return sources;
  }
  if (declared === undefined) return sources;
  if (typeof declared === "object" && declared !== null && !Array.isArray(declared)) {
    sources.inline = declared;
    return sources;
  }
  const named = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : [declared];
  for (const entry of named) {
    if (typeof entry !== "string") {
      sources.ignored.push(`"hooks" entry ${JSON.stringify(entry)} is not a path`);
      continue;
    }
    const file = path.resolve(root, entry.replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\/?/, ""));
    if (!file.startsWith(root + path.sep))
      sources.ignored.push(`"hooks" path ${entry} is outside the plugin`);
    else if (!sources.files.includes(file)) sources.files.push(file);
  }
  return sources;
}
