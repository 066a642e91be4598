/**
 * The skills and commands of one session: what was loaded (load-skills.ts), what is in force
 * (active-skills.ts), the `skill` tool for the model and the expansion of the user's `/name args`.
 */
import type { Tool } from "@codebot/agentcore";
import { ActiveSkills } from "./active-skills.js";
import { type LoadedSkills, loadSkills } from "./load-skills.js";
import type { Skill } from "./skill.js";
import type { SkillHost } from "./skill-host.js";
import type { SkillsWhere } from "./skill-locations.js";
import { skillTool } from "./skill-tool.js";
import { type Expansion, expandSlashCommand } from "./slash-expansion.js";

const NO_SKILLS: LoadedSkills = { skills: new Map(), problems: [] };

export class SessionSkills {
  private readonly active: ActiveSkills;

  private constructor(
    private readonly host: SkillHost,
    private where: SkillsWhere | "none",
    private loaded: LoadedSkills,
  ) {
    this.active = new ActiveSkills(host);
  }

  /** `where` "none": the session has no skills or commands (`--disable-slash-commands`), even after a reload. */
  static async load(where: SkillsWhere | "none", host: SkillHost): Promise<SessionSkills> {
    const loaded = where === "none" ? NO_SKILLS : await loadSkills(where);
    for (const problem of loaded.problems) host.notify(`codebot: skill: ${problem}`);
    return new SessionSkills(host, where, loaded);
  }

  /**
   * Reads the skill and command folders again (a SessionStart hook's `reloadSkills`: it may have
   * installed some). Problems not reported before are; the skills loaded in the conversation stay
   * in force. Give the model the new `tool()` in place of the old one. `plugins`: the plugin
   * folders now loaded (the Agent SDK's `reloadPlugins()`), read from here on.
   */
  async reload(plugins?: SkillsWhere["plugins"]): Promise<void> {
    if (this.where === "none") return;
    if (plugins !== undefined) this.where = { ...this.where, plugins };
    const before = new Set(this.loaded.problems);
    this.loaded = await loadSkills(this.where);
    for (const problem of this.loaded.problems)
      if (!before.has(problem)) this.host.notify(`codebot: skill: ${problem}`);
  }

  /** Every skill and command, by name. */
  get all(): ReadonlyMap<string, Skill> {
    return this.loaded.skills;
  }

  /** The `skill` tool (only when some skill may be loaded by the model). */
  tool(): Tool | undefined {
    const any = [...this.loaded.skills.values()].some((s) => s.modelInvocable);
    return any ? skillTool(this.host, this.loaded.skills, this.active) : undefined;
  }

  /** The user's prompt, expanded when it is `/name args` of a skill or command. */
  expand(text: string, signal: AbortSignal): Promise<Expansion> {
    return expandSlashCommand(this.host, this.loaded.skills, this.active, text, signal);
  }

  /**
   * Puts the skill named in force as loading it does (`hooks test --skill`): its hooks, and its
   * `allowed-tools` for the prompt. False when there is no such skill.
   */
  activate(name: string): boolean {
    const skill = this.loaded.skills.get(name);
    if (skill === undefined) return false;
    this.active.activate(skill);
    return true;
  }

  /** A fresh conversation (`/clear`, `/resume`): the skills loaded in the old one are no longer in force. */
  reset(): void {
    this.active.reset();
  }

  /** The prompt ended: `allowed-tools` granted by the skills it loaded stop counting. */
  promptEnded(): void {
    this.active.promptEnded();
  }
}
