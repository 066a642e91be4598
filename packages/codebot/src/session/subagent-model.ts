import type { LanguageModelV3 } from "@ai-sdk/provider";
import { EFFORT_LEVELS, type EffortLevel, type Env, effortLevelOf } from "@codebot/agentcore";
import { USER_OWNED_SOURCES } from "@codebot/hooks";
import type { AgentDefinition } from "../agents/agent-definition.js";
import { modelFlag } from "../cli/model-flag.js";
import { effortOfModel, modelFromSpec } from "./model-env.js";

/** What choosing a sub-agent's model needs of the session. */
export interface SubagentModelDeps {
  /** The session's current model and its spec. */
  model(): LanguageModelV3;
  modelSpec(): string;
  /** The session's model environment (model-env.ts), with the settings' `env`. */
  env: Env;
  isGrantTrusted(grant: string): boolean;
  notify(message: string): void;
}

/**
 * The model a sub-agent's requests go to, with the effort claude 2.1.328 gives them (recorded
 * against a loopback server): the agent's own `effort:`, else CLAUDE_CODE_SUBAGENT_EFFORT (from
 * the process or the settings' `env`; `inherit` or a word that is no level: the session's), else
 * the session's. CLAUDE_CODE_EFFORT_LEVEL still wins over both, and `maxEffortLevel` caps them.
 * A project agent (or a plugin's only the project switched on) whose `effort:` would make its
 * requests carry more than they otherwise would waits for the `effortLevel:<level>` grant the
 * project's settings ask with, said once; until then it runs with what it otherwise gets.
 */
export function subagentModels(
  deps: SubagentModelDeps,
): (ownModel: string | undefined, agent: AgentDefinition | undefined) => Promise<LanguageModelV3> {
  const told = new Set<string>();
  return async (ownModel, agent) => {
    const spec = ownModel === undefined ? deps.modelSpec() : modelFlag(ownModel, deps.env);
    const variable = effortLevelOf(deps.env.CLAUDE_CODE_SUBAGENT_EFFORT ?? "");
    let effort = variable;
    const own = agent?.effort;
    if (own !== undefined && agent !== undefined) {
      const grant = agentEffortGrant(agent);
      if (grant === undefined || !raises(spec, deps.env, own, variable) || deps.isGrantTrusted(grant))
        effort = own;
      else if (!told.has(`${agent.name}\0${grant}`)) {
        told.add(`${agent.name}\0${grant}`);
        deps.notify(
          `codebot: agent ${agent.name}: its effort is not trusted (${grant}, ${agent.file}); it gets the session's. Run "codebot hooks trust" to review it`,
        );
      }
    }
    // Only Anthropic models take an effort; the session's model already carries the session's.
    if (effort === undefined || !spec.startsWith("anthropic/"))
      return ownModel === undefined ? deps.model() : modelFromSpec(spec, deps.env);
    return modelFromSpec(spec, deps.env, effort);
  };
}

/**
 * The grant a project agent's `effort:` needs where it raises what its requests carry (the one a
 * project's settings `effortLevel` asks with); none for the user's own agents or without `effort:`.
 */
export function agentEffortGrant(agent: AgentDefinition): string | undefined {
  if (agent.effort === undefined || USER_OWNED_SOURCES.has(agent.hookSource)) return undefined;
  return `effortLevel:${agent.effort}`;
}

/** Whether asking `spec` for `own` sends more than it is sent without it. */
function raises(spec: string, env: Env, own: EffortLevel, otherwise: EffortLevel | undefined): boolean {
  const rank = (level: EffortLevel | undefined) => (level === undefined ? -1 : EFFORT_LEVELS.indexOf(level));
  return rank(effortOfModel(spec, env, own)) > rank(effortOfModel(spec, env, otherwise));
}
