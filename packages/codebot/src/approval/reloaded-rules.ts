import type { PermissionRule } from "./permission-rule.js";
import type { PermissionRuleSet } from "./permission-rules.js";

/**
 * The rules after a settings file changed mid-session: the new allow rules, and the new deny and
 * ask rules plus every one in force when the session started. A deny or ask rule leaves with the
 * session, not with an edit: the model can write a settings file (an `edit` under acceptEdits, a
 * `bash` under bypass) and must not lift the rules that hold it. `kept` names those the files no
 * longer have; they stop counting once the session ends.
 */
export function reloadedRules(
  reread: PermissionRuleSet,
  atStart: PermissionRuleSet,
): { rules: PermissionRuleSet; kept: PermissionRule[] } {
  const missing = (now: readonly PermissionRule[], before: readonly PermissionRule[]) =>
    before.filter((rule) => !now.some((r) => r.text === rule.text));
  const keptDeny = missing(reread.deny, atStart.deny);
  const keptAsk = missing(reread.ask, atStart.ask);
  return {
    rules: { allow: reread.allow, ask: [...reread.ask, ...keptAsk], deny: [...reread.deny, ...keptDeny] },
    kept: [...keptDeny, ...keptAsk],
  };
}

/**
 * The rules in force at the start less those you took out with `/permissions remove`: your
 * removal lifts a deny or ask rule at once, as claude's dialog does (an edit of the file by
 * anyone else does not: reloadedRules).
 */
export function withoutRules(
  set: PermissionRuleSet,
  lifted: readonly { kind: "allow" | "ask" | "deny"; text: string }[],
): Record<"allow" | "ask" | "deny", PermissionRule[]> {
  const keep = (kind: "allow" | "ask" | "deny") =>
    set[kind].filter((rule) => !lifted.some((l) => l.kind === kind && l.text === rule.text));
  return { allow: keep("allow"), ask: keep("ask"), deny: keep("deny") };
}
