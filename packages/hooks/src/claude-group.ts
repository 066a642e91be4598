/**
 * The Claude Code dialect's compiler: a group (`{"matcher": "...", "hooks": [...]}`, §11)
 * becomes one CompiledHook per member. The members follow Claude Code's rules: they may block on blockable events without
 * `blocking`, the matcher has Claude Code's syntax and is compared with Claude Code's field for
 * the event, the default timeouts are Claude Code's, and `async: true` runs a command hook in the
 * background. The members of one group run concurrently (they share a group id).
 */

import { claudeOnceKey } from "./claude-command.js";
import { claudeEventRules, NO_ON_FAILURE } from "./claude-event-rules.js";
import { compileClaudeIf } from "./claude-if.js";
import { claudeHookSendsConversation } from "./claude-stop-verifier.js";
import {
  compileMatcher,
  derivedLabel,
  type EntryReport,
  isCommentKey,
  isPlainObject,
  reportIssues,
  specOf,
  typeMessage,
  warnUnknownKeys,
} from "./compile-entry.js";
import type { CompiledHook } from "./compiled-hook.js";
import { EVENT_SPECS, type EventSpec, type HookEvent } from "./events.js";
import { commandLine } from "./exec-form.js";
import type { HookSpec } from "./executor.js";
import { hookFingerprint } from "./fingerprint.js";
import { type Matcher, parseClaudeMatcher } from "./matcher.js";
import type { SettingsLayer } from "./settings-layer.js";
import { CLAUDE_ENTRY_KEYS, type ClaudeHookEntry, claudeHookSchema, ENTRY_KEYS } from "./settings-schema.js";
import type { ToolRuleCompiler } from "./tool-rule.js";

/** The hook types of a Claude Code group. */
const CLAUDE_HOOK_TYPES: ReadonlySet<string> = new Set(Object.keys(CLAUDE_ENTRY_KEYS));

/**
 * Claude Code's default timeouts in seconds (hooks reference, checked 2026: "600 for command,
 * 30 for prompt"; http hooks get the general 600).
 */
export const CLAUDE_DEFAULT_TIMEOUT_S: Readonly<Record<ClaudeHookEntry["type"], number>> = {
  command: 600,
  prompt: 30,
  http: 600,
  // Claude Code's general default; the MCP call is bounded by its own server too.
  mcp_tool: 600,
  // Claude Code 2.1.328's agent hook runner: 60 s unless the hook sets its own.
  agent: 60,
};

const GROUP_KEYS = new Set(["matcher", "hooks"]);

/**
 * Labels a group or one of its hooks may carry for its readers, which Claude Code passes over as
 * it passes over any key it does not read: everything-claude-code gives each of its groups a
 * `description` and an `id` (a warning for each was 56 lines at every start), and
 * severity1/claude-code-prompt-improver gives its hook a `description`.
 */
const LABEL_KEYS = ["description", "id"];

/**
 * VS Code's agent hooks read the same `.claude/settings.json` and let a command hook carry the
 * command for one system (`windows`, `linux`, `osx`). Claude Code runs `command` and passes over
 * them, and so does codebot, without a warning: zebbern/claude-hooks' installer writes `windows`
 * on each of its hooks, 18 `unknown key` lines at every start with its security preset, 24 with `full`.
 */
const VSCODE_COMMAND_KEYS = ["windows", "linux", "osx"];

/** The keys a hook of this type may carry without a warning. */
function quietKeys(type: ClaudeHookEntry["type"]): ReadonlySet<string> {
  const known = [...CLAUDE_ENTRY_KEYS[type], ...LABEL_KEYS];
  return new Set(type === "command" ? [...known, ...VSCODE_COMMAND_KEYS] : known);
}

/** What a key of a group object that is not `matcher` or `hooks` is told. */
function groupKeyMessage(key: string): string {
  if (key === "blocking")
    return `"blocking" does not apply to a Claude Code group (its hooks follow Claude Code's rules); ignored`;
  // Claude Code reads `if` on each hook of the list, never on the group.
  if (key === "if") return `"if" belongs on each hook of the group's "hooks" list; ignored here`;
  return `unknown key "${key}" in a Claude Code group; ignored`;
}

