import type { Tool } from "@codebot/agentcore";

/**
 * A tool that only reads but whose some calls still need a yes, as claude 2.1.328 asks before the
 * model loads a skill that grants rules or adds hooks (recorded: `Execute skill: <name>`).
 */
export interface AsksFirst {
  asksFirst?(args: Readonly<Record<string, unknown>>): boolean;
}

/** Whether this call of `tool` needs a yes (an allow rule, the mode, a hook, a person) before it runs. */
export function asksFirst(tool: Tool, args: Readonly<Record<string, unknown>>): boolean {
  return (tool as Tool & AsksFirst).asksFirst?.(args) === true;
}
