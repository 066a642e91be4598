import { type EffortChoice, type EffortLevel, type Env, effortLevelOf } from "@codebot/agentcore";
import { modelSettingsKey } from "../settings/model-settings-key.js";
import type { RuntimeSettings } from "../settings/runtime-settings.js";

/** The settings that choose an effort: `effortLevel`, and `modelSettings.<model>.effortLevel`. */
export type SettingsEffort = Pick<RuntimeSettings, "effortLevel" | "effortByModel">;

/**
 * The settings' effort for the model `spec`: its `modelSettings` entry as the layers left it
 * (runtime-settings.ts), else `effortLevel`.
 */
export function settingsEffortFor(settings: SettingsEffort, spec: string): EffortLevel | undefined {
  return settings.effortByModel.get(modelSettingsKey(spec)) ?? settings.effortLevel;
}

/**
 * The session's effort, as claude 2.1.328 picks it: CLAUDE_CODE_EFFORT_LEVEL (from the process or
 * the settings' `env`) over `--effort` over the settings' (settingsEffortFor). The variable's `auto` or
 * `unset` sends no effort at all; any other value that is not a level is ignored, as claude does.
 */
export function sessionEffort(
  env: Env,
  flag: EffortLevel | undefined,
  setting: EffortLevel | undefined,
): EffortChoice | undefined {
  const variable = env.CLAUDE_CODE_EFFORT_LEVEL?.trim().toLowerCase();
  if (variable === "auto" || variable === "unset") return "auto";
  return (variable ? effortLevelOf(variable) : undefined) ?? flag ?? setting;
}
