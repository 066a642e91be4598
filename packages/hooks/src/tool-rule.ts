/**
 * A Claude Code hook's `if` (§11) is a permission rule (`Bash(git push *)`, `Edit(*.ts)`): the hook
 * runs only for tool calls that rule matches. The engine knows no permission-rule grammar — that
 * belongs to the harness, which judges its own `permissions.allow/deny` with it — so the harness
 * hands loadHooks a ToolRuleCompiler, and a rule means in `if` what it means in a deny rule.
 */

/** A tool call as a rule sees it: the harness's tool name and the call's arguments. */
export interface ToolCallSubject {
  tool: string;
  args: Readonly<Record<string, unknown>>;
}

/**
 * A compiled rule, or why the text is not one. `test`: whether the call falls under the rule, read
 * as a deny rule (any part of a compound command). `covers`: whether the rule, read as an allow
 * rule, allows the whole call (every command of the line); absent, it covers nothing.
 */
export type CompiledToolRule =
  | { ok: true; test(call: ToolCallSubject): boolean; covers?(call: ToolCallSubject): boolean }
  | { ok: false; error: string };

/** Compiles one permission rule; never throws for a bad rule, says so instead. */
export type ToolRuleCompiler = (rule: string) => CompiledToolRule;

/**
 * The `if` of a compiled Claude Code hook, as it will be applied:
 * - `rule`: the harness's grammar decides, per call;
 * - `never`: the event is not a tool event, where Claude Code never runs a hook that has `if`;
 * - `unchecked`: no compiler was given, so the rule cannot be read and the hook runs on every call
 *   its matcher selects (a guard then blocks too much rather than too little; load warns).
 */
export interface ToolCondition {
  /** The rule as written, trimmed. */
  readonly source: string;
  readonly applied: "rule" | "never" | "unchecked";
  /** Whether the hook runs for the call. */
  test(call: ToolCallSubject): boolean;
  /** Whether the hook's `allow` may count for the call: the rule, read as an allow rule, allows all of it (if-allow.ts). */
  covers(call: ToolCallSubject): boolean;
}
