import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Problem } from "@codebot/hooks";
import { isHookEvent, type SettingsLayer, UNSUPPORTED_CLAUDE_EVENTS } from "@codebot/hooks";
import { expandHome } from "../paths/home-path.js";
import { KEPT_PLUGIN, type KeptPlugins, keptProblem } from "./kept-plugins.js";
import type { PluginFolder } from "./plugin-folder.js";
import { pluginHookSources } from "./plugin-hook-sources.js";
import { pluginFolderInProject } from "./plugin-in-project.js";
import { isPluginName, readPluginManifest } from "./plugin-manifest.js";
import { readLayer } from "./read-layer.js";
import { claudePluginsSchema } from "./settings-schema.js";

/** A plugin folder to load, and where it was named (for relative paths and problem reports). */
export interface PluginDir {
  dir: string;
  /** Relative folders are resolved against this directory. */
  base: string;
  /** `CLAUDE_PLUGIN_DATA`; default `$CODEBOT_HOME/plugins/data/<name>`. */
  dataDir?: string;
  /**
   * Set when only a project or local file switched the plugin on: its hooks then count as that
   * layer's (they run once the project is trusted). Default: the user's own.
   */
  source?: "project" | "local";
  /** Installed by Claude Code: a plugin without hooks (skills only) is normal there, not a warning. */
  installed?: boolean;
  /** Claude Code's id of it, `name@marketplace` (one `enabledPlugins` switches on). */
  id?: string;
  /** The managed settings' `enabledPlugins` switches it on. */
  forcedByPolicy?: boolean;
  /**
   * Named for this run (`--plugin-dir`, the Agent SDK's plugins): the person running codebot chose
   * the folder as it is now, so it stays theirs even inside the project.
   */
  namedForRun?: boolean;
}

/** Keys of a `hooks.json` besides the events, in the layout that puts events at the top level. */
const PLUGIN_META_KEYS = new Set(["description", "$schema"]);

/** How a problem with a plugin's `.claude-plugin/plugin.json` starts (pluginName). */
const MANIFEST_PROBLEM = "plugin manifest ";

/**
 * A plugin's own problem that the Agent SDK's `reload_plugins` tells again on stderr and counts in
 * its `error_count`: a plugin skipped (its folder gone, a hooks file or its manifest unusable:
 * claude 2.1.328 loads no such plugin and counts it as an error, recorded with the SDK), or one
 * kept as it was.
 */
export function isPluginProblem(problem: Pick<Problem, "message">): boolean {
  return (
    problem.message.endsWith("(plugin skipped)") ||
    problem.message.startsWith(MANIFEST_PROBLEM) ||
    problem.message.endsWith(KEPT_PLUGIN)
  );
}

/**
 * Loads Claude Code plugin folders (§11): each folder's `hooks/hooks.json` and what its
 * manifest's `"hooks"` adds (plugin-hook-sources.ts), one layer each, in the layout the published plugins use (`{"description", "hooks":
 * {<event>: [groups]}}`; a file has the `hooks` key, the manifest's inline hooks may leave it out), as a `plugin` settings layer (or the
 * project's, for a plugin only a project switched on). The plugin's name comes from
 * `.claude-plugin/plugin.json`, else the folder's name; its data folder is the one given (Claude
 * Code's, for installed plugins), else `$CODEBOT_HOME/plugins/data/<name>`, created here.
 * A missing or malformed folder is a problem, never a crash; the other plugins still load.
 */
export function loadPluginLayers(
  dirs: readonly PluginDir[],
  codebotHome: string,
  /** The project: a plugin of yours whose folder is in it loads as the project's (ownSource). */
  projectDir?: string,
  /** A running session's plugins as last loaded: one that broke since is kept as it was (kept-plugins.ts). */
  kept?: KeptPlugins,
): { layers: SettingsLayer[]; problems: Problem[]; folders: PluginFolder[] } {
  const layers: SettingsLayer[] = [];
  const problems: Problem[] = [];
  const folders: PluginFolder[] = [];
  for (const entry of dirs) {
    const loaded = loadPlugin(entry, codebotHome, projectDir);
    const before = loaded.broken ? kept?.get(loaded.root) : undefined;
    if (before !== undefined) {
      folders.push(before.folder);
      layers.push(...before.layers);
      // Only what broke it: the rest of this reading (no hooks file, say) follows from that.
      problems.push(...loaded.problems.filter(isBreak).map(keptProblem));
      continue;
    }
    if (loaded.folder !== undefined) folders.push(loaded.folder);
    layers.push(...loaded.layers);
    problems.push(...loaded.problems);
  }
  return { layers, problems, folders };
}

