import path from "node:path";
import type { Problem, SettingsLayer } from "@codebot/hooks";
import { resolveClaudeHome, resolveClaudeJson } from "../paths/claude-home.js";
import { inlineSettingsLabel, isInlineSettings } from "./inline-settings.js";
import { installedPluginDirs } from "./installed-plugins.js";
import { type KeptPlugins, pluginsAsKept } from "./kept-plugins.js";
import { loadPluginLayers, pluginDirsFromSettings } from "./load-plugins.js";
import { managedSettingsFiles, resolveManagedRoot } from "./managed-files.js";
import type { PluginFolder } from "./plugin-folder.js";
import { type LayerRead, layerFromText, readLayer } from "./read-layer.js";
import type { UntrustedGrant } from "./runtime-settings.js";
import { customizationsOf, type SessionModes } from "./session-modes.js";

export interface SettingsLocation {
  /** The project directory. */
  cwd: string;
  /** `$CODEBOT_HOME`, already resolved. */
  codebotHome: string;
  /** Claude Code's folder (`~/.claude`); default `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
  claudeHome?: string;
  /**
   * Every `--settings` value, in command-line order: a file (relative paths: to the process
   * directory) or inline JSON (inline-settings.ts).
   */
  settingsFiles?: readonly string[];
  /** Every `--plugin-dir <dir>`: Claude Code plugin folders (relative paths: to the process directory). */
  pluginDirs?: readonly string[];
  /** The folder of the policy folders `codebot/` and `claude-code/`; default `$CODEBOT_MANAGED_SETTINGS_ROOT`, else `/etc`. */
  managedRoot?: string;
  /**
   * `--setting-sources` (Claude Code's): which of the user, project and local layers are read
   * (absent: all). The managed settings and `--settings` always are.
   */
  sources?: readonly SettingSourceName[];
  /**
   * `--bare`, `--safe-mode`, `--restricted` (session-modes.ts): `--restricted` reads none of the
   * user, project and local files; `--bare` and `--safe-mode` load the managed hooks alone.
   */
  modes?: SessionModes;
  /**
   * The folder whose approvals (trust store) count, when not `cwd`: a `--worktree` session's
   * repository, whose worktree holds the same project.
   */
  trustDir?: string;
  /** A running session's plugins as last loaded: one whose hooks file or manifest broke since is kept (kept-plugins.ts). */
  keptPlugins?: KeptPlugins;
  /**
   * Take `keptPlugins` as they are, reading no plugin folder: a settings file changed mid-session,
   * and a plugin's hooks change only when the user asks (`/reload-plugins`), as in claude 2.1.328.
   */
  pluginsAsLoaded?: boolean;
}

export const SETTING_SOURCE_NAMES = ["user", "project", "local"] as const;
export type SettingSourceName = (typeof SETTING_SOURCE_NAMES)[number];

/**
 * Reads the layers of §3.2 in order: the managed settings (managed-files.ts; Claude Code's too,
 * whatever `claudeCompat` says: a policy is not the user's to switch off), Claude Code's user settings (`~/.claude/settings.json`),
 * codebot's user settings, the Claude Code plugins (`claudePlugins`, the plugins Claude Code
 * installed, every `--plugin-dir`), then per project `.codebot/settings.json`,
 * `.claude/settings.json` (project), `.codebot/settings.local.json`, `.claude/settings.local.json`
 * (local), then every `--settings` file or inline JSON. `"claudeCompat": false` in codebot's user settings leaves
 * Claude Code's files (and its installed plugins) out (§11). A layer that cannot be parsed is
 * skipped with a problem; a missing optional file is simply absent.
 */
export function loadSettingsLayers(
  where: SettingsLocation,
  isGrantTrusted: (grant: string) => boolean = () => false,
): {
  layers: SettingsLayer[];
  problems: Problem[];
  /** Every plugin folder that loaded, hooks or not (skills and commands come from them too). */
  plugins: PluginFolder[];
  /** Grants the layers ask for that decide what loads here (a project switching off a user's plugin). */
  untrusted: UntrustedGrant[];
  /** `~/.claude.json`, whose MCP servers (`claude mcp add`) are yours: absent when Claude Code's files are not read. */
  claudeJson?: string;
} {
  const layers: SettingsLayer[] = [];
  const problems: Problem[] = [];
  const take = (read: LayerRead): void => {
    if (read.kind === "layer") layers.push(read.layer);
    else if (read.kind === "problem") problems.push(read.problem);
  };
  for (const file of managedSettingsFiles(resolveManagedRoot(where.managedRoot))) {
    if (file.kind === "file") take(readLayer("managed", file.path, false));
    else problems.push({ severity: "error", scope: "settings", file: file.path, message: file.message });
  }
  const project = path.resolve(where.cwd);
  const claudeHome = resolveClaudeHome(where.claudeHome);
  const personal = customizationsOf(where.modes).personalSettings;
  const reads = (source: SettingSourceName) =>
    personal && (where.sources === undefined || where.sources.includes(source));
  // Your own `claudeCompat: false` holds even when the user layers are not read.
  const user = readLayer("user", path.join(where.codebotHome, "settings.json"), false);
  const claudeCompat =
    user.kind !== "layer" || (user.layer.settings as { claudeCompat?: unknown }).claudeCompat !== false;
  if (reads("user")) {
    if (claudeCompat) take(readLayer("user", path.join(claudeHome, "settings.json"), false));
    take(user);
  }

  const projectFiles: [SettingSourceName, string][] = [
    ["project", path.join(project, ".codebot", "settings.json")],
  ];
  if (claudeCompat) projectFiles.push(["project", path.join(project, ".claude", "settings.json")]);
  projectFiles.push(["local", path.join(project, ".codebot", "settings.local.json")]);
  if (claudeCompat) projectFiles.push(["local", path.join(project, ".claude", "settings.local.json")]);
  const projectLayers: SettingsLayer[] = [];
  for (const [source, file] of projectFiles) {
    if (!reads(source)) continue;
    const read = readLayer(source, file, false);
    if (read.kind === "layer") projectLayers.push(read.layer);
    else if (read.kind === "problem") problems.push(read.problem);
  }

  const fromSettings =
    user.kind === "layer" && reads("user")
      ? pluginDirsFromSettings(user.layer.settings, user.layer.path)
      : { dirs: [] };
  if (fromSettings.problem) problems.push(fromSettings.problem);
  const installed = claudeCompat
    ? installedPluginDirs(claudeHome, project, [...layers, ...projectLayers], isGrantTrusted)
    : { dirs: [], problems: [], untrusted: [] };
  problems.push(...installed.problems);
  const plugins =
    where.pluginsAsLoaded && where.keptPlugins !== undefined
      ? pluginsAsKept(where.keptPlugins)
      : loadPluginLayers(
          [
            ...fromSettings.dirs,
            ...installed.dirs,
            ...(where.pluginDirs ?? []).map((dir) => ({ dir, base: process.cwd(), namedForRun: true })),
          ],
          where.codebotHome,
          project,
          where.keptPlugins,
        );
  layers.push(...plugins.layers, ...projectLayers);
  problems.push(...plugins.problems);

  let inline = 0;
  for (const value of where.settingsFiles ?? [])
    take(
      isInlineSettings(value)
        ? layerFromText("cli", inlineSettingsLabel(++inline), value)
        : readLayer("cli", path.resolve(value), true),
    );
  return {
    layers,
    problems,
    plugins: plugins.folders,
    untrusted: installed.untrusted,
    ...(claudeCompat && reads("user") ? { claudeJson: resolveClaudeJson(where.claudeHome) } : {}),
  };
}