export function compileGroup(
  layer: SettingsLayer,
  event: HookEvent,
  index: number,
  raw: Record<string, unknown>,
  members: readonly unknown[],
  report: EntryReport,
  toolRule?: ToolRuleCompiler,
): CompiledHook[] {
  for (const key of Object.keys(raw)) {
    if (GROUP_KEYS.has(key) || LABEL_KEYS.includes(key) || isCommentKey(key)) continue;
    report({ severity: "warning", field: key, message: groupKeyMessage(key) });
  }
  const matcher = groupMatcher(event, raw.matcher, report);
  if (!matcher) return [];
  const group = `${layer.path}#${event}[${index}]`;
  const hooks: CompiledHook[] = [];
  members.forEach((member, j) => {
    const hook = compileMember(layer, event, index, j, member, raw.matcher, matcher, group, report, toolRule);
    if (hook) hooks.push(hook);
  });
  return hooks;
}

function groupMatcher(event: HookEvent, pattern: unknown, report: EntryReport): Matcher | undefined {
  if (pattern !== undefined && typeof pattern !== "string") {
    report({ severity: "error", field: "matcher", message: "must be a string" });
    return undefined;
  }
  const matcher = compileMatcher(parseClaudeMatcher, pattern ?? "", "matcher", report);
  if (!matcher) return undefined;
  if (EVENT_SPECS[event].claude.matchOn === "none" && matcher.kind !== "all") {
    report({
      severity: "warning",
      field: "matcher",
      message: `Claude Code does not filter ${event} hooks by matcher, so "${matcher.source}" is ignored`,
    });
    return parseClaudeMatcher("");
  }
  return matcher;
}

function compileMember(
  layer: SettingsLayer,
  event: HookEvent,
  index: number,
  j: number,
  raw: unknown,
  rawMatcher: unknown,
  matcher: Matcher,
  group: string,
  groupReport: EntryReport,
  toolRule: ToolRuleCompiler | undefined,
): CompiledHook | undefined {
  const prefix = `hooks[${j}].`;
  if (!isPlainObject(raw)) {
    groupReport({ severity: "error", field: `hooks[${j}]`, message: "a hook in a group must be an object" });
    return undefined;
  }
  if (layer.plugin !== undefined && typeof raw.type === "string" && !CLAUDE_HOOK_TYPES.has(raw.type)) {
    // A type from a newer claude: claude 2.1.328 refuses the whole plugin for it (recorded); codebot
    // keeps the plugin's other hooks, as for any hook it cannot read, without stopping the session.
    groupReport({
      severity: "warning",
      field: `${prefix}type`,
      message: `${typeMessage(raw.type, [...CLAUDE_HOOK_TYPES])}: this hook does not run (the plugin's other hooks load)`,
    });
    return undefined;
  }
  const parsed = claudeHookSchema.safeParse(raw);
  if (!parsed.success) {
    reportIssues(parsed.error, raw, groupReport, prefix, [...CLAUDE_HOOK_TYPES]);
    return undefined;
  }
  const entry = parsed.data;
  warnUnknownKeys(
    raw,
    quietKeys(entry.type),
    (key) => {
      if (key === "blocking")
        return `"blocking" does not apply in a Claude Code group (its hooks follow Claude Code's rules); ignored`;
      if (key === "async") return `"async" applies to command hooks only; ignored`;
      const other = Object.entries(ENTRY_KEYS).find(([, keys]) => keys.has(key));
      return other ? `"${key}" does not apply to ${entry.type} hooks; ignored` : undefined;
    },
    groupReport,
    prefix,
  );
  if (entry.type === "command" && entry.asyncRewake === true && entry.async !== true)
    groupReport({
      severity: "warning",
      field: `${prefix}asyncRewake`,
      message:
        "runs in the foreground in codebot: the turn waits for the hook, and its feedback (exit 2) reaches the model when it ends",
    });
  if (entry.type === "command" && entry.shell === "powershell") {
    groupReport({
      severity: "warning",
      field: `${prefix}shell`,
      message: "PowerShell hooks are not supported by codebot; this hook does not run",
    });
    return undefined;
  }
  if (entry.once !== undefined && !layer.honoursOnce)
    groupReport({
      severity: "warning",
      field: `${prefix}once`,
      message: `"once" applies only to a skill's front-matter hooks; ignored`,
    });
  // A blank `if` is no condition, as in Claude Code.
  const ifText = entry.if?.trim() || undefined;
  const ifRule =
    ifText === undefined ? undefined : compileClaudeIf(event, ifText, toolRule, `${prefix}if`, groupReport);
  if (ifText !== undefined && !ifRule) return undefined;
  const background = entry.type === "command" && entry.async === true;
  const eventSpec: EventSpec = EVENT_SPECS[event];
  const claude = eventSpec.claude;
  const where = `${event}[${index}].hooks[${j}]`;
  const spec = execFormSpec(specOf(entry), `${prefix}persistent`, groupReport);
  if (
    spec.type === "prompt" &&
    entry.type === "prompt" &&
    entry.continueOnBlock !== true &&
    claude.canStopRun &&
    event !== "Stop"
  )
    spec.stopOnBlock = true;
  if (spec.type === "prompt") spec.appendArguments = true;
  return {
    event,
    index,
    memberIndex: j,
    group,
    ...claudeEventRules(event, background),
    ...(spec.type === "command" ? { onceKey: claudeOnceKey(commandLine(spec), layer.plugin, ifText) } : {}),
    claudeVariables: true,
    // A command's exit 2 only: a prompt or agent hook's `{ok: false, reason}` is its block's reason.
    ...(spec.type === "command" ? { reasonNeedsDecision: true as const } : {}),
    ...(entry.once === true && layer.honoursOnce ? { once: true as const } : {}),
    source: layer.source,
    path: layer.path,
    ...(layer.plugin ? { plugin: layer.plugin } : {}),
    spec,
    matcher,
    ...(ifRule ? { ifRule } : {}),
    timeoutMs: Math.round(
      (entry.timeout ?? claude.defaultTimeoutS ?? CLAUDE_DEFAULT_TIMEOUT_S[entry.type]) * 1000,
    ),
    onError: onErrorOf(entry, event, background, `${prefix}onFailure`, groupReport),
    env: entry.type === "command" ? (entry.env ?? {}) : {},
    name: entry.name ?? derivedLabel(where, entry),
    ...(entry.name === undefined ? { derivedName: true as const } : {}),
    enabled: entry.enabled ?? true,
    ...(entry.statusMessage !== undefined ? { statusMessage: entry.statusMessage } : {}),
    // The matcher is part of what was approved: the same command on other tools is another hook;
    // so is sending the conversation (a Stop prompt hook approved when it sent its payload alone).
    fingerprint: hookFingerprint(event, {
      matcher: rawMatcher ?? "",
      hooks: [raw],
      ...(claudeHookSendsConversation(event, spec.type) ? { sends: "conversation" } : {}),
    }),
  };
}

