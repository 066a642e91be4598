/**
 * The skills' hooks in the inventory (issue 14 item 4), so that `hooks list`, `hooks validate`,
 * `/hooks` show them and their problems, and a project's skills ask for consent with the rest of
 * the project: their front-matter hooks are project hooks, and their `allowed-tools` are project
 * permission grants (`allow:<rule>`, as the same rule in `permissions.allow` of project settings
 * would be) — the one project question and `codebot hooks trust` list and approve them.
 */
import type { Problem } from "@codebot/hooks";
import { allowGrant } from "../../settings/allow-grant.js";
import { loadSkills } from "../../skills/load-skills.js";
import { compileSkillHooks } from "../../skills/skill-hooks.js";
import { skillRuleVariables } from "../../skills/skill-variables.js";
import {
  type HookInventory,
  type ScopedAdditions,
  scopedHookPlaces,
  withScopedAdditions,
} from "./hook-inventory.js";

export async function withSkills(inv: HookInventory): Promise<HookInventory> {
  const loaded = await loadSkills(scopedHookPlaces(inv));
  const unreadable = loaded.problems.map(
    (message): Problem => ({ severity: "warning", scope: "settings", message }),
  );
  const added: ScopedAdditions = {
    hooks: [],
    problems: [...unreadable],
    toldBySession: unreadable,
    grants: [],
  };
  for (const skill of loaded.skills.values()) {
    const compiled = compileSkillHooks(skill, inv.cwd);
    added.problems.push(...compiled.problems);
    added.hooks.push(...compiled.hooks);
    if (skill.source !== "project") continue;
    // Filled in as the session fills it (active-skills.ts), so the grant approved is the one checked.
    for (const rule of skill.allowedTools)
      added.grants.push({
        grant: allowGrant(skillRuleVariables(rule, skill), inv.cwd),
        source: "project",
        file: skill.file,
      });
  }
  return withScopedAdditions(inv, added);
}
