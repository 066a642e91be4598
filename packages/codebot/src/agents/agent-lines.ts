import { visible } from "../approval/visible-text.js";
import type { AgentDefinition } from "./agent-definition.js";

/**
 * What `/agents` prints: each custom agent with where it came from and its model, the one the
 * session runs as marked, its description under it; or where agents are looked for when there is
 * none. A repository's agent file may hold escape sequences in its description or model (an OSC
 * 52 clipboard write): they are written out, as on the consent screens.
 */
export function agentLines(agents: readonly AgentDefinition[], main: AgentDefinition | undefined): string[] {
  if (agents.length === 0)
    return [
      "no custom agents (.codebot/agents/ or .claude/agents/ in the project, the same under your home, --agents; see docs/agents.md)",
    ];
  return [
    "custom agents (the model hands one a task with the agent tool; --agent <name> runs the session as one):",
    ...agents.flatMap((agent) => {
      const model =
        agent.model === undefined || agent.model === "inherit" ? "the session's model" : agent.model;
      const from = agent.origin === "cli" ? "--agents" : agent.origin;
      const runsAs = agent === main ? " · the session runs as this agent" : "";
      return [
        visible(`  ${agent.name}  (${from}, ${model})${runsAs}`),
        `      ${visible(agent.description)}`,
      ];
    }),
  ];
}
