import path from "node:path";
import type { Problem, SettingsLayer } from "@codebot/hooks";
import { isClaudeCodeLayer } from "./claude-compat.js";
import { declaredMarketplaces } from "./declared-marketplaces.js";
import type { PluginDir } from "./load-plugins.js";
import { localMarketplaceFolder } from "./local-marketplace-plugin.js";
import { readSettingsText } from "./read-settings-text.js";
import type { UntrustedGrant } from "./runtime-settings.js";

/** One install record of `installed_plugins.json` (version 2), as `claude plugin install` writes it. */
interface InstallRecord {
  scope?: unknown;
  installPath?: unknown;
  /** Set for project- and local-scoped installs: the project they belong to. */
  projectPath?: unknown;
}

/**
 * The plugins Claude Code installed (`<claudeHome>/plugins/installed_plugins.json`, version 2:
 * `plugins["name@marketplace"][].installPath`) that `enabledPlugins` of the Claude Code settings
 * layers turns on (the last layer that names a plugin decides, so a project may switch one off).
 * A plugin switched on only by a project or local file arrives with the repository: its hooks
 * load as that layer's, and run once the project is trusted. A project or local file switching off
 * a plugin the user's own settings switch on (the user's guard, say) counts only once its grant
 * `disablePlugin:<id>` is trusted; until then the plugin stays on and the grant is listed as
 * untrusted, as `disableAllHooks` from a project is. The managed settings' `enabledPlugins` has the
 * last word: a plugin it switches on or off stays so whatever the other files say, and one it
 * switches on is forced by policy (its hooks run under `allowManagedHooksOnly`). A plugin of a
 * marketplace that is a folder here is read from that folder, as claude reads it
 * (`localMarketplaceFolder`). `CLAUDE_PLUGIN_DATA` is where
 * Claude Code puts it: `<claudeHome>/plugins/data/<id with every character but [A-Za-z0-9_-] as ->`.
 */
export function installedPluginDirs(
  claudeHome: string,
  projectDir: string,
  layers: readonly SettingsLayer[],
  isGrantTrusted: (grant: string) => boolean,
): { dirs: PluginDir[]; problems: Problem[]; untrusted: UntrustedGrant[] } {
  const file = path.join(claudeHome, "plugins", "installed_plugins.json");
  const untrusted: UntrustedGrant[] = [];
  const enabled = enabledPlugins(layers, isGrantTrusted, untrusted);
  if (enabled.size === 0) return { dirs: [], problems: [], untrusted };
  const problems: Problem[] = [];
  const problem = (message: string) =>
    problems.push({ severity: "warning", scope: "settings", file, message });
  const plugins = readInstalled(file, problem);
  const declared = declaredMarketplaces(layers);
  const dirs: PluginDir[] = [];
  for (const [id, from] of enabled) {
    const local = localMarketplaceFolder(claudeHome, id, projectDir, declared);
    if (local.kind === "gone") {
      problem(local.message);
      continue;
    }
    const records = plugins?.[id];
    const record = Array.isArray(records) ? records.find((r) => appliesHere(r, projectDir)) : undefined;
    const installPath = (record as InstallRecord | undefined)?.installPath;
    // A local marketplace's plugin runs from its folder: claude loads it installed or not.
    if (local.kind !== "folder" && (typeof installPath !== "string" || installPath === "")) {
      if (plugins !== undefined)
        problem(
          `plugin ${id} is enabled in ${from.path} but not installed here (run "claude plugin install ${id}")`,
        );
      continue;
    }
    // The folder comes from a project's declaration: the plugin is the project's, whoever enabled it.
    const declaredBy = local.kind === "folder" ? local.declaredBy?.source : undefined;
    const source = declaredBy === "project" || declaredBy === "local" ? declaredBy : from.source;
    dirs.push({
      dir: local.kind === "folder" ? local.dir : (installPath as string),
      base: claudeHome,
      installed: true,
      id,
      dataDir: path.join(claudeHome, "plugins", "data", id.replace(/[^a-zA-Z0-9\-_]/g, "-")),
      ...(source === "project" || source === "local" ? { source } : {}),
      ...(source === "managed" ? { forcedByPolicy: true } : {}),
    });
  }
  return { dirs, problems, untrusted };
}

/**
 * `enabledPlugins` of Claude Code's own files (its managed ones included): id → the layer whose
 * `true` counts (the last word, the managed settings' above all).
 */
function enabledPlugins(
  layers: readonly SettingsLayer[],
  isGrantTrusted: (grant: string) => boolean,
  untrusted: UntrustedGrant[],
): Map<string, SettingsLayer> {
  const enabled = new Map<string, SettingsLayer>();
  // Ids the managed settings decide: no other file changes them.
  const byPolicy = new Set<string>();
  for (const layer of layers) {
    if (!isClaudeCodeLayer(layer)) continue;
    const managed = layer.source === "managed";
    const map = (layer.settings as { enabledPlugins?: unknown }).enabledPlugins;
    if (typeof map !== "object" || map === null || Array.isArray(map)) continue;
    for (const [id, on] of Object.entries(map)) {
      if (managed) {
        if (on === true) enabled.set(id, layer);
        else if (on === false) enabled.delete(id);
        byPolicy.add(id);
        continue;
      }
      if (byPolicy.has(id)) continue;
      if (on === true) {
        // Already on in the user's own settings: a project saying so too grants nothing new.
        const before = enabled.get(id);
        if (before === undefined || before.source !== "user") enabled.set(id, layer);
      } else if (on === false) {
        const grant = `disablePlugin:${id}`;
        const switchesOffUsers = layer.source !== "user" && enabled.get(id)?.source === "user";
        if (!switchesOffUsers || isGrantTrusted(grant)) enabled.delete(id);
        else untrusted.push({ grant, source: layer.source, file: layer.path });
      }
    }
  }
  return enabled;
}

/**
 * `plugins` of `installed_plugins.json` (none when there is no such file: a local marketplace's
 * plugins load uninstalled), or undefined when it cannot be read (said once).
 */
function readInstalled(
  file: string,
  problem: (message: string) => void,
): Record<string, unknown> | undefined {
  let installed: unknown;
  const read = readSettingsText(file);
  if (read.kind === "absent") return {};
  try {
    if (read.kind === "error") throw new Error(`${file}: ${read.message}`);
    installed = JSON.parse(read.text);
  } catch (error) {
    problem(`cannot read the installed Claude Code plugins: ${(error as Error).message}`);
    return undefined;
  }
  const plugins = (installed as { plugins?: unknown } | null)?.plugins;
  if (typeof plugins === "object" && plugins !== null && !Array.isArray(plugins))
    return plugins as Record<string, unknown>;
  problem('expected {"version": 2, "plugins": {"name@marketplace": [...]}}; no installed plugin loaded');
  return undefined;
}

/** A user-scoped install applies everywhere; a project or local one only in its own project. */
function appliesHere(record: unknown, projectDir: string): boolean {
  const projectPath = (record as InstallRecord | null)?.projectPath;
  return typeof projectPath !== "string" || path.resolve(projectPath) === projectDir;
}
