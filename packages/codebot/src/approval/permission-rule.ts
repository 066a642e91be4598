import { codebotToolName } from "@codebot/hooks";
import { compileGlob, type GlobPattern } from "../paths/glob-pattern.js";

/**
 * A `permissions.allow` rule: `tool` allows every call of the tool, `tool(glob)` allows the
 * calls whose subject matches the glob. The subject is the command for `bash` (`*` matches
 * anything, `/` included) and the project-relative `file_path` for `read`, `write` and `edit`
 * (`*` stays within one directory, `**` crosses directories). Tool names are case-insensitive
 * and Claude Code's names work (`Bash(npm test*)`).
 */
export interface PermissionRule {
  /** The rule as written. */
  text: string;
  /** The canonical tool name the rule is about. */
  tool: string;
  /** Absent: the whole tool. */
  pattern?: GlobPattern;
}

/** Tools whose rules can carry a pattern, and what the pattern is matched against. */
export type SubjectKind = "command" | "path";

const SUBJECT_OF: Readonly<Record<string, SubjectKind>> = {
  bash: "command",
  read: "path",
  write: "path",
  edit: "path",
};

export function subjectKind(tool: string): SubjectKind | undefined {
  return SUBJECT_OF[tool];
}

const RULE_SYNTAX = /^\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\))?\s*$/s;

export function parsePermissionRule(
  text: string,
): { ok: true; rule: PermissionRule } | { ok: false; error: string } {
  const m = RULE_SYNTAX.exec(text);
  if (m === null)
    return { ok: false, error: `permission rule "${text}": expected "tool" or "tool(pattern)"` };
  const tool = codebotToolName(m[1] as string);
  const body = m[2];
  if (body === undefined || body.trim() === "" || body.trim() === "*")
    return { ok: true, rule: { text, tool } };
  const kind = subjectKind(tool);
  if (kind === undefined) {
    return {
      ok: false,
      error: `permission rule "${text}": ${tool} takes no pattern; write "${tool}" to allow it`,
    };
  }
  try {
    return {
      ok: true,
      rule: { text, tool, pattern: compileGlob(body.trim(), { crossSlash: kind === "command" }) },
    };
  } catch (error) {
    return { ok: false, error: `permission rule "${text}": invalid pattern: ${(error as Error).message}` };
  }
}

/**
 * Shell syntax that chains or redirects: a rule such as `bash(git status*)` must not allow
 * `git status; rm -rf ~`, so a command containing any of it is never matched by a pattern.
 */
const SHELL_CONTROL = /[;&|<>`\n\r]|\$\(/;

/** Whether `rule` allows a call of `tool` whose subject (command or display path) is `subject`. */
export function ruleAllows(rule: PermissionRule, tool: string, subject: string | undefined): boolean {
  if (rule.tool !== tool && !mcpRuleAllows(rule.tool, tool)) return false;
  if (rule.pattern === undefined) return true;
  if (subject === undefined) return false;
  if (subjectKind(tool) === "command" && SHELL_CONTROL.test(subject)) return false;
  return rule.pattern.matches(subject);
}

/**
 * `mcp__github__create_issue` allows that MCP tool, `mcp__github` (a server, no tool) every tool
 * of the server. Rules are lower-cased when parsed, so the comparison ignores case.
 */
function mcpRuleAllows(ruleTool: string, tool: string): boolean {
  const name = tool.toLowerCase();
  if (!name.startsWith("mcp__")) return false;
  if (name === ruleTool) return true;
  return !ruleTool.slice(5).includes("__") && name.startsWith(`${ruleTool}__`);
}

/** Escapes glob syntax so a literal command or path becomes a rule matching only itself. */
export function literalGlob(text: string): string {
  return text.replace(/[\\*?[\]{},]/g, "\\$&");
}
