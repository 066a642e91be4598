/**
 * Compiles the `if` of a hook in a Claude Code group (§11). Claude Code evaluates it on tool
 * events only (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied:
 * the events whose matcher is the tool name); on any other event a hook with `if` never runs.
 */
import type { EntryReport } from "./compile-entry.js";
import { EVENT_SPECS, type HookEvent } from "./events.js";
import type { ToolCondition, ToolRuleCompiler } from "./tool-rule.js";

/**
 * The condition, or undefined once the rule was reported as unreadable (the hook is then not
 * loaded, like one with a bad matcher: a guard must neither run on every call nor on none
 * without anyone being told, and an error stops a one-shot run from starting without it).
 */
export function compileClaudeIf(
  event: HookEvent,
  rule: string,
  compile: ToolRuleCompiler | undefined,
  field: string,
  report: EntryReport,
): ToolCondition | undefined {
  const source = rule.trim();
  if (EVENT_SPECS[event].claude.matchOn !== "tool") {
    report({
      severity: "warning",
      field,
      message: `Claude Code evaluates "if" on tool events only; on ${event} a hook with "if" never runs`,
    });
    return { source, applied: "never", test: () => false, covers: () => false };
  }
  if (compile === undefined) {
    report({
      severity: "warning",
      field,
      message: `"if" needs a permission-rule matcher, and this engine was loaded without one (loadHooks' toolRule option): "${source}" is not checked, so the hook runs on every call its matcher selects and its "allow" answers are not taken`,
    });
    return { source, applied: "unchecked", test: () => true, covers: () => false };
  }
  const compiled = compile(source);
  if (!compiled.ok) {
    report({ severity: "error", field, message: `${compiled.error}; the hook is not loaded` });
    return undefined;
  }
  return {
    source,
    applied: "rule",
    test: (call) => compiled.test(call),
    covers: (call) => compiled.covers?.(call) ?? false,
  };
}
