/**
 * Compiles the `hooks` of every settings layer into runnable hooks (§3). A bad entry is reported
 * with its location and skipped; everything else still loads.
 */
import type { z } from "zod";
import { EVENT_SPECS, HOOK_EVENTS, type HookEvent, isHookEvent } from "./events.js";
import type { HookSpec } from "./executor.js";
import { hookFingerprint } from "./fingerprint.js";
import { type Matcher, MatcherSyntaxError, parseMatcher } from "./matcher.js";
import type { Problem } from "./problem.js";
import type { SettingsLayer, SettingsSource } from "./settings-layer.js";
import { ENTRY_KEYS, type HookEntry, hookEntrySchema, hookSettingsSchema } from "./settings-schema.js";

/** One hook ready to run, with where it came from. */
export interface CompiledHook {
  event: HookEvent;
  /** Index of the entry in its file's list for the event. */
  index: number;
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
const LABEL_MAX = 48;

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
    if (settings.disableAllHooks === true) disabled = true;
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
        report({ severity: "error", event, message: unknownEventMessage(event) });
        continue;
      }
      if (!Array.isArray(entries)) {
        report({ severity: "error", event, message: "must be a list of hook entries" });
        continue;
      }
      entries.forEach((raw: unknown, index) => {
        const hook = compileEntry(layer, event, index, raw, (p) => report({ event, index, ...p }));
        if (hook) hooks.push(hook);
      });
    }
  }
  return { hooks, problems, disabled };
}

type EntryReport = (p: Omit<Problem, "file" | "event" | "index">) => void;

function compileEntry(
  layer: SettingsLayer,
  event: HookEvent,
  index: number,
  raw: unknown,
  report: EntryReport,
): CompiledHook | undefined {
  if (!isPlainObject(raw)) {
    report({ severity: "error", message: "a hook entry must be an object" });
    return undefined;
  }
  if (Array.isArray(raw.hooks) && raw.type === undefined) {
    report({
      severity: "error",
      field: "hooks",
      message: 'claude code grouped entries ({"matcher", "hooks": [...]}) are not supported yet',
    });
    return undefined;
  }
  const parsed = hookEntrySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join(".") || undefined;
      report({ severity: "error", field, message: issueMessage(issue, raw) });
    }
    return undefined;
  }
  const entry = parsed.data;
  for (const key of Object.keys(raw)) {
    if (ENTRY_KEYS[entry.type].has(key)) continue;
    const elsewhere = Object.entries(ENTRY_KEYS).find(([, keys]) => keys.has(key));
    report({
      severity: "warning",
      field: key,
      message: elsewhere
        ? `"${key}" does not apply to ${entry.type} hooks; ignored`
        : `unknown key "${key}"; ignored`,
    });
  }
  let matcher: Matcher;
  let ifMatcher: Matcher | undefined;
  try {
    matcher = parseMatcher(entry.matcher ?? "");
  } catch (err) {
    if (!(err instanceof MatcherSyntaxError)) throw err;
    report({ severity: "error", field: "matcher", message: err.message });
    return undefined;
  }
  try {
    ifMatcher = entry.if === undefined ? undefined : parseMatcher(entry.if);
  } catch (err) {
    if (!(err instanceof MatcherSyntaxError)) throw err;
    report({ severity: "error", field: "if", message: err.message });
    return undefined;
  }
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
    name: entry.name ?? derivedLabel(event, index, entry),
    enabled: entry.enabled ?? true,
    ...(entry.statusMessage !== undefined ? { statusMessage: entry.statusMessage } : {}),
    fingerprint: hookFingerprint(event, raw),
  };
}

function specOf(entry: HookEntry): HookSpec {
  switch (entry.type) {
    case "command":
      return { type: "command", command: entry.command };
    case "prompt":
      return { type: "prompt", prompt: entry.prompt, ...(entry.model ? { model: entry.model } : {}) };
    case "http":
      return {
        type: "http",
        url: entry.url,
        ...(entry.headers ? { headers: entry.headers } : {}),
        ...(entry.allowedEnvVars ? { allowedEnvVars: entry.allowedEnvVars } : {}),
      };
  }
}

/** `PreToolUse[0] command: exit 2`, the body shortened to one line. */
function derivedLabel(event: HookEvent, index: number, entry: HookEntry): string {
  const body = entry.type === "command" ? entry.command : entry.type === "prompt" ? entry.prompt : entry.url;
  const line = body.replace(/\s+/g, " ").trim();
  const short = line.length > LABEL_MAX ? `${line.slice(0, LABEL_MAX - 1)}…` : line;
  return `${event}[${index}] ${entry.type}: ${short}`;
}

function unknownEventMessage(event: string): string {
  const near = HOOK_EVENTS.find((known) => known.toLowerCase() === event.toLowerCase());
  return near
    ? `unknown event "${event}" (did you mean "${near}"?)`
    : `unknown event "${event}" (known: ${HOOK_EVENTS.join(", ")})`;
}

/** A zod issue in the project's lower-case style, with "is required" for a missing field. */
function issueMessage(issue: z.core.$ZodIssue, raw: Record<string, unknown>): string {
  const [first] = issue.path;
  if (issue.code === "invalid_union" && first === "type") {
    return raw.type === undefined
      ? 'is required ("command", "prompt" or "http")'
      : `must be "command", "prompt" or "http", not ${JSON.stringify(raw.type)}`;
  }
  if (
    issue.code === "invalid_type" &&
    issue.path.length === 1 &&
    typeof first === "string" &&
    !(first in raw)
  ) {
    return `is required for ${String(raw.type)} hooks`;
  }
  return lowerFirst(issue.message);
}

function issueText(error: z.ZodError): string {
  return error.issues.map((i) => lowerFirst(i.message)).join("; ");
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
