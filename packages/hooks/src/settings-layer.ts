/**
 * Where a settings file came from; decides trust (§8) and what it may configure (§6.3). `managed`:
 * the machine's policy (`/etc/codebot/managed-settings.json`, Claude Code's `/etc/claude-code/…`).
 */
export type SettingsSource = "managed" | "user" | "project" | "local" | "cli" | "plugin";

/** One parsed settings file, in load order. */
export interface SettingsLayer {
  source: SettingsSource;
  /** Absolute path of the file (used in every problem report and trace). */
  path: string;
  /** The parsed JSON(C) object of the whole file. */
  settings: unknown;
  /**
   * For plugin layers: the plugin's name and folder; `forcedByPolicy` when the managed settings'
   * `enabledPlugins` switches it on (its hooks then count as managed, as in Claude Code).
   */
  plugin?: { name: string; root: string; dataDir: string; forcedByPolicy?: boolean };
  /**
   * A skill's front-matter hooks: Claude Code's `once: true` is honoured there (the hook runs once,
   * then leaves its scope). Elsewhere `once` is ignored with a warning, as Claude Code ignores it.
   */
  honoursOnce?: boolean;
}

/**
 * Sources approved without asking that may set the HTTP allow-list: the user's own, and the
 * managed policy (put there by whoever administers the machine, above the user).
 */
export const USER_OWNED_SOURCES: ReadonlySet<SettingsSource> = new Set(["managed", "user", "cli", "plugin"]);
