/**
 * A custom agent's front-matter `model` decides which provider (and which of the user's keys)
 * gets the sub-agent's prompts, as the settings `model` key does for the session. So a project
 * agent's model (or that of a plugin only the project switched on) needs the same grant,
 * `model:<provider/id>` (§8): approving one approves the other. The user's own agents need none.
 */
import type { Env } from "@codebot/agentcore";
import { USER_OWNED_SOURCES } from "@codebot/hooks";
import { modelFlag } from "../cli/model-flag.js";
import type { AgentDefinition } from "./agent-definition.js";

/** The grant the agent's model needs, or undefined when it needs none (no model, or the user's own agent). */
export function agentModelGrant(agent: AgentDefinition, env: Env = process.env): string | undefined {
  if (agent.model === undefined || USER_OWNED_SOURCES.has(agent.hookSource)) return undefined;
  return `model:${modelFlag(agent.model, env)}`;
}

/**
 * The session's answer to "may this agent use its own model?": yes unless its grant is not
 * trusted; then the session's model is used, and that is said once per grant (not every call).
 */
export function agentModelConsent(options: {
  isGrantTrusted(grant: string): boolean;
  env: Env;
  notify(message: string): void;
}): (agent: AgentDefinition) => boolean {
  const told = new Set<string>();
  return (agent) => {
    const grant = agentModelGrant(agent, options.env);
    if (grant === undefined || options.isGrantTrusted(grant)) return true;
    if (!told.has(grant)) {
      told.add(grant);
      options.notify(
        `codebot: agent ${agent.name}: its model is not trusted (${grant}, ${agent.file}); the session's model is used. Run "codebot hooks trust" to review it`,
      );
    }
    return false;
  };
}
