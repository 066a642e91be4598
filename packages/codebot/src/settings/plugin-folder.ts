/** A plugin folder that loaded (with or without hooks): its skills and commands are read from it. */
export interface PluginFolder {
  name: string;
  root: string;
  dataDir: string;
  /** `project`: only a project or local file switched it on (it came with the repository). */
  source: "plugin" | "project" | "local";
  /** Its manifest's `version`, when it names one. */
  version?: string;
  /** Installed by Claude Code (else a folder named by `--plugin-dir`, `claudePlugins` or the Agent SDK). */
  installed?: boolean;
  /** Claude Code's id of an installed one, `name@marketplace`. */
  id?: string;
}
