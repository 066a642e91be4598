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