/** A problem that makes a plugin broken: its hooks not read (skipped), or its manifest not read. */
function isBreak(problem: Problem): boolean {
  return (
    (problem.severity === "error" && problem.message.endsWith("(plugin skipped)")) ||
    problem.message.startsWith(MANIFEST_PROBLEM)
  );
}

/**
 * One plugin folder: its folder (undefined when there is none), its hook layers and problems;
 * `broken` when a hooks file or its manifest did not read (isBreak), which a session keeps the
 * plugin as it was for.
 */
function loadPlugin(
  entry: PluginDir,
  codebotHome: string,
  projectDir: string | undefined,
): { root: string; folder?: PluginFolder; layers: SettingsLayer[]; problems: Problem[]; broken: boolean } {
  const { dir, base, dataDir: givenDataDir, installed, forcedByPolicy, id } = entry;
  const root = resolveDir(dir, base);
  const source = entry.source ?? ownSource(entry, root, projectDir);
  const layers: SettingsLayer[] = [];
  const problems: Problem[] = [];
  const problem = (severity: Problem["severity"], file: string, message: string) =>
    problems.push({ severity, scope: "settings", file, message });
  const result = (folder?: PluginFolder) => ({
    root,
    ...(folder !== undefined ? { folder } : {}),
    layers,
    problems,
    broken: problems.some(isBreak),
  });
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    problem("error", root, "plugin folder not found (plugin skipped)");
    return { root, layers, problems, broken: false };
  }
  const manifest = path.join(root, ".claude-plugin", "plugin.json");
  const read = readPluginManifest(manifest);
  if ("fault" in read) {
    // claude 2.1.328 loads nothing of such a plugin (recorded): no hooks, skills or MCP servers.
    problem("error", manifest, `${MANIFEST_PROBLEM}${read.fault} (plugin skipped)`);
    return result();
  }
  // Shown, and namespacing its skills and agents, as written (`ünicode`, as claude shows it);
  // slugged only where it is a path segment.
  const name = read.name?.trim() ?? folderName(path.basename(root));
  const { version } = read;
  const dataDir = givenDataDir ?? path.join(codebotHome, "plugins", "data", safeName(name));
  const folder: PluginFolder = {
    name,
    root,
    dataDir,
    source: source ?? "plugin",
    ...(version !== undefined ? { version } : {}),
    ...(installed ? { installed } : {}),
    ...(id !== undefined ? { id } : {}),
  };
  const sources = pluginHookSources(root);
  for (const why of sources.ignored) problem("warning", manifest, `plugin ${name}: ${why}; ignored`);
  const settings: { file: string; hooks: Record<string, unknown> }[] = [];
  for (const file of sources.files) {
    const read = readLayer("plugin", file, false);
    if (read.kind === "absent") {
      // hooks/hooks.json is optional; a file the manifest names is meant to be there.
      if (file !== sources.files[0])
        problem(
          "warning",
          file,
          `plugin ${name}: its manifest names ${path.relative(root, file)}, which is not there`,
        );
      continue;
    }
    if (read.kind === "problem") {
      const why = read.problem.message.replace(/ \(layer skipped\)$/, "");
      problems.push({ ...read.problem, message: `plugin ${name}: ${why} (plugin skipped)` });
      return result(folder);
    }
    const fileSettings = read.layer.settings as Record<string, unknown>;
    if (!("hooks" in fileSettings)) {
      // claude 2.1.328 loads no such plugin (recorded: "Hook load failed: … hooks.json must have
      // 'hooks' (the hook matchers) …", its hooks never fire), so a file with the events at the top
      // level, an older layout some published plugins still have, runs nothing here either. A
      // warning, not an error that stops a run: the file is readable, only claude declines it, and
      // with it installed claude runs (without those hooks), as codebot must.
      problem(
        "warning",
        file,
        `plugin ${name}: no "hooks" key: write {"hooks": {<event>: [...]}}, as Claude Code loads no plugin without it (plugin skipped)`,
      );
      return result(folder);
    }
    const hooks = hooksOf(fileSettings);
    if (hooks === undefined) {
      problem("error", file, `plugin ${name}: expected {"hooks": {<event>: [...]}} (plugin skipped)`);
      return result(folder);
    }
    settings.push({ file, hooks });
  }
  if (sources.inline !== undefined) {
    const hooks = isObject(sources.inline) ? hooksOf(sources.inline) : undefined;
    if (hooks === undefined) {
      problem("error", manifest, `plugin ${name}: expected "hooks": {<event>: [...]} (plugin skipped)`);
      return result(folder);
    }
    settings.push({ file: manifest, hooks });
  }
  if (settings.length === 0) {
    // A plugin of skills, commands, agents or MCP servers only is normal.
    const hasOther = ["skills", "commands", "agents", ".mcp.json"].some((sub) =>
      fs.existsSync(path.join(root, sub)),
    );
    if (!installed && !hasOther)
      problem("warning", root, `plugin ${name} has no hooks/hooks.json; no hooks loaded from it`);
    return result(folder);
  }
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    problem("warning", dataDir, `plugin ${name}: cannot create its data folder: ${(error as Error).message}`);
  }
  for (const { file, hooks } of settings)
    layers.push({
      source: source ?? "plugin",
      path: file,
      settings: { hooks },
      plugin: { name, root, dataDir, ...(forcedByPolicy ? { forcedByPolicy } : {}) },
    });
  return result(folder);
}

