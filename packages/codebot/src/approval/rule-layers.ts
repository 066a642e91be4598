import type { PermissionRule } from "./permission-rule.js";
import type { PermissionRuleSet } from "./permission-rules.js";

/**
 * The permission rules a session's calls are judged by, layer on layer: the settings' (and the
 * command line's), the Agent SDK's flag settings', the session's own ("always" answers, hooks'
 * `updatedPermissions`), and allow rules granted for a while (an active skill's `allowed-tools`).
 */
export class RuleLayers {
  /** Rules added by "always" answers and PermissionRequest hooks' `updatedPermissions`; they last for the session. */
  private sessionRules = {
    allow: [] as PermissionRule[],
    ask: [] as PermissionRule[],
    deny: [] as PermissionRule[],
  };
  /** The Agent SDK's flag settings' rules (setFlagRules). */
  private flagRules: PermissionRuleSet = { allow: [], ask: [], deny: [] };
  /** Allow rules granted for a while (an active skill's `allowed-tools`), until their remover runs. */
  private readonly granted = new Set<readonly PermissionRule[]>();

  constructor(
    /** The settings' rules (and the command line's), read at each call: they may change during the session. */
    private readonly settingsRules: () => PermissionRuleSet,
  ) {}

  /**
   * The Agent SDK's flag settings' rules (`applyFlagSettings({permissions})`): they hold from the
   * next call, each change replacing the last.
   */
  setFlagRules(rules: PermissionRuleSet): void {
    this.flagRules = rules;
  }

  /** The rules in force now: the settings' (and the command line's), the flag settings', then the session's. */
  get rules(): PermissionRuleSet {
    const settings = this.settingsRules();
    const { allow, ask, deny } = settings;
    const flag = this.flagRules;
    const added = this.sessionRules;
    // Read for every file a search looks at: no copies while nothing was added.
    const extra = [flag, added].reduce(
      (n, set) => n + set.allow.length + set.ask.length + set.deny.length,
      0,
    );
    if (extra === 0) return settings;
    return {
      allow: [...allow, ...flag.allow, ...added.allow],
      ask: [...ask, ...flag.ask, ...added.ask],
      deny: [...deny, ...flag.deny, ...added.deny],
    };
  }

  /** The allow rules granted for now (grant()). */
  get grantedRules(): PermissionRule[] {
    return [...this.granted].flat();
  }

  /**
   * Where an ask rule came from, as claude names it (`decision_reason_rule_source`; recorded from
   * claude 2.1.328: `userSettings`, `projectSettings`, `flagSettings` for `--settings`); one the
   * session added has no origin of its own (rule-origin.ts).
   */
  ruleSourceOf(rule: PermissionRule): { ruleSource: string } {
    return { ruleSource: rule.origin ?? "session" };
  }

  /** A rule for the rest of the session (an "always" answer, a PermissionRequest hook's `addRules`). */
  addSessionRule(behavior: "allow" | "ask" | "deny", rule: PermissionRule): void {
    this.sessionRules[behavior].push(rule);
  }

  /** `/permissions remove`: a rule of the session ("always" answers, hooks) no longer holds. */
  removeSessionRule(behavior: "allow" | "ask" | "deny", text: string): boolean {
    const rules = this.sessionRules[behavior];
    const before = rules.length;
    this.sessionRules[behavior] = rules.filter((rule) => rule.text !== text);
    return this.sessionRules[behavior].length < before;
  }

  /**
   * Allow rules that count until the returned function is called (a skill's `allowed-tools` while
   * it is active). Like any allow rule they never beat a deny or ask rule, or plan mode.
   */
  grant(rules: readonly PermissionRule[]): () => void {
    const entry = [...rules];
    this.granted.add(entry);
    return () => this.granted.delete(entry);
  }
}
