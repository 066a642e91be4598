import fs from "node:fs";
import path from "node:path";
import {
  allowedHostsFromLayers,
  isManagedHook,
  type LayerAllowList,
  type LoadedHooks,
  loadHooks,
  type Problem,
  type SettingsLayer,
  USER_OWNED_SOURCES,
} from "@codebot/hooks";
import { hookIfRules } from "../approval/hook-if-rules.js";
import { TrustStore } from "../approval/trust-store.js";
import { isClaudeCodeLayer } from "../settings/claude-compat.js";
import { loadSettingsLayers, type SettingsLocation } from "../settings/load-settings.js";
import { managedMcpFiles, managedSettingsFiles, resolveManagedRoot } from "../settings/managed-files.js";
import type { PluginFolder } from "../settings/plugin-folder.js";
import { mergeSettings, type RuntimeSettings } from "../settings/runtime-settings.js";
import { customizationsOf, isSwitchOn, type SessionModes } from "../settings/session-modes.js";

/** The project directory, symlinks resolved; `notADirectory(resolved)` is thrown when it is not one. */
export function projectDirectory(dir: string, notADirectory: (resolved: string) => Error): string {
  const resolved = path.resolve(dir);
  if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory()) throw notADirectory(resolved);
  return fs.realpathSync(resolved);
}

/** What the settings of a project configure, read once for a session or for the `hooks` commands. */
export interface ProjectSettings {
  /** The modes in force: the flags' and variables', and safe mode from your own settings' `env` (withSafeModeFromSettings). */
  modes?: SessionModes;
  layers: SettingsLayer[];
  /** The plugin folders that loaded (with or without hooks): skills and commands come from them too. */
  plugins: PluginFolder[];
  trustStore: TrustStore;
  settings: RuntimeSettings;
  hooks: LoadedHooks;
  /** Problems of reading the layers, then of merging them (the hooks' own are in `hooks.problems`). */
  problems: Problem[];
  /** `httpHookAllowedHosts` of the user-owned layers, the http hooks' allow-list (§6.3), with its problems. */
  httpAllowList: LayerAllowList;
  /** Whether a project grant counts for this run: trust store, `--trust-project-hooks`, or allowed once. */
  isGrantTrusted(grant: string): boolean;
  /** The grants allowed "once" for this run (ProjectTrustOptions). */
  grantedOnce: readonly string[];
  /** The managed settings files and drop-in folders looked at, read or not: an error in one is the policy's. */
  managedFiles: readonly string[];
  /** The organisation's managed-mcp.json files to look for (mcp/managed-servers.ts). */
  managedMcpFiles?: readonly string[];
  /** `~/.claude.json`, for the MCP servers `claude mcp add` wrote (loadSettingsLayers). */
  claudeJson?: string;
}

/** What counts as approved beyond the trust store, for this run only. */
export interface ProjectTrustOptions {
  /** `--trust-project-hooks`: every project hook and grant. */
  trustProjectHooks?: boolean;
  /** Grants the user allowed "once" in the interactive session (`env:PATH=/usr/bin`, `model:…`). */
  grantedOnce?: readonly string[];
}

/**
 * Reads the settings layers, merges them (permission grants of project/local layers count only
 * when trusted, or when `trustProjectHooks` trusts them for this run) and compiles the hooks. One
 * function, so the `hooks` commands show exactly what a session would load.
 */
