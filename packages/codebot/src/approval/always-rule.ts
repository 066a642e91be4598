import type { ToolCall } from "@codebot/agentcore";
import { claudeToolName, type PermissionUpdate } from "@codebot/hooks";
import type { PathPolicy } from "../paths/path-policy.js";
import { literalRule, subjectKind } from "./permission-rule.js";
import type { RuleSubject } from "./permission-rules.js";

/** What the question shows: the command, the path (project-relative when inside the project), or the skill. */
export function subjectText(call: ToolCall, subject: RuleSubject, paths: PathPolicy): string | undefined {
  if (subject.command !== undefined) return subject.command;
  if (subject.skill !== undefined) return subject.skill;
  if (subject.path !== undefined) return paths.display(subject.path);
  return typeof call.args.file_path === "string" ? call.args.file_path : undefined;
}

/**
 * The rule an "always" answer adds: the tool with its subject taken literally, the one skill
 * (`skill(review)`, claude's `Skill(review)`), or the whole tool.
 */
export function alwaysRuleOf(call: ToolCall, subject: string | undefined): string {
  if (call.name === "skill" && subject !== undefined) return `skill(${subject})`;
  const kind = subjectKind(call.name);
  return subject === undefined || kind === undefined ? call.name : literalRule(call.name, subject, kind);
}

/**
 * A rule as Claude Code offers it to PermissionRequest hooks (`permission_suggestions`): an
 * `addRules` entry for the session, in its tool name. Given back in `updatedPermissions`, it reads
 * as the same rule.
 */
export function sessionRuleSuggestion(rule: string): PermissionUpdate {
  const open = rule.indexOf("(");
  const tool = open < 0 ? rule : rule.slice(0, open);
  const content = open < 0 ? undefined : rule.slice(open + 1, -1);
  return {
    type: "addRules",
    rules: [{ toolName: claudeToolName(tool), ...(content !== undefined ? { ruleContent: content } : {}) }],
    behavior: "allow",
    destination: "session",
  };
}
