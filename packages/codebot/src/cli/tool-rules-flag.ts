import type { PermissionRule } from "../approval/permission-rule.js";
import { parsePermissionRule } from "../approval/permission-rule.js";
import { CliError } from "./cli-error.js";

/**
 * `--allowedTools` / `--disallowedTools` values, as Claude Code takes them: any number of
 * arguments, each a list of rules separated by commas or spaces outside parentheses
 * (`"Bash(git diff *),Edit" Read`).
 */
export function toolRulesFlag(flag: string, values: readonly string[] | undefined): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const value of values ?? []) {
    for (const text of splitRules(value)) {
      const parsed = parsePermissionRule(text);
      if (!parsed.ok) throw new CliError(`${flag}: ${parsed.error}`);
      rules.push(parsed.rule);
    }
  }
  return rules;
}

function splitRules(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of value) {
    if (c === "(") depth++;
    if (c === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === "," || /\s/.test(c))) {
      if (current !== "") out.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  if (current !== "") out.push(current);
  return out;
}
