import { firstMatching, type PermissionRuleSet } from "../approval/permission-rules.js";

/**
 * Which rules keep a file out: deny rules always; ask rules too where nobody the user trusts chose
 * the file (the model's `skill` call, a project's import) and no question can be put.
 */
export type RulesThatCount = "deny" | "deny-and-ask";

/**
 * The session's `permissions.deny` and `ask` rules for `read`, for the places that put a file's
 * content before the model without a `read` call (`@file` in a skill, `@path` in an instruction
 * file): a file the read tool may not read unasked must not get in another way.
 */
export class ReadRules {
  constructor(
    /** The rules in force now (settings can change during the session). */
    private readonly current: () => PermissionRuleSet,
    /** The project directory, real path: what `./x` and `/x` in a rule are relative to. */
    private readonly root: string,
  ) {}

  /** No rules at all (a caller outside a session). */
  static none(root: string): ReadRules {
    return new ReadRules(() => ({ allow: [], ask: [], deny: [] }), root);
  }

  /**
   * Why `file` (an absolute real path, as the read tool matches it, also named as `spellings`:
   * path-spellings.ts) may not be read here, naming the rule; undefined when it may.
   */
  keptOutBy(file: string, counted: RulesThatCount, spellings?: readonly string[]): string | undefined {
    const subject = { tool: "read", path: file, spellings };
    const where = { root: this.root };
    const rules = this.current();
    const denied = firstMatching(rules.deny, subject, where);
    if (denied !== undefined) return `the deny rule "${denied.text}" covers it`;
    if (counted === "deny") return undefined;
    const asked = firstMatching(rules.ask, subject, where);
    return asked === undefined ? undefined : `the ask rule "${asked.text}" covers it and nobody was asked`;
  }
}