export function readProjectSettings(
  where: SettingsLocation,
  options: ProjectTrustOptions = {},
): ProjectSettings {
  const trustStore = new TrustStore(where.codebotHome, where.trustDir ?? where.cwd);
  const trusted = (grant: string) =>
    options.trustProjectHooks === true ||
    options.grantedOnce?.includes(grant) === true ||
    trustStore.isGrantTrusted(grant);
  const {
    layers,
    problems: layerProblems,
    plugins,
    untrusted,
    claudeJson,
  } = loadSettingsLayers(where, trusted);
  const { settings, problems: mergeProblems } = mergeSettings(layers, {
    isGrantTrusted: trusted,
    projectDir: where.cwd,
  });
  settings.permissions.untrusted.push(...untrusted);
  const modes = withSafeModeFromSettings(where.modes, layers);
  const customizations = customizationsOf(modes);
  // `--safe-mode`: no command of the settings runs, the status line's neither.
  if (!customizations.statusLine) delete settings.statusLine;
  if (modes?.restricted === true) settings.policy.restricted = true;
  return {
    ...(modes ? { modes } : {}),
    layers,
    plugins,
    trustStore,
    settings,
    hooks: managedOnlyIf(
      customizations.managedHooksOnly,
      loadHooks(withoutUntrustedHookSwitch(layers, trusted, settings), {
        toolRule: hookIfRules(where.cwd),
        claudeFile: isClaudeCodeLayer,
      }),
    ),
    problems: [...layerProblems, ...mergeProblems],
    httpAllowList: allowedHostsFromLayers(layers),
    isGrantTrusted: trusted,
    grantedOnce: options.grantedOnce ?? [],
    managedFiles: managedSettingsFiles(resolveManagedRoot(where.managedRoot)).map((f) => f.path),
    managedMcpFiles: managedMcpFiles(resolveManagedRoot(where.managedRoot)),
    ...(claudeJson !== undefined ? { claudeJson } : {}),
  };
}

/**
 * `env.CLAUDE_CODE_SAFE_MODE` of your own settings (managed, user, `--settings`; not a plugin's)
 * turns safe mode on, as in claude 2.1.328 (checked: the user's and a `--settings`' did; a
 * project's did nothing, nor did `env.CLAUDE_CODE_RESTRICTED` anywhere).
 */
function withSafeModeFromSettings(
  modes: SessionModes | undefined,
  layers: readonly SettingsLayer[],
): SessionModes | undefined {
  if (modes?.safeMode === true) return modes;
  const fromSettings = layers.some(
    (layer) =>
      USER_OWNED_SOURCES.has(layer.source) &&
      layer.plugin === undefined &&
      isSwitchOn((layer.settings as { env?: Record<string, unknown> } | null)?.env?.CLAUDE_CODE_SAFE_MODE),
  );
  return fromSettings ? { ...modes, safeMode: true } : modes;
}

/** `--bare`, `--safe-mode`: the managed hooks alone (as claude 2.1.328's: a --settings or --plugin-dir hook does not run either). */
function managedOnlyIf(managedOnly: boolean, loaded: LoadedHooks): LoadedHooks {
  return managedOnly ? { ...loaded, hooks: loaded.hooks.filter(isManagedHook) } : loaded;
}

/**
 * `disableAllHooks` from a project or local file would switch off the user's own hooks too: it
 * counts only once trusted (grant `disableAllHooks`); until then the layer is read without it
 * and the grant is listed as untrusted, so the session says so and `hooks trust` offers it.
 */
function withoutUntrustedHookSwitch(
  layers: readonly SettingsLayer[],
  trusted: (grant: string) => boolean,
  settings: RuntimeSettings,
): SettingsLayer[] {
  return layers.map((layer) => {
    const values = layer.settings as Record<string, unknown> | null;
    if (USER_OWNED_SOURCES.has(layer.source) || values?.disableAllHooks !== true) return layer;
    if (trusted("disableAllHooks")) return layer;
    settings.permissions.untrusted.push({ grant: "disableAllHooks", source: layer.source, file: layer.path });
    const { disableAllHooks: _ignored, ...rest } = values;
    return { ...layer, settings: rest };
  });
}

/**
 * Every problem of the settings, as a session reports them and `hooks validate` lists them:
 * reading and merging the layers, then the hooks, then the http allow-list.
 */
export function projectProblems(project: ProjectSettings): Problem[] {
  const { errors, ignored } = project.httpAllowList;
  const allowList = (file: string, message: string): Problem => ({
    severity: "warning",
    scope: "settings",
    file,
    message,
  });
  return [
    ...project.problems,
    ...project.hooks.problems,
    ...errors.map((e) => allowList(e.path, e.message)),
    ...ignored.map((i) =>
      allowList(
        i.path,
        "httpHookAllowedHosts is only honoured in user settings and --settings files; ignored",
      ),
    ),
  ];
}
