import type { ToolRuleCompiler } from "@codebot/hooks";
import { PathPolicy } from "../paths/path-policy.js";
import { type PermissionRule, parsePermissionRule, ruleCoversTool } from "./permission-rule.js";
import { allowedByRules, firstMatching } from "./permission-rules.js";
import { ruleSubjectOf } from "./rule-subject.js";
import { EXPANSION } from "./shell-expansion.js";

/**
 * Claude Code's `if` on a hook (`"if": "Bash(git push *)"`), read with the grammar of codebot's
 * `permissions`: the hook runs for a call exactly when a deny rule of that text would refuse it —
 * a bash rule matches any part of a compound command (`ls && git push`), the commands of `$(…)`
 * and backquotes, past leading `VAR=value` and past options between the rule's words (`git -C .
 * push`: options-between-words.ts); an `Edit(…)` rule covers every tool that edits
 * files; paths read as in rules. One addition, Claude Code's: when the command holds `$(…)`,
 * backquotes or `$VAR` and the rule names more than the command (`git push *`, not `git *`), the
 * hook runs anyway, since what would run cannot be read from the text; the hook decides.
 *
 * Whether the hook's `allow` counts for a call (`covers`) is read the other way, as an allow rule
 * of that text would allow it: every command of the line (the hooks engine's if-allow.ts).
 */
export function hookIfRules(projectDir: string): ToolRuleCompiler {
  // Matching only: a path outside the project resolves as it is (whether it may be reached is not decided here).
  const paths = new PathPolicy(projectDir, true);
  const where = { root: paths.root };
  return (text) => {
    const parsed = parsePermissionRule(text);
    if (!parsed.ok) return parsed;
    const rule = parsed.rule;
    const namesArguments = namesMoreThanCommand(rule);
    return {
      ok: true,
      test: (call) => {
        if (!ruleCoversTool(rule, call.tool, true)) return false;
        const subject = ruleSubjectOf(call.tool, call.args, paths);
        if (namesArguments && subject.command !== undefined && EXPANSION.test(subject.command)) return true;
        return firstMatching([rule], subject, where) !== undefined;
      },
      covers: (call) => allowedByRules([rule], ruleSubjectOf(call.tool, call.args, paths), where),
    };
  };
}

/** `Bash(git push *)`, `Bash(npm test:*)`, `Bash(git status)` name more than the command; `Bash(git *)` does not. */
function namesMoreThanCommand(rule: PermissionRule): boolean {
  if (rule.bash === undefined) return false;
  const specifier = /\((.*)\)\s*$/s.exec(rule.text)?.[1]?.trim() ?? "";
  return /\s/.test(specifier.replace(/(?::\*|\s+\*)$/, "").trim());
}
