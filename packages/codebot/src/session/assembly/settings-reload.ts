import path from "node:path";
import { formatProblem, type HookRunner } from "@codebot/hooks";
import { type KeptPlugins, keptPluginsOf } from "../../settings/kept-plugins.js";
import { isPluginProblem } from "../../settings/load-plugins.js";
import type { PluginFolder } from "../../settings/plugin-folder.js";
import type { FileWatch } from "../file-watch.js";
import { managedSettingsError } from "../policy-refusal.js";
import { type ProjectSettings, readProjectSettings } from "../project-settings.js";
import type { RuntimeOptions } from "../runtime-options.js";
import { SettingsWatch, settingsFilesOf } from "../settings-watch.js";
import type { Notify } from "./session-notices.js";
import type { SessionPermissions } from "./session-permissions.js";
import type { SessionSettings } from "./session-settings.js";

/** What the settings read again change: the hooks, the watched files, the permissions. */
export interface ReloadedParts {
  runner: HookRunner;
  fileWatch: FileWatch;
  permissions: SessionPermissions;
}

/**
 * The settings read again mid-session, exactly as at the start (same files, same trust), and what
 * the session takes of them: when a settings file changes (ConfigChange, unless a hook blocks) and
 * at the Agent SDK's `reloadPlugins`.
 */
export class SettingsReload {
  /** The settings files, for ConfigChange; closed with the session. */
  readonly watch: SettingsWatch;

  constructor(
    private readonly options: RuntimeOptions,
    private readonly settings: Pick<SessionSettings, "where" | "project" | "customizations">,
    claudeCompat: boolean,
    private readonly parts: ReloadedParts,
    private readonly notify: Notify,
  ) {
    settings.where.keptPlugins = keptPluginsOf(settings.project.plugins, settings.project.layers);
    this.watch = new SettingsWatch({
      runner: parts.runner,
      files: settingsFilesOf(settings.where, claudeCompat),
      reread: () => this.reread(false),
      apply: (reread) => this.apply(reread),
      notify,
    });
  }

  /**
   * The Agent SDK's `reloadPlugins({addPlugins})`: each added folder one more `--plugin-dir`, the
   * settings read again and applied, the skills read again with the plugins now loaded.
   */
  async reloadPlugins(
    add: readonly string[],
    reloadSkills: (plugins: readonly PluginFolder[]) => Promise<void>,
  ): Promise<{ plugins: readonly PluginFolder[]; errors: number }> {
    const { where } = this.settings;
    where.pluginDirs.push(...add);
    const again = this.reread(true);
    // An added folder that did not load is not kept: each later reading would skip it again.
    const loaded = new Set(again.plugins.map((plugin) => plugin.root));
    where.pluginDirs = where.pluginDirs.filter((dir) => !add.includes(dir) || loaded.has(path.resolve(dir)));
    this.apply(again);
    // The plugins' own problems (a folder gone, a hooks.json or a manifest that does not parse) are told again.
    const skipped = again.problems.filter(isPluginProblem);
    for (const problem of skipped) this.notify(`codebot: ${formatProblem(problem)}`);
    await reloadSkills(this.settings.customizations.pluginParts ? again.plugins : []);
    return { plugins: again.plugins, errors: skipped.length };
  }

  /** The plugins as the session last loaded them: the ones its hooks come from. */
  get loadedPlugins(): KeptPlugins {
    return this.settings.where.keptPlugins ?? new Map();
  }

  /** The settings read again and applied now (after `/permissions` wrote a rule), not waiting for the file watch. */
  reapply(): void {
    this.apply(this.reread(false));
  }

  /**
   * The settings as at the start; the plugin folders read again only when asked (`plugins`: the
   * reload of plugins). Otherwise the plugins stay as last loaded: a hooks.json edited mid-session
   * (by the model, under bypassPermissions, say) changes nothing until the user reloads the
   * plugins, as in claude 2.1.328 (recorded: an edit adding or removing its guard was not taken
   * in, even when a settings file changed too).
   */
  private reread(plugins: boolean): ProjectSettings {
    const again = readProjectSettings(
      { ...this.settings.where, pluginsAsLoaded: !plugins },
      {
        trustProjectHooks: this.options.trustProjectHooks,
        grantedOnce: this.settings.project.grantedOnce,
      },
    );
    // A policy file broken mid-session keeps the session on the policy it had (fail closed).
    const broken = managedSettingsError(again);
    if (broken !== undefined)
      throw new Error(`${formatProblem(broken)}; the session keeps the managed settings it had`);
    return again;
  }

  private apply(reread: ProjectSettings): void {
    // What is applied is what a plugin that breaks next keeps.
    this.settings.where.keptPlugins = keptPluginsOf(reread.plugins, reread.layers);
    this.parts.runner.reload(reread.hooks);
    this.parts.fileWatch.refresh();
    this.parts.permissions.applySettings(reread);
  }
}
