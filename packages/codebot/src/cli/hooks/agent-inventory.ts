/**
 * The custom agents' hooks in the inventory (issue 14 item 4), so that `hooks list`, `hooks
 * validate` and `/hooks` show them and their problems (an unusable agent file, a bad hook entry),
 * and a project's agents ask for consent with the rest of the project: their front-matter hooks
 * are project hooks, and their `model` is the `model:<provider/id>` grant the settings `model` key
 * asks for, and their `effort` the `effortLevel:<level>` grant (needed where it raises what the
 * sub-agent is sent), which the one project question and `codebot hooks trust` list and approve.
 */
import { compileAgentHooks } from "../../agents/agent-hook-scopes.js";
import { agentModelGrant } from "../../agents/agent-model-consent.js";
import { loadAgents } from "../../agents/load-agents.js";
import { agentEffortGrant } from "../../session/subagent-model.js";
import {
  type HookInventory,
  type ScopedAdditions,
  scopedHookPlaces,
  withScopedAdditions,
} from "./hook-inventory.js";

export async function withAgents(inv: HookInventory): Promise<HookInventory> {
  const loaded = await loadAgents(scopedHookPlaces(inv));
  const added: ScopedAdditions = {
    hooks: [],
    problems: [...loaded.problems],
    toldBySession: [...loaded.problems],
    grants: [],
  };
  for (const agent of loaded.agents) {
    const compiled = compileAgentHooks(agent, inv.cwd);
    added.problems.push(...compiled.problems);
    added.hooks.push(...compiled.hooks);
    for (const grant of [agentModelGrant(agent), agentEffortGrant(agent)])
      if (grant !== undefined) added.grants.push({ grant, source: agent.hookSource, file: agent.file });
  }
  return withScopedAdditions(inv, added);
}
