/**
 * The user's `/name args` (interactive, or `-p "/name args"`): when `name` is a skill or command
 * the user may invoke, UserPromptExpansion fires (matcher: the name; a hook may block the
 * expansion, add context, or end the run), then the skill is expanded (expand-skill.ts). Any other
 * text, or an unknown name, is left to go to the model as typed.
 */
import type { ActiveSkills } from "./active-skills.js";
import { expandSkill } from "./expand-skill.js";
import type { Skill } from "./skill.js";
import type { SkillHost } from "./skill-host.js";

export type Expansion =
  | { kind: "none" }
  | { kind: "expanded"; text: string; context?: string; skill: Skill }
  | { kind: "blocked"; reason: string }
  | { kind: "stopped"; reason: string; hook: string }
  | { kind: "error"; reason: string };

/** `/name rest`: the name and the arguments, or undefined when the text is no slash command. */
export function slashLine(text: string): { name: string; args: string } | undefined {
  const match = /^\/([\p{L}\p{N}][\p{L}\p{M}\p{N}_.:-]*)(?:\s+([\s\S]*))?$/u.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1] as string, args: (match[2] ?? "").trim() };
}

export async function expandSlashCommand(
  host: SkillHost,
  skills: ReadonlyMap<string, Skill>,
  active: ActiveSkills,
  text: string,
  signal: AbortSignal,
): Promise<Expansion> {
  const line = slashLine(text);
  const skill = line ? skills.get(line.name) : undefined;
  if (line === undefined || skill === undefined || !skill.userInvocable) return { kind: "none" };
  const decision = await host.runner.fire("UserPromptExpansion", {
    commandName: skill.name,
    commandArgs: line.args,
    commandSource: skill.source,
    expansionType: "slash_command",
    prompt: text.trim(),
    signal,
  });
  if (decision.kind === "stop") return { kind: "stopped", reason: decision.reason, hook: decision.by };
  if (decision.kind === "block") return { kind: "blocked", reason: decision.reason };
  const expanded = await expandSkill(host, active, skill, line.args, "user", signal);
  if (!expanded.ok) return { kind: "error", reason: expanded.reason };
  return {
    kind: "expanded",
    text: expanded.text,
    skill,
    ...(decision.context !== undefined ? { context: decision.context } : {}),
  };
}
