import type { AgentDefinition } from "../../agents/agent-definition.js";
import type { PluginFolder } from "../../settings/plugin-folder.js";
import type { Skill } from "../../skills/skill.js";
import { GENERAL_PURPOSE } from "../../tools/agent-tool.js";
import { sdkPluginEntry } from "./sdk-plugin-entry.js";

/** What the stream-json init line says of a session's agents, skills, commands and plugins. */
export interface InitSession {
  readonly agents: { all: readonly AgentDefinition[] };
  readonly skills: { all: ReadonlyMap<string, Skill> };
  readonly project: { readonly plugins: readonly PluginFolder[] };
}

/**
 * The init line's fields Claude Code's has beside the tools and servers (claude 2.1.328, recorded):
 * the agents the `agent` tool may run, the skills the model may use, the slash commands a prompt
 * may start with (the session's, then the built-in ones `-p` runs, `builtins`, as claude lists
 * them), the plugins loaded (sdkPluginEntry; claude lists its built-in ones after them), and the
 * output style (codebot has only claude's `default`).
 */
export function claudeInitFields(
  session: InitSession,
  builtins: readonly string[] = [],
): Record<string, unknown> {
  const skills = [...session.skills.all.values()];
  return {
    agents: [GENERAL_PURPOSE, ...session.agents.all.map((agent) => agent.name)],
    skills: skills
      .filter((skill) => skill.kind === "skill" && skill.modelInvocable)
      .map((skill) => skill.name),
    plugins: session.project.plugins.map(sdkPluginEntry),
    slash_commands: [
      ...new Set([...skills.filter((skill) => skill.userInvocable).map((skill) => skill.name), ...builtins]),
    ],
    output_style: "default",
  };
}
