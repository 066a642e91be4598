import { type EffortChoice, type EffortLevel, type Env, effortLevelOf } from "@codebot/agentcore";

/**
 * The session's effort, as claude 2.1.328 picks it: CLAUDE_CODE_EFFORT_LEVEL (from the process or
 * the settings' `env`) over `--effort` over the settings' `effortLevel`. The variable's `auto` or
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
