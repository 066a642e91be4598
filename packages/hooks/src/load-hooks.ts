/**
 * Compiles the `hooks` of every settings layer into runnable hooks (§3), each entry by its
 * dialect's compiler (native-entry.ts, claude-group.ts). A bad entry is reported with its
 * location and skipped; everything else still loads.
 */
import { compileGroup } from "./claude-group.js";
import { type EntryReport, isPlainObject, issueText } from "./compile-entry.js";
import type { CompiledHook } from "./compiled-hook.js";
import { HOOK_EVENTS, type HookEvent, isHookEvent, UNSUPPORTED_CLAUDE_EVENTS } from "./events.js";
import { withheldCredentialProblems } from "./http-credential-problems.js";
import { allowedEnvVarsFromLayers, limitHeaderVariables, unlistedHeaderVariables } from "./http-env-vars.js";
import { allowedUrlsFromLayers, keepAllowedUrls } from "./http-url-allowlist.js";
import { hookSwitches, isManagedHook, type UnmanagedOff } from "./managed-switches.js";
import { compileNative } from "./native-entry.js";
import { nearName } from "./near-name.js";
import type { Problem } from "./problem.js";
import { type SettingsLayer, USER_OWNED_SOURCES } from "./settings-layer.js";
import { hookSettingsSchema } from "./settings-schema.js";
import type { ToolRuleCompiler } from "./tool-rule.js";

export interface LoadedHooks {
  hooks: CompiledHook[];
  problems: Problem[];
  /** Every hook is off: `disableAllHooks` in the managed settings, or in a layer when no managed hook exists. */
  disabled: boolean;
  /** Hooks not from the managed settings are skipped, for this reason (managed-switches.ts). */
  unmanagedOff?: UnmanagedOff;
}

export interface LoadHooksOptions {
  /**
   * Reads the `if` of Claude Code hooks, a permission rule (tool-rule.ts): the harness's own
   * grammar. Without it such an `if` is not checked (the hook runs on every call its matcher
   * selects), with a warning.
   */
  toolRule?: ToolRuleCompiler;
  /**
   * Whether a layer is one of Claude Code's own settings files. There an entry that is no group
   * (`{"type": "command", …}` straight in the event's list, codebot's native shape) is passed
   * over with a warning, as claude 2.1.328 passes over it (recorded: "Hook matcher "hooks" must be
   * an array of hook entries; … matcher ignored", the event's other groups run): a hook written for
   * Claude Code that never ran there does not start running, with codebot's payload, here. An
   * unknown event there is a warning, not an error, as claude runs on past it.
   */
  claudeFile?: (layer: SettingsLayer) => boolean;
}

