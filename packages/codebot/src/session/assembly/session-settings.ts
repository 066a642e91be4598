import type { Env } from "@codebot/agentcore";
import { resolveClaudeHome } from "../../paths/claude-home.js";
import { resolveCodebotHome } from "../../paths/codebot-home.js";
import type { SettingsLocation } from "../../settings/load-settings.js";
import { resolveManagedRoot } from "../../settings/managed-files.js";
import { type Customizations, customizationsOf } from "../../settings/session-modes.js";
import { policyRefusal } from "../policy-refusal.js";
import { type ProjectSettings, projectDirectory, readProjectSettings } from "../project-settings.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { Notify } from "./session-notices.js";

/** Where the settings are read from; the Agent SDK's `reloadPlugins({addPlugins})` adds to `pluginDirs`. */
export type SessionSettingsLocation = SettingsLocation & { claudeHome: string; pluginDirs: string[] };

/** The session's folders and settings, as read once at its start. */
export interface SessionSettings {
  env: Env;
  /** The project directory (checked to exist). */
  cwd: string;
  codebotHome: string;
  claudeHome: string;
  /** Read once, for the settings and for the watch of ConfigChange. */
  where: SessionSettingsLocation;
  project: ProjectSettings;
  /** What the modes in force (the flags', and safe mode your own settings' env may turn on) leave on. */
  customizations: Customizations;
}

/**
 * The settings and trust phase: the folders, the project's settings (unless the caller read them),
 * and the managed policy's refusal of the permission mode asked for, which ends the assembly.
 */
export function readSessionSettings(options: RuntimeOptions, notify: Notify): SessionSettings {
  const env: Env = options.env ?? process.env;
  const cwd = projectDirectory(
    options.cwd,
    (dir) => new Error(`session: project directory ${dir} does not exist or is not a directory`),
  );
  const codebotHome = resolveCodebotHome(options.codebotHome, env as NodeJS.ProcessEnv);
  const claudeHome = resolveClaudeHome(options.claudeHome, env as NodeJS.ProcessEnv);
  const managedRoot = resolveManagedRoot(options.managedRoot, env as NodeJS.ProcessEnv);
  const where: SessionSettingsLocation = {
    cwd,
    codebotHome,
    claudeHome,
    settingsFiles: options.settingsFiles,
    pluginDirs: [...(options.pluginDirs ?? [])],
    managedRoot,
    ...(options.settingSources ? { sources: options.settingSources } : {}),
    ...(options.modes ? { modes: options.modes } : {}),
    ...(options.trustDir !== undefined ? { trustDir: options.trustDir } : {}),
  };
  const project =
    options.projectSettings ?? readProjectSettings(where, { trustProjectHooks: options.trustProjectHooks });
  const customizations = customizationsOf(project.modes);
  const refusal = policyRefusal(project, options.permissionMode);
  if (refusal !== undefined) throw new Error(refusal);
  // Settings read by the caller were reported by it (the CLI lists the trust store's problem with
  // the settings' warnings): said again here, it would be a second line.
  if (project.trustStore.problem && options.projectSettings === undefined) notify(project.trustStore.problem);
  return { env, cwd, codebotHome, claudeHome, where, project, customizations };
}
