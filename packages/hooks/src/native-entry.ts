/**
 * The native dialect's compiler: a codebot entry (§3.1) becomes one CompiledHook that follows
 * the event's own row of the event table (mode, match name, `if` subject, codebot's payload).
 */

import {
  compileMatcher,
  derivedLabel,
  type EntryReport,
  reportIssues,
  specOf,
  warnUnknownKeys,
} from "./compile-entry.js";
import type { CompiledHook } from "./compiled-hook.js";
import { EVENT_SPECS, type EventSpec, type HookEvent } from "./events.js";
import { hookFingerprint } from "./fingerprint.js";
import { parseMatcher } from "./matcher.js";
import { buildPayload } from "./payload.js";
import type { SettingsLayer } from "./settings-layer.js";
import { ENTRY_KEYS, hookEntrySchema } from "./settings-schema.js";

const DEFAULT_TIMEOUT_S = 60;

export function compileNative(
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
  const spec: EventSpec = EVENT_SPECS[event];
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
  const blocking = entry.blocking ?? false;
  return {
    event,
    index,
    style: "native",
    mode: spec.mode,
    background: false,
    matchOn: spec.matchOn,
    ifOn: spec.ifOn,
    payload: buildPayload,
    plainContext: false,
    // The answer is read in both vocabularies: a native guard may end the run as a Claude Code hook can.
    canStopRun: blocking && spec.mode === "hard" && spec.claude.canStopRun === true,
    skipFailedCall: false,
    // §9.5: a sub-agent's loop that exits for any reason fires SubagentStop.
    skipStoppedRun: false,
    claudeVariables: false,
    source: layer.source,
    path: layer.path,
    ...(layer.plugin ? { plugin: layer.plugin } : {}),
    spec: specOf(entry),
    matcher,
    ...(ifMatcher ? { ifMatcher } : {}),
    blocking,
    timeoutMs: Math.round((entry.timeout ?? DEFAULT_TIMEOUT_S) * 1000),
    onError: entry.onError ?? "allow",
    env: entry.env ?? {},
    name: entry.name ?? derivedLabel(`${event}[${index}]`, entry),
    ...(entry.name === undefined ? { derivedName: true as const } : {}),
    enabled: entry.enabled ?? true,
    ...(entry.statusMessage !== undefined ? { statusMessage: entry.statusMessage } : {}),
    fingerprint: hookFingerprint(event, raw),
  };
}
