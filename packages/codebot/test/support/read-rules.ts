import { parsePermissionRule } from "../../src/approval/permission-rule.js";
import { ReadRules } from "../../src/paths/read-rules.js";

/** A session's read rules, written as in settings (`Read(./.env)`); `root` is the project directory's real path. */
export function readRulesOf(root: string, rules: { deny?: string[]; ask?: string[] }): ReadRules {
  const parse = (texts: string[] = []) =>
    texts.map((text) => {
      const parsed = parsePermissionRule(text);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.rule;
    });
  const set = { allow: [], ask: parse(rules.ask), deny: parse(rules.deny) };
  return new ReadRules(() => set, root);
}
