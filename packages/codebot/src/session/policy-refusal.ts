import { formatProblem, type Problem } from "@codebot/hooks";
import { modeRefusal } from "../settings/managed-policy.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import { type ProjectSettings, projectProblems } from "./project-settings.js";

/**
 * Why a session must not start under the machine's policy, if it must not: an error in a managed
 * settings file (a policy half read could leave a guard or a deny rule out, so codebot fails
 * closed), or `bypassPermissions` asked for (`--dangerously-skip-permissions`) while the settings disable it
 * or `--restricted` is on, or `auto` while the settings disable it (`disableAutoMode`).
 */
export function policyRefusal(
  project: ProjectSettings,
  mode: PermissionMode | undefined,
): string | undefined {
  const broken = managedSettingsError(project);
  if (broken !== undefined)
    return `${formatProblem(broken)}; codebot does not start while the managed settings (the machine's policy) have an error`;
  const { policy } = project.settings;
  // `--restricted` refuses a settings file's `defaultMode` too, as claude 2.1.328 does (exit 1).
  const effective = policy.restricted === true ? (mode ?? project.settings.permissions.mode) : mode;
  return effective === undefined ? undefined : modeRefusal(policy, effective);
}

/** The first error in a managed settings file or drop-in folder, if any. */
export function managedSettingsError(project: ProjectSettings): Problem | undefined {
  const managed = new Set(project.managedFiles);
  return projectProblems(project).find(
    (p) => p.severity === "error" && p.file !== undefined && managed.has(p.file),
  );
}
