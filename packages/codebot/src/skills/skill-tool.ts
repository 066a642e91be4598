/**
 * The `skill` tool (Claude Code's `Skill`; hooks and permission rules may use either name): the
 * model loads a skill by name, with optional arguments, and gets its expanded text. Its
 * description lists the skills the model may load (not those with `disable-model-invocation`),
 * each with its description, so the model knows when one applies.
 */
import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import type { AsksFirst } from "../approval/asks-first.js";
import type { ActiveSkills } from "./active-skills.js";
import { expandSkill } from "./expand-skill.js";
import type { Skill } from "./skill.js";
import type { SkillHost } from "./skill-host.js";

const inputSchema = z.object({
  skill: z.string().min(1).describe('The skill\'s name, as listed (e.g. "review", "plugin:review")'),
  args: z.string().optional().describe("Arguments for the skill, as the user would type them after /name"),
});

/** A description longer than this is cut in the listing (Claude Code cuts at about the same). */
const MAX_DESCRIPTION = 1_024;
/** At most this many skills are listed: the list is part of every model request. */
const MAX_LISTED = 100;

export function skillTool(
  host: SkillHost,
  skills: ReadonlyMap<string, Skill>,
  active: ActiveSkills,
): Tool<z.infer<typeof inputSchema>> & AsksFirst {
  return {
    name: "skill",
    description: describeSkills([...skills.values()].filter((s) => s.modelInvocable)),
    inputSchema,
    // A skill that grants rules (`allowed-tools`) or adds hooks widens what the model may do: the
    // model loads it only with a yes, as claude 2.1.328 asks (recorded); any other runs unasked.
    asksFirst(args) {
      const skill = typeof args.skill === "string" ? skills.get(args.skill.replace(/^\//, "")) : undefined;
      return (
        skill?.modelInvocable === true &&
        (skill.allowedTools.length > 0 || Object.keys(skill.hooks ?? {}).length > 0)
      );
    },
    async execute(args, ctx) {
      const skill = skills.get(args.skill.replace(/^\//, ""));
      // Said as claude 2.1.328 says it (recorded): "no such skill" would leave the model free to
      // carry out the steps it guesses a user-only skill holds.
      if (skill !== undefined && !skill.modelInvocable)
        return {
          content: `skill: ${skill.name} is for the user to run (disable-model-invocation): ask the user to type /${skill.name} themselves, and do not carry out its steps by other means`,
          isError: true,
        };
      if (skill === undefined) {
        const known = [...skills.values()].filter((s) => s.modelInvocable).map((s) => s.name);
        return {
          content: `skill: no skill named "${args.skill}"${known.length ? ` (available: ${known.join(", ")})` : ""}`,
          isError: true,
        };
      }
      const expanded = await expandSkill(host, active, skill, args.args ?? "", "model", ctx.signal);
      if (!expanded.ok) return { content: `skill: ${expanded.reason}`, isError: true };
      return { content: expanded.text, isError: false };
    },
  };
}

function describeSkills(skills: readonly Skill[]): string {
  const head =
    "Load a skill: instructions (and the files of its folder) for a kind of task. When a task matches a skill's description, load it before you start, then follow what it says.";
  if (skills.length === 0) return `${head}\n\nNo skills are available in this session.`;
  const lines = skills.slice(0, MAX_LISTED).map((s) => {
    const description =
      s.description.length > MAX_DESCRIPTION ? `${s.description.slice(0, MAX_DESCRIPTION)}…` : s.description;
    return `- ${s.name}${s.argumentHint ? ` ${s.argumentHint}` : ""}: ${description || "(no description)"}`;
  });
  const more = skills.length > MAX_LISTED ? `\n(and ${skills.length - MAX_LISTED} more, not listed)` : "";
  return `${head}\n\nAvailable skills:\n${lines.join("\n")}${more}`;
}
