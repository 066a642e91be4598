/**
 * Compiles the `hooks` of every settings layer into runnable hooks (§3). A bad entry is reported
 * with its location and skipped; everything else still loads.
 */
import { compileGroup } from "./claude-group.js";
import {
  compileMatcher,
  derivedLabel,
  type EntryReport,
  isPlainObject,
  issueText,
  reportIssues,
  specOf,
  warnUnknownKeys,
} from "./compile-entry.js";
import {
  EVENT_SPECS,
  HOOK_EVENTS,
  type HookEvent,
  isHookEvent,
  UNSUPPORTED_CLAUDE_EVENTS,
} from "./events.js";
import type { HookSpec } from "./executor.js";
import { hookFingerprint } from "./fingerprint.js";
import { type Matcher, parseMatcher } from "./matcher.js";
import type { Problem } from "./problem.js";
import { type SettingsLayer, type SettingsSource, USER_OWNED_SOURCES } from "./settings-layer.js";
import { ENTRY_KEYS, hookEntrySchema, hookSettingsSchema } from "./settings-schema.js";

/** One hook ready to run, with where it came from. */
export interface CompiledHook {
  event: HookEvent;
  /** Index of the entry (or Claude Code group) in its file's list for the event. */
  index: number;
  /** Index of the hook inside its Claude Code group. */
  memberIndex?: number;
  /** `native`: a codebot entry (§3.1); `claude`: a hook of a Claude Code group, with its rules (§11). */
  style: "native" | "claude";
  /** `async: true` in a Claude Code group: started in the background, never waited for, cannot block. */
  background: boolean;
  source: SettingsSource;
  /** The settings file it came from. */
  path: string;
  plugin?: { name: string; root: string; dataDir: string };
  spec: HookSpec;
  matcher: Matcher;
  ifMatcher?: Matcher;
  blocking: boolean;
  timeoutMs: number;
  onError: "allow" | "block";
  env: Record<string, string>;
  /** The entry's `name`, else a derived label such as `PreToolUse[0] command: exit 2`. */
  name: string;
  enabled: boolean;
  statusMessage?: string;
  /** sha256 of the event and the entry's canonical JSON (§8). */
  fingerprint: string;
  /**
   * Hooks with the same group id run concurrently and merge in configuration order (Claude Code
   * groups, §11); a native entry has none and runs on its own.
   */
  group?: string;
}

export interface LoadedHooks {
  hooks: CompiledHook[];
  problems: Problem[];
  /** `disableAllHooks: true` in some layer. */
  disabled: boolean;
}

const DEFAULT_TIMEOUT_S = 60;

/** Compiles all layers in order: per event, user → project → local → cli, each file in file order. */
export function loadHooks(layers: readonly SettingsLayer[]): LoadedHooks {
  const hooks: CompiledHook[] = [];
  const problems: Problem[] = [];
  let disabled = false;
  for (const layer of layers) {
    const report = (p: Omit<Problem, "file">) => problems.push({ file: layer.path, ...p });
    const settings = layer.settings;
    if (settings === undefined || settings === null) continue;
    if (!isPlainObject(settings)) {
      report({ severity: "error", message: "settings must be a JSON object" });
      continue;
    }
    for (const key of ["disableAllHooks", "httpHookAllowedHosts"] as const) {
      const checked = hookSettingsSchema.shape[key].safeParse(settings[key]);
      if (!checked.success) report({ severity: "error", field: key, message: issueText(checked.error) });
    }
    if (settings.disableAllHooks === true) {
      disabled = true;
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
        hooks.push(...compileEntry(layer, event, index, raw, (p) => report({ event, index, ...p })));
      });
    }
  }
  return { hooks, problems, disabled };
}

/** A native entry becomes one hook; a Claude Code group one hook per member. */
function compileEntry(
  layer: SettingsLayer,
  event: HookEvent,
  index: number,
  raw: unknown,
  report: EntryReport,
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
    return compileGroup(layer, event, index, raw, raw.hooks, report);
  }
  const hook = compileNative(layer, event, index, raw, report);
  return hook ? [hook] : [];
}

function compileNative(
  layer: SettingsLayer,
  event: HookEvent,
  index: number,
  raw: Record<string, unknown>,
  report: EntryReport,
): CompiledHook | undefined {
  const parsed = hookEntrySchema.safeParse(raw);
  if (!parsed.success) {
    reportIssues(parsed.error, raw, report);
    return undefined;
  }
  const entry = parsed.data;
  warnUnknownKeys(
    raw,
    ENTRY_KEYS[entry.type],
    (key) =>
      Object.values(ENTRY_KEYS).some((keys) => keys.has(key))
        ? `"${key}" does not apply to ${entry.type} hooks; ignored`
        : undefined,
    report,
  );
  const matcher = compileMatcher(parseMatcher, entry.matcher ?? "", "matcher", report);
  if (!matcher) return undefined;
  const ifMatcher = entry.if === undefined ? undefined : compileMatcher(parseMatcher, entry.if, "if", report);
  if (entry.if !== undefined && !ifMatcher) return undefined;
  const spec = EVENT_SPECS[event];
  if (spec.matchOn === "none" && matcher.kind === "exact") {
    report({
      severity: "warning",
      field: "matcher",
      message: `${event} has no match name (it is ""), so the exact matcher "${matcher.source}" never fires`,
    });
  }
  if (spec.ifOn === "none" && ifMatcher?.kind === "exact") {
    report({
      severity: "warning",
      field: "if",
      message: `${event} has nothing to filter on (it is ""), so the exact if "${ifMatcher.source}" never fires`,
    });
  }
  if (spec.mode === "async" && entry.blocking === true) {
    report({
      severity: "warning",
      field: "blocking",
      message: `${event} hooks run asynchronously and cannot block`,
    });
  }
  return {
    event,
    index,
    style: "native",
    background: false,
    source: layer.source,
    path: layer.path,
    ...(layer.plugin ? { plugin: layer.plugin } : {}),
    spec: specOf(entry),
    matcher,
    ...(ifMatcher ? { ifMatcher } : {}),
    blocking: entry.blocking ?? false,
    timeoutMs: Math.round((entry.timeout ?? DEFAULT_TIMEOUT_S) * 1000),
    onError: entry.onError ?? "allow",
    env: entry.env ?? {},
    name: entry.name ?? derivedLabel(`${event}[${index}]`, entry),
    enabled: entry.enabled ?? true,
    ...(entry.statusMessage !== undefined ? { statusMessage: entry.statusMessage } : {}),
    fingerprint: hookFingerprint(event, raw),
  };
}

function unknownEventMessage(event: string): string {
  const near = HOOK_EVENTS.find((known) => known.toLowerCase() === event.toLowerCase());
  return near
    ? `unknown event "${event}" (did you mean "${near}"?)`
    : `unknown event "${event}" (known: ${HOOK_EVENTS.join(", ")})`;
}
