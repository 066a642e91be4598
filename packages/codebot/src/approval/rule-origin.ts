import type { SettingsSource } from "@codebot/hooks";

/**
 * Where a permission rule (or a working folder) came from, in Claude Code's names, in the order
 * its `list_permission_rules` lists them: the settings files, `--settings` and the Agent SDK's flag
 * settings (`flagSettings`), the managed settings, `--allowedTools` / `--disallowedTools` /
 * `--add-dir` (`cliArg`), a skill's `allowed-tools` while it runs (`command`), and what the
 * session added (`session`: an "always" answer, a hook's `updatedPermissions`, `/add-dir`).
 */
export const RULE_ORIGINS = [
  "userSettings",
  "projectSettings",
  "localSettings",
  "flagSettings",
  "policySettings",
  "cliArg",
  "command",
  "session",
] as const;

export type RuleOrigin = (typeof RULE_ORIGINS)[number];

/** A settings layer's origin. A plugin's layer holds hooks only, never rules: named as your own. */
const OF_SOURCE: Readonly<Record<SettingsSource, RuleOrigin>> = {
  user: "userSettings",
  project: "projectSettings",
  local: "localSettings",
  cli: "flagSettings",
  managed: "policySettings",
  plugin: "userSettings",
};

export function originOfSource(source: SettingsSource): RuleOrigin {
  return OF_SOURCE[source];
}

/**
 * Where a rule lives, as claude 2.1.328 says it (recorded): `persistent` in one of your settings
 * files, `session` for the rest of this session, `readonly` for what the session cannot change.
 */
export function editabilityOf(origin: RuleOrigin): "persistent" | "session" | "readonly" {
  if (origin === "userSettings" || origin === "projectSettings" || origin === "localSettings")
    return "persistent";
  return origin === "cliArg" || origin === "session" ? "session" : "readonly";
}
