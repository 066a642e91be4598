/** Where a settings file came from; decides trust (§8) and what it may configure (§6.3). */
export type SettingsSource = "user" | "project" | "local" | "cli" | "plugin";

/** One parsed settings file, in load order. */
export interface SettingsLayer {
  source: SettingsSource;
  /** Absolute path of the file (used in every problem report and trace). */
  path: string;
  /** The parsed JSON(C) object of the whole file. */
  settings: unknown;
  /** For plugin layers: the plugin's name and folder. */
  plugin?: { name: string; root: string; dataDir: string };
  /**
   * A skill's front-matter hooks: Claude Code's `once: true` is honoured there (the hook runs once,
   * then leaves its scope). Elsewhere `once` is ignored with a warning, as Claude Code ignores it.
   */
  honoursOnce?: boolean;
}

/** Sources whose content is the user's own (approved without asking, may set the HTTP allow-list). */
export const USER_OWNED_SOURCES: ReadonlySet<SettingsSource> = new Set(["user", "cli", "plugin"]);
