import type { Problem, SettingsLayer } from "@codebot/hooks";
import type { PermissionRuleSet } from "./permission-rules.js";
import { originOfSource, RULE_ORIGINS, type RuleOrigin } from "./rule-origin.js";
import type { IgnoredRule, SettingsFileError } from "./rules-state.js";

/**
 * The rules of every settings file but the managed ones (and a plugin's, which holds hooks only),
 * as written: what `allowManagedPermissionRulesOnly` leaves out of force. In claude 2.1.328's
 * order (recorded): by origin, then each file's allow, deny and ask rules. The Agent SDK
 * program's rules (`applyFlagSettings`, ignored then too) are listed with `--settings`' as
 * `flagSettings`, after them, as claude merges the two into one source (recorded).
 */
export function notInEffectRules(
  layers: readonly SettingsLayer[],
  program: PermissionRuleSet,
): IgnoredRule[] {
  const written = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((rule): rule is string => typeof rule === "string") : [];
  const sources: { source: RuleOrigin; rules: Record<Behavior, string[]> }[] = [];
  for (const layer of layers) {
    if (layer.source === "managed" || layer.plugin !== undefined) continue;
    const permissions = (layer.settings as { permissions?: Record<string, unknown> } | null)?.permissions;
    if (typeof permissions !== "object" || permissions === null) continue;
    const rules = {
      allow: written(permissions.allow),
      deny: written(permissions.deny),
      ask: written(permissions.ask),
    };
    sources.push({ source: originOfSource(layer.source), rules });
  }
  let flag = sources.find((entry) => entry.source === "flagSettings");
  if (flag === undefined) {
    flag = { source: "flagSettings", rules: { allow: [], deny: [], ask: [] } };
    sources.push(flag);
  }
  for (const behavior of BEHAVIORS) flag.rules[behavior].push(...program[behavior].map((rule) => rule.text));
  const rules: IgnoredRule[] = sources.flatMap(({ source, rules }) =>
    BEHAVIORS.flatMap((behavior) => rules[behavior].map((rule) => ({ behavior, source, rule }))),
  );
  const order = (rule: IgnoredRule) => RULE_ORIGINS.indexOf(rule.source);
  // Array.prototype.sort is stable: each source's rules stay in the order above.
  return rules.sort((a, b) => order(a) - order(b));
}

type Behavior = IgnoredRule["behavior"];
const BEHAVIORS = ["allow", "deny", "ask"] as const;

/**
 * The settings' errors (a file or key skipped), as claude's `list_permission_rules` lists them, in
 * claude's words where codebot knows them (`Invalid or malformed JSON`, recorded).
 */
export function settingsFileErrors(problems: readonly Problem[]): SettingsFileError[] {
  return problems
    .filter((p) => p.severity === "error" && p.file !== undefined)
    .map((p) => ({ file: p.file as string, path: p.field ?? "", message: p.claudeMessage ?? p.message }));
}
