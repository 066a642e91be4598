import path from "node:path";
import type { SettingsLayer, SettingsSource } from "@codebot/hooks";
import { loadPluginLayers, pluginDirsFromSettings } from "./load-plugins.js";
import { type LayerRead, readLayer } from "./read-layer.js";
import type { SettingsProblem } from "./settings-problem.js";

export interface SettingsLocation {
  /** The project directory. */
  cwd: string;
  /** `$CODEBOT_HOME`, already resolved. */
  codebotHome: string;
  /** Every `--settings <file>`, in command-line order (relative paths: to the process directory). */
  settingsFiles?: readonly string[];
  /** Every `--plugin-dir <dir>`: Claude Code plugin folders (relative paths: to the process directory). */
  pluginDirs?: readonly string[];
}

/**
 * Reads the layers of §3.2 in order: user, then the Claude Code plugins (`claudePlugins` in user
 * settings, then every `--plugin-dir`: the user's own, so right after the user layer), project,
 * local, then every `--settings` file. With `"claudeCompat": true` in user settings, the
 * project's `.claude/settings.json` and `.claude/settings.local.json` are read as project and
 * local layers too (§11). A layer that cannot be parsed is skipped with a problem; a missing
 * optional file is simply absent.
 */
export function loadSettingsLayers(where: SettingsLocation): {
  layers: SettingsLayer[];
  problems: SettingsProblem[];
} {
  const layers: SettingsLayer[] = [];
  const problems: SettingsProblem[] = [];
  const take = (read: LayerRead): void => {
    if (read.kind === "layer") layers.push(read.layer);
    else if (read.kind === "problem") problems.push(read.problem);
  };
  const project = path.resolve(where.cwd);
  const user = readLayer("user", path.join(where.codebotHome, "settings.json"), false);
  take(user);
  const claudeCompat =
    user.kind === "layer" && (user.layer.settings as { claudeCompat?: unknown }).claudeCompat === true;

  const fromSettings =
    user.kind === "layer" ? pluginDirsFromSettings(user.layer.settings, user.layer.path) : { dirs: [] };
  if (fromSettings.problem) problems.push(fromSettings.problem);
  const plugins = loadPluginLayers(
    [...fromSettings.dirs, ...(where.pluginDirs ?? []).map((dir) => ({ dir, base: process.cwd() }))],
    where.codebotHome,
  );
  layers.push(...plugins.layers);
  problems.push(...plugins.problems);

  const projectFiles: [SettingsSource, string][] = [
    ["project", path.join(project, ".codebot", "settings.json")],
  ];
  if (claudeCompat) projectFiles.push(["project", path.join(project, ".claude", "settings.json")]);
  projectFiles.push(["local", path.join(project, ".codebot", "settings.local.json")]);
  if (claudeCompat) projectFiles.push(["local", path.join(project, ".claude", "settings.local.json")]);
  for (const [source, file] of projectFiles) take(readLayer(source, file, false));

  for (const file of where.settingsFiles ?? []) take(readLayer("cli", path.resolve(file), true));
  return { layers, problems };
}
