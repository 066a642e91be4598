import type { Problem, SettingsLayer } from "@codebot/hooks";
import { originOfSource, RULE_ORIGINS } from "./rule-origin.js";
import type { IgnoredRule, SettingsFileError } from "./rules-state.js";

/**
 * The rules of every settings file but the managed ones (and a plugin's, which holds hooks only),
 * as written: what `allowManagedPermissionRulesOnly` leaves out of force. In claude 2.1.328's
 * order (recorded): by origin, then each file's allow, deny and ask rules.
 */
export function notInEffectRules(layers: readonly SettingsLayer[]): IgnoredRule[] {
  const rules: IgnoredRule[] = [];
  for (const layer of layers) {
    if (layer.source === "managed" || layer.plugin !== undefined) continue;
    const permissions = (layer.settings as { permissions?: Record<string, unknown> } | null)?.permissions;
    if (typeof permissions !== "object" || permissions === null) continue;
    const source = originOfSource(layer.source);
    for (const behavior of ["allow", "deny", "ask"] as const) {
      const written = permissions[behavior];
      if (!Array.isArray(written)) continue;
      for (const rule of written) if (typeof rule === "string") rules.push({ behavior, source, rule });
    }
  }
  const order = (rule: IgnoredRule) => RULE_ORIGINS.indexOf(rule.source);
  // Array.prototype.sort is stable: each file's rules stay in the order above.
  return rules.sort((a, b) => order(a) - order(b));
}

/** The settings' errors (a file or key skipped), as claude's `list_permission_rules` lists them. */
export function settingsFileErrors(problems: readonly Problem[]): SettingsFileError[] {
  return problems
    .filter((p) => p.severity === "error" && p.file !== undefined)
    .map((p) => ({ file: p.file as string, path: p.field ?? "", message: p.message }));
}
