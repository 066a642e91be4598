import { ReadRules } from "../../src/paths/read-rules.js";
import { ruleOf } from "./bash-rules.js";

/** A session's read rules, written as in settings (`Read(./.env)`); `root` is the project directory's real path. */
export function readRulesOf(root: string, rules: { deny?: string[]; ask?: string[] }): ReadRules {
  const parse = (texts: string[] = []) => texts.map(ruleOf);
  const set = { allow: [], ask: parse(rules.ask), deny: parse(rules.deny) };
  return new ReadRules(() => set, root);
}