/** A persistent process answers lines on its stdin: the exec form runs its program once per event. */
function execFormSpec(spec: HookSpec, field: string, report: EntryReport): HookSpec {
  if (spec.type !== "command" || spec.args === undefined || !spec.persistent) return spec;
  report({
    severity: "warning",
    field,
    message: `"persistent" does not apply to a hook with "args"; it runs once per event`,
  });
  const { persistent: _, ...perEvent } = spec;
  return perEvent;
}

/**
 * What a failed run means: codebot's `onError` when given, else Claude Code's `onFailure`
 * ("block" fails closed), which claude ignores for async hooks and on Stop, SubagentStop and
 * TaskCompleted.
 */
function onErrorOf(
  entry: ClaudeHookEntry,
  event: HookEvent,
  background: boolean,
  field: string,
  report: EntryReport,
): "allow" | "block" {
  const onFailure = "onFailure" in entry ? entry.onFailure : undefined;
  if (onFailure === undefined) return entry.onError ?? "allow";
  const wanted = onFailure === "block" ? "block" : "allow";
  if (background || NO_ON_FAILURE.has(event)) {
    report({
      severity: "warning",
      field,
      message: `Claude Code ignores "onFailure" ${background ? "for async hooks" : `on ${event}`}; ignored`,
    });
    return entry.onError ?? "allow";
  }
  if (entry.onError !== undefined && entry.onError !== wanted)
    report({
      severity: "warning",
      field,
      message: `"onFailure": "${onFailure}" disagrees with "onError": "${entry.onError}"; onError applies`,
    });
  return entry.onError ?? wanted;
}
