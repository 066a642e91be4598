import type { PathPolicy } from "../paths/path-policy.js";
import { pathSpellings } from "../paths/path-spellings.js";
import { subjectKind } from "./permission-rule.js";
import type { RuleSubject } from "./permission-rules.js";

/**
 * A call as rules see it: the command of a bash call, the absolute real path of a file tool's
 * `file_path` (when `paths` lets it be reached) with the paths it is named by, the skill a `skill`
 * call loads, else the tool alone.
 */
export function ruleSubjectOf(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  paths: PathPolicy,
): RuleSubject {
  const kind = subjectKind(tool);
  if (kind === "command" && typeof args.command === "string") return { tool, command: args.command };
  if (kind === "path" && typeof args.file_path === "string") {
    const resolved = paths.resolve(tool, args.file_path);
    if (resolved.ok)
      return { tool, path: resolved.path, spellings: pathSpellings(paths.root, args.file_path) };
  }
  if (tool === "skill" && typeof args.skill === "string")
    return { tool, skill: args.skill.replace(/^\//, "") };
  return { tool };
}
