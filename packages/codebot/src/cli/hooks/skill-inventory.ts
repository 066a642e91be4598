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
import {
  type HookInventory,
  type InventoryHook,
  inventoryHook,
  scopedHookPlaces,
  withScopedAdditions,
} from "./hook-inventory.js";

export async function withSkills(inv: HookInventory): Promise<HookInventory> {
  const { project, cwd } = inv;
  const loaded = await loadSkills(scopedHookPlaces(inv));
  const hooks: InventoryHook[] = [];
  const problems: Problem[] = loaded.problems.map((message) => ({
    severity: "warning",
    scope: "settings",
    message,
  }));
  const untrusted = [...project.settings.permissions.untrusted];
  for (const skill of loaded.skills.values()) {
    const compiled = compileSkillHooks(skill, cwd);
    problems.push(...compiled.problems);
    for (const hook of compiled.hooks) hooks.push(inventoryHook(hook, cwd, project.trustStore));
    if (skill.source !== "project") continue;
    for (const rule of skill.allowedTools) {
      const grant = allowGrant(rule, cwd);
      if (!project.isGrantTrusted(grant) && !untrusted.some((g) => g.grant === grant))
        untrusted.push({ grant, source: "project", file: skill.file });
    }
  }
  return withScopedAdditions(inv, hooks, problems, untrusted);
}
