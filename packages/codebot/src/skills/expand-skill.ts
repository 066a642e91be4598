/**
 * A skill or command with its arguments, as the model gets it: arguments filled in
 * (fill-arguments.ts), each `` !`cmd` `` replaced by its output (skill-shell.ts), `@file`
 * mentions of the text included (file-mentions.ts; a command's output is never searched for
 * mentions), `${CLAUDE_SKILL_DIR}` and
 * `${CLAUDE_PLUGIN_ROOT}` expanded. A
 * skill's text starts with its folder, so the model can read its supporting files. One refused or
 * broken command fails the whole expansion: nothing half-expanded reaches the model.
 */
import { shellQuote } from "@codebot/hooks";
import type { ActiveSkills } from "./active-skills.js";
import { mentionedFiles } from "./file-mentions.js";
import { fillArguments } from "./fill-arguments.js";
import { shellParts } from "./shell-blocks.js";
import type { Skill } from "./skill.js";
import type { SkillHost } from "./skill-host.js";
import { runSkillCommand } from "./skill-shell.js";
import { skillVariables } from "./skill-variables.js";

export type Expanded = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Who asked for the expansion. Deny rules keep a mentioned file out either way; ask rules only
 * for the model, whose call nobody answered (the user's typed `/name` is the user's own request).
 */
export type InvokedBy = "model" | "user";

export async function expandSkill(
  host: SkillHost,
  active: ActiveSkills,
  skill: Skill,
  args: string,
  invokedBy: InvokedBy,
  signal: AbortSignal,
): Promise<Expanded> {
  // Its allowed-tools count from here on, so they pre-approve its own shell commands too.
  active.activate(skill);
  const body = skillVariables(skill.body, skill);
  const out: string[] = [];
  const prose: string[] = [];
  let used = false;
  for (const part of shellParts(body)) {
    if (part.kind === "text") {
      const filled = fillArguments(part.text, args);
      used ||= filled.used;
      out.push(filled.text);
      prose.push(filled.text);
      continue;
    }
    const filled = fillArguments(part.command, args, shellQuote);
    used ||= filled.used;
    const ran = await runSkillCommand(host, skill, args, filled.text, signal);
    if (!ran.ok) return ran;
    out.push(ran.output);
  }
  let text = out.join("");
  if (!used && args.trim() !== "") text = `${text.replace(/\s+$/, "")}\n\nARGUMENTS: ${args}`;
  const files = mentionedFiles(prose.join("\n"), {
    paths: host.paths,
    readRules: host.readRules,
    counted: invokedBy === "model" ? "deny-and-ask" : "deny",
  });
  for (const skipped of files.skipped) host.notify(`codebot: /${skill.name}: ${skipped}`);
  // The model is told too, so it does not take a left-out file for an empty one.
  const notes = files.skipped.map((skipped) => `[${skipped}]`);
  const after = [...files.blocks, ...notes];
  if (after.length > 0) text = `${text.replace(/\s+$/, "")}\n\n${after.join("\n\n")}`;
  return {
    ok: true,
    text: skill.kind === "skill" ? `Base directory for this skill: ${skill.dir}\n\n${text}` : text,
  };
}
