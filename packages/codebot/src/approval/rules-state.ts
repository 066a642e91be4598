import type { PermissionRule } from "./permission-rule.js";
import type { PermissionRuleSet } from "./permission-rules.js";
import { editabilityOf, RULE_ORIGINS, type RuleOrigin } from "./rule-origin.js";

/** One rule as claude 2.1.328's `list_permission_rules` answers it (recorded). */
export interface ListedRule {
  behavior: "allow" | "ask" | "deny";
  source: RuleOrigin;
  rule: string;
  description?: RuleDescription;
  editability: "persistent" | "session" | "readonly";
  /** Set when only the managed settings' rules count: a rule of another settings file, ignored. */
  notInEffect?: true;
}

/** A rule of a settings file that does not count (only the managed settings' rules do), as written there. */
export type IgnoredRule = Pick<ListedRule, "behavior" | "source" | "rule">;

/** The terminal's plain-language reading of a rule: `emphasis` is the rule's own text. */
export interface RuleDescription {
  prefix: string;
  emphasis?: string;
  suffix?: string;
}

/** The Agent SDK's `listPermissionRules()` answer's `state`. */
export interface PermissionRulesState {
  rules: ListedRule[];
  workspaceDirectories: { path: string; source: RuleOrigin }[];
  originalCwd: string;
  managedOnly: boolean;
  /** The settings files skipped (a file that broke mid-session); absent when none was. */
  errors?: SettingsFileError[];
}

/** A settings file's error, as claude's `get_settings` reports it: `path` is the key, or `""` for the whole file. */
export interface SettingsFileError {
  file: string;
  path: string;
  message: string;
}

/**
 * The rules in force (and the allow rules granted for now: a skill's `allowed-tools`, claude's
 * `command`) listed as claude lists them: by behavior — allow, ask, deny — then by origin in
 * claude's order, each origin's rules as they were read. A rule without an origin was added by the
 * session. Under `managedOnly`, the other settings files' rules follow, marked `notInEffect` (in
 * `notInEffect`'s order). A rule listed twice alike is listed once, as claude 2.1.328 lists it.
 */
export function rulesState(parts: {
  rules: PermissionRuleSet;
  granted: readonly PermissionRule[];
  directories: readonly { path: string; origin: RuleOrigin }[];
  originalCwd: string;
  managedOnly: boolean;
  /** Rules of the settings files that do not count, by origin (notInEffectRules). */
  notInEffect: readonly IgnoredRule[];
  errors: readonly SettingsFileError[];
}): PermissionRulesState {
  const { rules, granted } = parts;
  const listed: ListedRule[] = [];
  const seen = new Set<string>();
  const list = (row: ListedRule) => {
    const key = [row.behavior, row.source, row.rule, row.notInEffect === true].join("\0");
    if (seen.has(key)) return;
    seen.add(key);
    listed.push(row);
  };
  for (const behavior of ["allow", "ask", "deny"] as const) {
    const of = behavior === "allow" ? [...rules.allow, ...granted.map(asGrant)] : rules[behavior];
    const byOrigin = (rule: PermissionRule) => RULE_ORIGINS.indexOf(rule.origin ?? "session");
    // Array.prototype.sort is stable: each origin's rules stay in the order they were read.
    for (const rule of [...of].sort((a, b) => byOrigin(a) - byOrigin(b))) {
      list(listedRule(behavior, rule.text, rule.origin ?? "session"));
    }
  }
  if (parts.managedOnly)
    for (const rule of parts.notInEffect)
      list({
        ...listedRule(rule.behavior, rule.rule, rule.source),
        editability: "readonly",
        notInEffect: true,
      });
  return {
    rules: listed,
    workspaceDirectories: parts.directories.map((d) => ({ path: d.path, source: d.origin })),
    originalCwd: parts.originalCwd,
    managedOnly: parts.managedOnly,
    ...(parts.errors.length > 0 ? { errors: [...parts.errors] } : {}),
  };
}

function listedRule(behavior: ListedRule["behavior"], text: string, source: RuleOrigin): ListedRule {
  const description = describeRule(text);
  return {
    behavior,
    source,
    rule: text,
    ...(description !== undefined ? { description } : {}),
    editability: editabilityOf(source),
  };
}

function asGrant(rule: PermissionRule): PermissionRule {
  return { ...rule, origin: "command" };
}

/**
 * claude 2.1.328's reading of a rule (recorded): `The Bash command <x>` for an exact command,
 * `Any Bash command starting with <x>` for `x:*` and `x *`, `Any Bash command` for `Bash`, `Any use
 * of the <Tool> tool` for any other bare tool; none for a path, a domain or another pattern.
 */
export function describeRule(text: string): RuleDescription | undefined {
  const match = /^([^()]+)(?:\((.*)\))?$/s.exec(text);
  if (match === null) return undefined;
  const [, tool, specifier] = match as unknown as [string, string, string | undefined];
  if (specifier === undefined)
    return tool === "Bash"
      ? { prefix: "Any Bash command" }
      : { prefix: "Any use of the ", emphasis: tool, suffix: " tool" };
  if (tool !== "Bash" || specifier === "") return undefined;
  const prefix = /^(.+?)(?::\*| \*)$/s.exec(specifier)?.[1];
  if (prefix !== undefined && !prefix.includes("*"))
    return { prefix: "Any Bash command starting with ", emphasis: prefix };
  if (!specifier.includes("*")) return { prefix: "The Bash command ", emphasis: specifier };
  return undefined;
}
