import fs from "node:fs";
import os from "node:os";
import { type PermissionRule, parsePermissionRule } from "../../src/approval/permission-rule.js";
import { allowedByRules, firstMatching } from "../../src/approval/permission-rules.js";

const ctx = { root: fs.realpathSync(os.tmpdir()) };

/** A permission rule written as in settings (`Bash(rm -rf:*)`); throws on a rule that does not parse. */
export function ruleOf(text: string): PermissionRule {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rule;
}

/** Whether the rule, as a deny (or ask) rule, matches a bash call of `command`. */
export function denies(rule: string, command: string): boolean {
  return firstMatching([ruleOf(rule)], { tool: "bash", command }, ctx) !== undefined;
}

/** Whether the rule, as an allow rule, lets a bash call of `command` run. */
export function allows(rule: string, command: string): boolean {
  return allowedByRules([ruleOf(rule)], { tool: "bash", command }, ctx);
}