/**
 * Where a plugin of yours (installed, or `claudePlugins`) counts from: the project's when its folder
 * is in the project (pluginFolderInProject) — held until approved there, as a plugin only the
 * project switches on is — unless it was named for this run or the managed settings force it on.
 */
function ownSource(entry: PluginDir, root: string, projectDir: string | undefined): "project" | undefined {
  if (projectDir === undefined || entry.namedForRun === true || entry.forcedByPolicy === true)
    return undefined;
  return pluginFolderInProject(root, projectDir) ? "project" : undefined;
}

/** The `claudePlugins` of the user settings, as folders relative to the settings file. */
export function pluginDirsFromSettings(
  settings: unknown,
  settingsFile: string,
): { dirs: PluginDir[]; problem?: Problem } {
  const value = (settings as { claudePlugins?: unknown } | undefined)?.claudePlugins;
  if (value === undefined) return { dirs: [] };
  const checked = claudePluginsSchema.safeParse(value);
  if (!checked.success) {
    return {
      dirs: [],
      problem: {
        severity: "error",
        scope: "settings",
        file: settingsFile,
        field: "claudePlugins",
        message: "claudePlugins: expected a list of plugin folders; ignored",
      },
    };
  }
  return { dirs: checked.data.map((dir) => ({ dir, base: path.dirname(settingsFile) })) };
}

function resolveDir(dir: string, base: string): string {
  return path.resolve(base, expandHome(dir, os.homedir()));
}

/** A plugin without a manifest is named after its folder; one whose name claude would refuse, slugged. */
function folderName(base: string): string {
  return isPluginName(base) ? base : safeName(base);
}

/** A name that is safe as one path segment (it names the data folder). */
function safeName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, "-").replace(/^\.+/, "");
  return safe === "" ? "plugin" : safe;
}

/** The `hooks` object of either layout, or undefined when the file has neither. */
function hooksOf(settings: Record<string, unknown>): Record<string, unknown> | undefined {
  const hooks = settings.hooks;
  if (hooks !== undefined) return isObject(hooks) ? hooks : undefined;
  const keys = Object.keys(settings).filter((k) => !PLUGIN_META_KEYS.has(k));
  if (keys.length > 0 && keys.every((k) => isHookEvent(k) || UNSUPPORTED_CLAUDE_EVENTS.has(k))) {
    return Object.fromEntries(keys.map((k) => [k, settings[k]]));
  }
  return keys.length === 0 ? {} : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
