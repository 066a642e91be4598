/**
 * Tool names in the matchers of tool events that name no tool codebot has (Claude Code's
 * `WebFetch`, `NotebookEdit`, a typo): that hook, or that part of its matcher, never fires in
 * codebot. `hooks validate` lists them instead of letting them be silently ignored. Regex matchers
 * and MCP tool names (whose servers are only known once connected) are not judged, except a
 * permission rule written as a matcher (`Bash(rm:*)`).
 */
import { type CompiledHook, type Problem, toolNames } from "@codebot/hooks";

/** What to use instead, for Claude Code tools codebot covers with tools of its own. */
const INSTEAD: Readonly<Record<string, string>> = {
  TodoWrite: "codebot tracks work with task_create and task_update (TaskCreate|TaskUpdate)",
  TodoRead: "codebot lists tasks with task_list (TaskList)",
  MultiEdit: "as in Claude Code 2.1, files are edited with edit (Edit), one replacement per call",
};

export function neverFiringMatchers(hooks: readonly CompiledHook[], tools: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const known = tools.flatMap((tool) => toolNames(tool));
  for (const hook of hooks) {
    if (hook.matchOn !== "tool" || hook.matcher.kind === "all") continue;
    // The members of a Claude Code group share its matcher: one report per group.
    const key = hook.group ?? `${hook.path}#${hook.event}[${hook.index}]`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rule = permissionRuleAsMatcher(hook, known);
    if (rule) problems.push(rule);
    if (hook.matcher.kind !== "exact") continue;
    const claude = hook.style === "claude";
    const names = claude
      ? hook.matcher.source
          .split(/[|,]/)
          .map((n) => n.trim())
          .filter((n) => n !== "")
      : [hook.matcher.source];
    const unknown = names.filter(
      (name) =>
        !name.startsWith("mcp__") &&
        !known.some((k) => (claude ? k === name : k.toLowerCase() === name.toLowerCase())),
    );
    if (unknown.length === 0) continue;
    const hints = unknown.flatMap((name) => (INSTEAD[name] ? [`${name}: ${INSTEAD[name]}`] : []));
    const list = unknown.map((n) => JSON.stringify(n)).join(", ");
    const notTools = unknown.length === 1 ? "is not a tool codebot has" : "are not tools codebot has";
    const message =
      unknown.length === names.length
        ? `${list} ${notTools}: this hook never fires in codebot`
        : `${list} ${notTools}: that part of the matcher never fires in codebot`;
    problems.push({
      severity: "warning",
      file: hook.path,
      event: hook.event,
      index: hook.index,
      field: "matcher",
      message: hints.length ? `${message} (${hints.join("; ")})` : message,
    });
  }
  return problems;
}

/**
 * `"matcher": "Bash(rm:*)"`: permission-rule syntax where a tool name belongs. In a Claude Code
 * group it is a regular expression that matches no tool name (claude 2.1.328 never fires it
 * either); the rule belongs in the hook's `if`.
 */
function permissionRuleAsMatcher(hook: CompiledHook, known: readonly string[]): Problem | undefined {
  const rule = /^([A-Za-z]\w*)\((.+)\)$/.exec(hook.matcher.source);
  if (!rule || hook.style !== "claude" || !known.includes(rule[1] as string)) return undefined;
  // `Bash(.*)` is a regular expression that does match `Bash`.
  if (hook.matcher.test(rule[1] as string)) return undefined;
  return {
    severity: "warning",
    file: hook.path,
    event: hook.event,
    index: hook.index,
    field: "matcher",
    message: `"${rule[0]}" is a permission rule, not a tool name: as a matcher it never fires (nor in Claude Code); match the tool ("matcher": "${rule[1]}") and put the rule in the hook's "if": "${rule[0]}"`,
  };
}
