import type { AgentDefinition } from "./agent-definition.js";

/** `--agent <name>`'s agent; an unknown name is an error listing the agents there are (claude's words). */
export function agentNamed(agents: readonly AgentDefinition[], name: string): AgentDefinition {
  const agent = agents.find((a) => a.name === name);
  if (agent !== undefined) return agent;
  const available = agents.map((a) => a.name).join(", ");
  throw new Error(
    `--agent '${name}' not found. ${available === "" ? "There are no custom agents (.claude/agents/, ~/.claude/agents/, --agents)" : `Available agents: ${available}`}`,
  );
}

/**
 * The agent the session itself runs as: `--agent`'s (an unknown name is an error), else the
 * settings' `agent` — an unknown one there is said once and the session runs as usual (claude
 * 2.1.328 ignores it silently; a typo in a file should not stop every run, nor go unnoticed).
 */
export function sessionAgent(
  agents: readonly AgentDefinition[],
  flag: string | undefined,
  setting: string | undefined,
  notify: (message: string) => void,
): AgentDefinition | undefined {
  if (flag !== undefined) return agentNamed(agents, flag);
  if (setting === undefined) return undefined;
  const agent = agents.find((a) => a.name === setting);
  if (agent === undefined)
    notify(`codebot: the settings' agent '${setting}' was not found; the session runs as the default agent`);
  return agent;
}
