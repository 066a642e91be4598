import path from "node:path";
import { formatProblem, type HookRunner } from "@codebot/hooks";
import type { AgentDefinition } from "../../agents/agent-definition.js";
import { AgentHookScopes } from "../../agents/agent-hook-scopes.js";
import { agentModelConsent } from "../../agents/agent-model-consent.js";
import { sessionAgent } from "../../agents/agent-named.js";
import { type AgentLocations, type LoadedAgents, loadAgents } from "../../agents/load-agents.js";
import { modelFlag } from "../../cli/model-flag.js";
import type { PluginFolder } from "../../settings/plugin-folder.js";
import type { SkillsWhere } from "../../skills/skill-locations.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { ModelInUse } from "./model-in-use.js";
import type { Notify } from "./session-notices.js";
import type { SessionSettings } from "./session-settings.js";

/** The session's custom agents, and the one it runs as. */
export interface CustomAgents {
  /** Where custom sub-agents and skills are found. */
  discovery: AgentLocations & SkillsWhere;
  /** Custom sub-agents (.codebot/agents, .claude/agents, the user's, plugins'), chosen by the agent tool's subagent_type. */
  agents: LoadedAgents;
  /** Each running agent's own hooks. */
  agentScopes: AgentHookScopes;
  /** Whether an agent may use its own `model`: a project agent's needs the `model:` grant. */
  mayUseOwnModel(agent: AgentDefinition): boolean;
  /** `--agent` (or the settings' `agent`): the custom agent the session runs as. */
  mainAgent: AgentDefinition | undefined;
  /**
   * `/reload-plugins` (and the Agent SDK's `reload_plugins`): the agents read again with the plugin
   * folders now loaded — one added to a plugin is offered from the next turn, one taken out no
   * longer, as claude 2.1.328's reload does (recorded in tmux). `agents.agents` changes in place:
   * the agent tool and the runtime hold that list. The session's own agent stays the one it began as.
   */
  reloadPlugins(plugins: readonly PluginFolder[]): Promise<void>;
}

/**
 * The agents phase: the custom agents found in codebot's folders, Claude Code's and plugins'
 * (`--safe-mode` and `--restricted` leave the user's and the project's out, `--safe-mode` plugins'
 * too); the one the session runs as brings its hooks and, unless `--model` chose one, its model.
 */
export async function loadCustomAgents(
  options: RuntimeOptions,
  settings: Pick<
    SessionSettings,
    "env" | "cwd" | "codebotHome" | "claudeHome" | "project" | "customizations"
  >,
  claudeCompat: boolean,
  runner: HookRunner,
  models: ModelInUse,
  notify: Notify,
): Promise<CustomAgents> {
  const { env, cwd, project, customizations } = settings;
  const discovery: AgentLocations & SkillsWhere = {
    cwd,
    codebotHome: settings.codebotHome,
    claudeHome: settings.claudeHome,
    claudeCompat,
    ownFolders: customizations.ownFolders,
    plugins: customizations.pluginParts ? project.plugins : [],
    ...(options.cliAgents && customizations.cliAgents ? { cliAgents: options.cliAgents } : {}),
  };
  const agents = await loadAgents(discovery);
  for (const problem of agents.problems) notify(`codebot: ${formatProblem(problem)}`);
  const agentScopes = new AgentHookScopes(runner, agents.agents, cwd, notify);
  const mayUseOwnModel = agentModelConsent({ isGrantTrusted: project.isGrantTrusted, env, notify });
  const mainAgent = sessionAgent(agents.agents, options.agent, project.settings.agent, notify);
  if (mainAgent !== undefined) {
    agentScopes.enterMain(mainAgent, cwd, notify);
    if (mainAgent.model !== undefined && options.modelFromFlag !== true && mayUseOwnModel(mainAgent))
      await models.switchTo(modelFlag(mainAgent.model, models.access));
  }
  const reloadPlugins = async (plugins: readonly PluginFolder[]) => {
    discovery.plugins = customizations.pluginParts ? plugins : [];
    const again = await loadAgents(discovery);
    // Only the plugins' problems are new: the other folders' were told at the start.
    const inPlugin = (file: string | undefined) =>
      file !== undefined &&
      discovery.plugins?.some((plugin) => file.startsWith(plugin.root + path.sep)) === true;
    for (const problem of again.problems.filter((p) => inPlugin(p.file)))
      notify(`codebot: ${formatProblem(problem)}`);
    agents.agents.splice(0, agents.agents.length, ...again.agents);
    agentScopes.load(agents.agents);
  };
  return { discovery, agents, agentScopes, mayUseOwnModel, mainAgent, reloadPlugins };
}
