/**
 * What the managed (policy) settings decide about which hooks run: `disableAllHooks` there turns
 * every hook off; elsewhere it turns off every hook but the managed ones (a user must not be able
 * to switch the policy's hooks off); `allowManagedHooksOnly` there runs the managed hooks alone.
 */
import type { CompiledHook } from "./compiled-hook.js";
import type { Problem } from "./problem.js";
import type { SettingsLayer } from "./settings-layer.js";

/** A hook of the managed settings, or of a plugin they force on: the switches below never skip it. */
export function isManagedHook(hook: Pick<CompiledHook, "source" | "plugin">): boolean {
  return hook.source === "managed" || hook.plugin?.forcedByPolicy === true;
}

/** Why the hooks that do not come from the managed settings are skipped. */
export type UnmanagedOff = "managed hooks only" | "hooks disabled";

export interface HookSwitches {
  /** Every hook is off. */
  disabled: boolean;
  /** Hooks from any other source are skipped, for this reason; managed hooks run. */
  unmanagedOff?: UnmanagedOff;
  problems: Problem[];
}

/** The switches of the layers (each an object; `hasManagedHooks`: the managed layers configure hooks). */
export function hookSwitches(layers: readonly SettingsLayer[], hasManagedHooks: boolean): HookSwitches {
  const problems: Problem[] = [];
  let disabled = false;
  let managedOnly = false;
  let othersDisable = false;
  for (const layer of layers) {
    const settings = layer.settings as Record<string, unknown>;
    const managed = layer.source === "managed";
    if (settings.allowManagedHooksOnly === true) {
      if (managed) managedOnly = true;
      else
        problems.push({
          severity: "warning",
          file: layer.path,
          field: "allowManagedHooksOnly",
          message: "allowManagedHooksOnly is only honoured in the managed settings; ignored",
        });
    }
    if (settings.disableAllHooks !== true) continue;
    if (managed) disabled = true;
    else othersDisable = true;
  }
  if (disabled) return { disabled, problems };
  if (othersDisable && hasManagedHooks) {
    const files = layers.filter((l) => l.source !== "managed" && disablesAll(l)).map((l) => l.path);
    for (const file of files)
      problems.push({
        severity: "warning",
        file,
        field: "disableAllHooks",
        message: "disableAllHooks does not switch off the managed settings' hooks; they still run",
      });
  }
  if (managedOnly) return { disabled: false, unmanagedOff: "managed hooks only", problems };
  if (othersDisable)
    return hasManagedHooks
      ? { disabled: false, unmanagedOff: "hooks disabled", problems }
      : { disabled: true, problems };
  return { disabled: false, problems };
}

function disablesAll(layer: SettingsLayer): boolean {
  return (layer.settings as Record<string, unknown>).disableAllHooks === true;
}
