import type { SettingsLayer } from "@codebot/hooks";
import { RESTRICTED_BYPASS_REFUSAL } from "./session-modes.js";

/** What the settings forbid for the whole session, read before the layers are merged. */
export interface ManagedPolicy {
  /**
   * The file whose `permissions.disableBypassPermissionsMode: "disable"` forbids
   * `bypassPermissions` (`--dangerously-skip-permissions`). Honoured from any layer: it only restricts.
   */
  bypassDisabledBy?: string;
  /**
   * The file whose `disableAutoMode: "disable"` (Claude Code's key, top level or under
   * `permissions`) forbids `auto`. Honoured from any layer: it only restricts.
   */
  autoModeDisabledBy?: string;
  /** The managed file whose `allowManagedPermissionRulesOnly: true` makes its rules the only ones. */
  managedRulesOnlyBy?: string;
  /**
   * The files whose `permissions.blockReadsOutsideWorkingDirectories` /
   * `blockWritesOutsideWorkingDirectories` is `true`: a bash line reading / writing a path outside
   * the project and its added folders is refused. Honoured from any layer: it only restricts.
   */
  blockOutside?: OutsideBlock;
  /** `--restricted`: `bypassPermissions` is refused, as by claude 2.1.328 ("not supported in restricted mode"). */
  restricted?: boolean;
}

/** Which of a bash line's reaches outside the working folders are refused, and the file that says so. */
export interface OutsideBlock {
  reads?: string;
  writes?: string;
}

export function managedPolicyOf(layers: readonly SettingsLayer[]): ManagedPolicy {
  const policy: ManagedPolicy = {};
  for (const layer of layers) {
    const settings = layer.settings as Record<string, unknown> | null;
    if (typeof settings !== "object" || settings === null) continue;
    const permissions = settings.permissions as Record<string, unknown> | undefined;
    if (permissions?.disableBypassPermissionsMode === "disable") policy.bypassDisabledBy ??= layer.path;
    for (const [key, kind] of [
      ["blockReadsOutsideWorkingDirectories", "reads"],
      ["blockWritesOutsideWorkingDirectories", "writes"],
    ] as const)
      if (permissions?.[key] === true) policy.blockOutside = { [kind]: layer.path, ...policy.blockOutside };
    if (permissions?.disableAutoMode === "disable" || settings.disableAutoMode === "disable")
      policy.autoModeDisabledBy ??= layer.path;
    if (layer.source === "managed" && settings.allowManagedPermissionRulesOnly === true)
      policy.managedRulesOnlyBy ??= layer.path;
  }
  return policy;
}

/** The one-line refusal of `bypassPermissions` when the policy forbids it. */
export function bypassRefusal(policy: ManagedPolicy): string | undefined {
  if (policy.bypassDisabledBy === undefined)
    return policy.restricted === true ? `permissions: ${RESTRICTED_BYPASS_REFUSAL}` : undefined;
  return `permissions: bypassPermissions (--dangerously-skip-permissions) is disabled by ${policy.bypassDisabledBy} (disableBypassPermissionsMode)`;
}

/** The one-line refusal of `auto` when a settings file disables it. */
export function autoModeRefusal(policy: ManagedPolicy): string | undefined {
  return policy.autoModeDisabledBy === undefined
    ? undefined
    : `permissions: auto mode is disabled by ${policy.autoModeDisabledBy} (disableAutoMode)`;
}

/** Why `mode` may not be used under the policy, if it may not (bypassPermissions, auto). */
export function modeRefusal(policy: ManagedPolicy, mode: string): string | undefined {
  if (mode === "bypassPermissions") return bypassRefusal(policy);
  return mode === "auto" ? autoModeRefusal(policy) : undefined;
}
