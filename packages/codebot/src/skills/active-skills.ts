/**
 * What loading a skill puts in force (by the `skill` tool or by `/name`):
 * - its front-matter `hooks` for the rest of the session (added once, however often it is
 *   loaded; `once: true` hooks run once), as the runner's scoped hooks — under the same approval
 *   as any hook of the skill's origin, so a project skill's hooks need the user's consent;
 * - its `allowed-tools` as allow rules until the prompt that loaded it ends (`${CLAUDE_SKILL_DIR}`,
 *   `${CLAUDE_PLUGIN_ROOT}` filled in). A project skill's
 *   rules count only where the same `permissions.allow` rule in project settings would: once the
 *   grant `allow:<rule>` is trusted (`codebot hooks trust`, `--trust-project-hooks`), and, as
 *   such a rule, only while the files its command runs are those approved (allow-grant.ts).
 */
import { formatProblem } from "@codebot/hooks";
import { type PermissionRule, parsePermissionRule } from "../approval/permission-rule.js";
import { allowGrantRunning, approvedAllowRule } from "../settings/allow-grant.js";
import type { Skill } from "./skill.js";
import { compileSkillHooks } from "./skill-hooks.js";
import type { SkillHost } from "./skill-host.js";
import { skillRuleVariables } from "./skill-variables.js";

export class ActiveSkills {
  /** The skills whose hooks are in force, with the function that takes them out. */
  private readonly withHooks = new Map<string, () => void>();
  private readonly grants: (() => void)[] = [];
  private readonly told = new Set<string>();

  constructor(private readonly host: SkillHost) {}

  activate(skill: Skill): void {
    this.addHooks(skill);
    const rules = this.allowedRules(skill);
    if (rules.length > 0) this.grants.push(this.host.approval.grant(rules));
  }

  /** A fresh conversation (`/clear`, `/resume`): the loaded skills' hooks leave with the old one. */
  reset(): void {
    for (const remove of this.withHooks.values()) remove();
    this.withHooks.clear();
  }

  /** The prompt ended: the `allowed-tools` of the skills it loaded stop counting. */
  promptEnded(): void {
    for (const remove of this.grants.splice(0)) remove();
  }

  private addHooks(skill: Skill): void {
    if (skill.hooks === undefined || this.withHooks.has(skill.name)) return;
    const loaded = compileSkillHooks(skill, this.host.paths.root);
    for (const problem of loaded.problems)
      this.host.notify(`codebot: skill /${skill.name}: ${formatProblem(problem)}`);
    this.withHooks.set(skill.name, this.host.runner.addScopedHooks(`skill:${skill.name}`, loaded.hooks));
  }

  private allowedRules(skill: Skill): PermissionRule[] {
    const rules: PermissionRule[] = [];
    const untrusted: string[] = [];
    for (const written of skill.allowedTools) {
      const text = skillRuleVariables(written, skill);
      const parsed = parsePermissionRule(text);
      if (!parsed.ok) {
        this.tellOnce(
          `${skill.name}:${text}`,
          `codebot: skill /${skill.name}: allowed-tools: ${parsed.error}; ignored`,
        );
        continue;
      }
      if (skill.source !== "project") {
        rules.push(parsed.rule);
        continue;
      }
      // As a project's permissions.allow rule: only while what it runs is what was approved.
      const root = this.host.paths.root;
      const approved = allowGrantRunning(text, root);
      if (this.host.isGrantTrusted(approved.grant))
        rules.push(approvedAllowRule(parsed.rule, approved, root));
      else untrusted.push(text);
    }
    if (untrusted.length > 0)
      this.tellOnce(
        `${skill.name}:untrusted`,
        `codebot: project skill /${skill.name} asks to pre-approve ${untrusted.join(", ")}; not honoured until the project's grants are trusted (codebot hooks trust, or --trust-project-hooks)`,
      );
    return rules;
  }

  private tellOnce(key: string, message: string): void {
    if (this.told.has(key)) return;
    this.told.add(key);
    this.host.notify(message);
  }
}
