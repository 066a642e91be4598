import type { PermissionRule } from "../approval/permission-rule.js";
import { parsePermissionRule } from "../approval/permission-rule.js";
import { splitRuleList } from "../approval/rule-list.js";
import { CliError } from "./cli-error.js";

/**
 * `--allowedTools` / `--disallowedTools` values, as Claude Code takes them: any number of
 * arguments, each a list of rules separated by commas or spaces outside parentheses
 * (`"Bash(git diff *),Edit" Read`).
 */
export function toolRulesFlag(flag: string, values: readonly string[] | undefined): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const value of values ?? []) {
    for (const text of splitRuleList(value)) {
      const parsed = parsePermissionRule(text);
      if (!parsed.ok) throw new CliError(`${flag}: ${parsed.error}`);
      rules.push(parsed.rule);
    }
  }
  return rules;
}
