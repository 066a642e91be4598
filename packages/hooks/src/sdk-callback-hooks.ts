/**
 * The Claude Agent SDK's hook matchers, as its `initialize` control request carries them:
 * `{"PreToolUse": [{"matcher": "Bash", "hookCallbackIds": ["hook_0"], "timeout": 5}]}`. Each id
 * becomes a hook of Claude Code's dialect (its matcher syntax and field, its modes, its payload)
 * whose spec is a `callback`: the harness calls the program back with `hook_callback`, and the
 * answer reads as a command hook's JSON output. The program is the one running the session, so
 * its hooks count as given on the command line (`cli`): trusted, never asked about.
 */
import { claudeEventRules, NO_ON_FAILURE } from "./claude-event-rules.js";
import type { CompiledHook } from "./compiled-hook.js";
import { EVENT_SPECS, type HookEvent, isHookEvent } from "./events.js";
import { hookFingerprint } from "./fingerprint.js";
import { MatcherSyntaxError, parseClaudeMatcher } from "./matcher.js";

/** Where listings and traces say an SDK hook comes from. */
export const SDK_HOOKS_PATH = "(Agent SDK initialize)";

/** Claude Code's general hook timeout: an SDK matcher without `timeout` waits this long for its answer. */
const DEFAULT_TIMEOUT_S = 600;

export interface SdkCallbackHooks {
  hooks: CompiledHook[];
  /** What was left out, and why (an unknown event, a matcher that does not compile, a malformed entry). */
  problems: string[];
}

export function compileSdkCallbackHooks(byEvent: unknown): SdkCallbackHooks {
  const hooks: CompiledHook[] = [];
  const problems: string[] = [];
  if (byEvent === undefined || byEvent === null) return { hooks, problems };
  if (typeof byEvent !== "object" || Array.isArray(byEvent))
    return { hooks, problems: ["hooks: not an object of events"] };
  for (const [event, matchers] of Object.entries(byEvent)) {
    if (!isHookEvent(event)) {
      problems.push(`hooks.${event}: an event codebot does not fire; its callbacks are not called`);
      continue;
    }
    if (!Array.isArray(matchers)) {
      problems.push(`hooks.${event}: not a list of matchers`);
      continue;
    }
    matchers.forEach((raw: unknown, index) => {
      const where = `hooks.${event}[${index}]`;
      const compiled = compileMatcherEntry(event, index, raw, where);
      if (typeof compiled === "string") problems.push(`${where}: ${compiled}`);
      else hooks.push(...compiled);
    });
  }
  return { hooks, problems };
}

function compileMatcherEntry(
  event: HookEvent,
  index: number,
  raw: unknown,
  where: string,
): CompiledHook[] | string {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "not an object";
  const entry = raw as {
    matcher?: unknown;
    hookCallbackIds?: unknown;
    timeout?: unknown;
    onFailure?: unknown;
  };
  if (entry.matcher !== undefined && entry.matcher !== null && typeof entry.matcher !== "string")
    return `"matcher" is not a string`;
  const ids = entry.hookCallbackIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string"))
    return `"hookCallbackIds" is not a list of strings`;
  const pattern = typeof entry.matcher === "string" ? entry.matcher : "";
  let matcher: CompiledHook["matcher"];
  try {
    // Claude Code does not filter some events by matcher: every firing of theirs calls back.
    matcher = parseClaudeMatcher(EVENT_SPECS[event].claude.matchOn === "none" ? "" : pattern);
  } catch (error) {
    if (error instanceof MatcherSyntaxError) return `"matcher": ${error.message}`;
    throw error;
  }
  const timeoutS = typeof entry.timeout === "number" && entry.timeout > 0 ? entry.timeout : DEFAULT_TIMEOUT_S;
  const failClosed = entry.onFailure === "block" && !NO_ON_FAILURE.has(event);
  const group = `${SDK_HOOKS_PATH}#${event}[${index}]`;
  return (ids as string[]).map((callbackId, j) => ({
    event,
    index,
    memberIndex: j,
    group,
    ...claudeEventRules(event, false),
    claudeVariables: false,
    source: "cli",
    path: SDK_HOOKS_PATH,
    spec: { type: "callback", callbackId },
    matcher,
    timeoutMs: Math.round(timeoutS * 1000),
    onError: failClosed ? "block" : "allow",
    env: {},
    name: `${where} callback ${callbackId}`,
    derivedName: true,
    enabled: true,
    fingerprint: hookFingerprint(event, { matcher: pattern, callback: callbackId }),
  }));
}