/** Compiles all layers in order: per event, managed → user → project → local → cli, each file in file order. */
export function loadHooks(layers: readonly SettingsLayer[], options: LoadHooksOptions = {}): LoadedHooks {
  const hooks: CompiledHook[] = [];
  const problems: Problem[] = [];
  const objects: SettingsLayer[] = [];
  for (const layer of layers) {
    const report = (p: Omit<Problem, "file">) => problems.push({ file: layer.path, ...p });
    const settings = layer.settings;
    if (settings === undefined || settings === null) continue;
    if (!isPlainObject(settings)) {
      report({ severity: "error", message: "settings must be a JSON object" });
      continue;
    }
    objects.push(layer);
    for (const key of ["disableAllHooks", "allowManagedHooksOnly", "httpHookAllowedHosts"] as const) {
      const checked = hookSettingsSchema.shape[key].safeParse(settings[key]);
      if (!checked.success) report({ severity: "error", field: key, message: issueText(checked.error) });
    }
    if (settings.disableAllHooks === true) {
      // The contract honours it from any layer; a repository doing so must not go unnoticed.
      if (!USER_OWNED_SOURCES.has(layer.source)) {
        report({
          severity: "warning",
          field: "disableAllHooks",
          message: "this project's settings turn off every hook, including your own",
        });
      }
    }
    const byEvent = settings.hooks;
    if (byEvent === undefined) continue;
    if (!isPlainObject(byEvent)) {
      report({
        severity: "error",
        field: "hooks",
        message: "must be an object of event name → list of hooks",
      });
      continue;
    }
    for (const [event, entries] of Object.entries(byEvent)) {
      if (!isHookEvent(event)) {
        if (UNSUPPORTED_CLAUDE_EVENTS.has(event)) {
          report({
            severity: "warning",
            event,
            message: `Claude Code event "${event}" is not supported by codebot; its hooks do not run`,
          });
        } else if (!Array.isArray(entries)) {
          // No hook is lost: a value a hook script reads (`"largeFileThreshold": 1000`, as
          // nightshift2k/claude-code-hooks' README has it), which claude 2.1.328 ignores with a warning.
          report({
            severity: "warning",
            event,
            message: `"${event}" is not a hook event and holds no list of hooks: ignored`,
          });
        } else if (layer.plugin !== undefined) {
          // A plugin written for a newer claude must not stop the session: claude 2.1.328 ignores
          // such an event and loads the plugin's other hooks (recorded), and so does codebot.
          report({
            severity: "warning",
            event,
            message: `${nearName(event, HOOK_EVENTS) ? unknownEventMessage(event) : `unknown event "${event}" (a newer Claude Code's?)`}: its hooks do not run (the plugin's other hooks load)`,
          });
        } else if (options.claudeFile?.(layer)) {
          // A file claude reads too: claude 2.1.328 skips the event in silence and runs the file's
          // other hooks (recorded; only its `doctor` names it). codebot runs on as well, but says
          // so at every start: a typo such as "PreTooluse" leaves a guard that never runs.
          report({
            severity: "warning",
            event,
            message: `${unknownEventMessage(event)}: its hooks do not run (the file's other hooks load)`,
          });
        } else {
          report({ severity: "error", event, message: unknownEventMessage(event) });
        }
        continue;
      }
      if (!Array.isArray(entries)) {
        report({ severity: "error", event, message: "must be a list of hook entries" });
        continue;
      }
      entries.forEach((raw: unknown, index) => {
        const entryReport: EntryReport = (p) => report({ event, index, ...p });
        if (options.claudeFile?.(layer) && isPlainObject(raw) && raw.hooks === undefined) {
          entryReport({ severity: "warning", message: NOT_IN_A_GROUP });
          return;
        }
        hooks.push(...compileEntry(layer, event, index, raw, entryReport, options.toolRule));
      });
    }
  }
  const switches = hookSwitches(objects, hooks.some(isManagedHook));
  problems.push(...switches.problems);
  const envVars = allowedEnvVarsFromLayers(objects);
  const urls = allowedUrlsFromLayers(objects);
  const allowed = keepAllowedUrls(hooks, urls.lists);
  const limited = limitHeaderVariables(allowed.hooks, envVars.names);
  problems.push(
    ...envVars.problems,
    ...urls.problems,
    ...allowed.problems,
    ...unlistedHeaderVariables(allowed.hooks),
    ...limited.problems,
    ...withheldCredentialProblems(limited.hooks),
  );
  return {
    hooks: limited.hooks,
    problems,
    disabled: switches.disabled,
    ...(switches.unmanagedOff ? { unmanagedOff: switches.unmanagedOff } : {}),
  };
}

const NOT_IN_A_GROUP =
  'a hook outside a group: Claude Code runs only the hooks of a group\'s "hooks" list ({"matcher": …, "hooks": [{"type": "command", …}]}) and passes over this one; not run';

/** A native entry becomes one hook; a Claude Code group one hook per member. */
function compileEntry(
  layer: SettingsLayer,
  event: HookEvent,
  index: number,
  raw: unknown,
  report: EntryReport,
  toolRule: ToolRuleCompiler | undefined,
): CompiledHook[] {
  if (!isPlainObject(raw)) {
    report({ severity: "error", message: "a hook entry must be an object" });
    return [];
  }
  if (raw.type === undefined && raw.hooks !== undefined) {
    if (!Array.isArray(raw.hooks)) {
      report({ severity: "error", field: "hooks", message: "a Claude Code group's hooks must be a list" });
      return [];
    }
    return compileGroup(layer, event, index, raw, raw.hooks, report, toolRule);
  }
  const hook = compileNative(layer, event, index, raw, report);
  return hook ? [hook] : [];
}

/** `unknown event "PreToolUze" (did you mean "PreToolUse"?)`, or the list of events. */
export function unknownEventMessage(event: string): string {
  const near = nearName(event, HOOK_EVENTS);
  return near
    ? `unknown event "${event}" (did you mean "${near}"?)`
    : `unknown event "${event}" (known: ${HOOK_EVENTS.join(", ")})`;
}
