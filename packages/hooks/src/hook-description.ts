/**
 * A compiled hook's effective rules in words, for `hooks list`: which style it follows, what its
 * matcher means and is compared with, whether it can block, its timeout and its plugin. One place
 * says it, so listings never disagree with what the runner does.
 */
import type { CompiledHook } from "./compiled-hook.js";
import { EVENT_SPECS, type HookEvent, type MatchField } from "./events.js";
import type { ToolCondition } from "./tool-rule.js";

export interface HookDescription {
  /** `native` (§3.1) or `claude group` (§11). */
  style: "native" | "claude group";
  /** The matcher and its semantics, e.g. `exact list: Edit, Write (case-sensitive, aliases)`. */
  matcher: string;
  /** What the matcher is compared with for this event, e.g. `tool name`, `source`. */
  matchedAgainst: string;
  /** A Claude Code hook's `if` and how it is applied, e.g. `Bash(git push *) (permission rule)`. */
  if?: string;
  /** `yes`, `no`, `yes (Claude Code rules)`, `no (async)`, … */
  blocking: string;
  timeoutS: number;
  /** The plugin it came from. */
  plugin?: string;
}

const FIELD_NAMES: Record<MatchField, string> = {
  tool: "tool name",
  agent: "agent name",
  source: "source",
  reason: "reason",
  notificationType: "notification_type",
  trigger: "trigger",
  command: "command_name",
  loadReason: "load_reason",
  error: "error",
  model: "to_model",
  server: "mcp_server_name",
  fileName: "the changed file's name",
  none: "nothing (always fires)",
};

export function describeHook(hook: CompiledHook): HookDescription {
  const on = hook.matchOn;
  return {
    style: hook.style === "claude" ? "claude group" : "native",
    matcher: matcherText(hook, on),
    matchedAgainst: FIELD_NAMES[on],
    ...(hook.ifRule ? { if: ifRuleText(hook.ifRule, hook.event) } : {}),
    blocking: blockingText(hook),
    timeoutS: hook.timeoutMs / 1000,
    ...(hook.plugin ? { plugin: hook.plugin.name } : {}),
  };
}

function matcherText(hook: CompiledHook, on: MatchField): string {
  const m = hook.matcher;
  const aliases = on === "tool" ? ", aliases" : "";
  switch (m.kind) {
    case "all":
      return m.source === "" ? "(all)" : `${m.source} (all)`;
    case "exact":
      return hook.style === "claude"
        ? `exact list: ${m.source
            .split(/[|,]/)
            .map((n) => n.trim())
            .filter(Boolean)
            .join(", ")} (case-sensitive${aliases})`
        : `exact: ${m.source} (case-insensitive${aliases})`;
    case "regex":
      return `regex: ${m.source} (RE2, unanchored${aliases})`;
  }
}

function ifRuleText(rule: ToolCondition, event: HookEvent): string {
  switch (rule.applied) {
    case "rule":
      return `${rule.source} (permission rule)`;
    case "never":
      return `${rule.source} (never runs: ${event} is not a tool event)`;
    case "unchecked":
      return `${rule.source} (not checked: no permission-rule matcher)`;
  }
}

function blockingText(hook: CompiledHook): string {
  if (hook.background) return "no (async: runs in the background)";
  const mode = hook.mode;
  if (mode === "feedback" && hook.matchOn === "tool")
    return "no; a block is feedback for the model (Claude Code rules)";
  if (mode === "feedback" || mode === "async" || EVENT_SPECS[hook.event].givesDisplay === true)
    return `no (${hook.event} cannot block)`;
  if (hook.style === "claude") return "yes (Claude Code rules)";
  if (mode === "soft") return "yes (any failure fails validation)";
  return hook.blocking ? "yes" : "no (not blocking)";
}
