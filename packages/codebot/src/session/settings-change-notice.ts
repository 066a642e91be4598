/**
 * The line said when a changed settings file has been applied mid-session. The managed settings'
 * switches can leave a file's hooks (`allowManagedHooksOnly`) or permission rules
 * (`allowManagedPermissionRulesOnly`) out of force: the line then says they are ignored, and why,
 * rather than that they apply from now on.
 */
import type { SettingsSource } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";
import type { ProjectSettings } from "./project-settings.js";

export function appliedChangeNotice(
  file: { source: SettingsSource; path: string },
  project: Pick<ProjectSettings, "hooks" | "settings">,
): string {
  const managed = file.source === "managed";
  const hooksOff = managed ? undefined : hooksOffReason(project.hooks);
  const rulesOnlyBy = project.settings.policy.managedRulesOnlyBy;
  const rulesOff =
    managed || rulesOnlyBy === undefined
      ? undefined
      : `allowManagedPermissionRulesOnly in ${visible(rulesOnlyBy)}`;
  const changed = `codebot: ${visible(file.path)} changed;`;
  if (hooksOff === undefined && rulesOff === undefined)
    return `${changed} its hooks and permission rules apply from now on`;
  const hooksIgnored = hooksOff && `its hooks do not run (${hooksOff})`;
  const rulesIgnored = rulesOff && `its permission rules are ignored (${rulesOff})`;
  if (hooksIgnored && rulesIgnored)
    return `${changed} nothing in it applies: ${hooksIgnored}, and ${rulesIgnored}`;
  if (hooksIgnored) return `${changed} its permission rules apply from now on, but ${hooksIgnored}`;
  return `${changed} its hooks apply from now on, but ${rulesIgnored}`;
}

function hooksOffReason(hooks: ProjectSettings["hooks"]): string | undefined {
  if (hooks.unmanagedOff === "managed hooks only") return "allowManagedHooksOnly in the managed settings";
  if (hooks.disabled || hooks.unmanagedOff === "hooks disabled") return "disableAllHooks";
  return undefined;
}
