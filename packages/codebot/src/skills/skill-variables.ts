import { literalText } from "../approval/permission-rule.js";
import type { Skill } from "./skill.js";

/**
 * `${CLAUDE_SKILL_DIR}` and `${CLAUDE_PLUGIN_ROOT}` filled in, as Claude Code fills them in a
 * skill's or command's text and in its `allowed-tools` (claude 2.1.328, recorded: a plugin
 * command's `Bash(${CLAUDE_PLUGIN_ROOT}/scripts/*)` lets its script run unasked).
 */
export function skillVariables(text: string, skill: Skill): string {
  return filled(text, skill, (value) => value);
}

/**
 * An `allowed-tools` rule with the variables filled in as the folder they name, and only it: a
 * repository's skill folder named `a*` made `Bash(${CLAUDE_SKILL_DIR}/go.sh)` a wildcard that
 * ran `skills/ab/go.sh`, or `skills/a` given ` /go.sh`.
 */
export function skillRuleVariables(rule: string, skill: Skill): string {
  const kind = /^Bash\(/.test(rule) ? "command" : "path";
  return filled(rule, skill, (value) => literalText(value, kind));
}

function filled(text: string, skill: Skill, as: (value: string) => string): string {
  return text
    .replaceAll("\u0024{CLAUDE_SKILL_DIR}", as(skill.dir))
    .replaceAll("\u0024{CLAUDE_PLUGIN_ROOT}", as(skill.plugin?.root ?? skill.dir));
}
