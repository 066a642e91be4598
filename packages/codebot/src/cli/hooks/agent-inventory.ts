/**
 * A project's custom sub-agents ask for consent with the rest of the project (issue 14 item 4):
 * their front-matter hooks are project hooks. Added to the inventory, the one project question
 * and `codebot hooks trust` list and approve them, as they do the project's skills.
 */
import { consentFingerprint, referencedScripts } from "@codebot/hooks";
import { compileAgentHooks } from "../../agents/agent-hook-scopes.js";
import { type LoadedAgents, loadAgents } from "../../agents/load-agents.js";
import { resolveClaudeHome } from "../../paths/claude-home.js";
import { claudeCompatOf } from "../../settings/claude-compat.js";
import type { HookInventory, InventoryHook } from "./hook-inventory.js";

/** The custom agents a session of this project would load. */
export function inventoryAgents(inv: HookInventory): Promise<LoadedAgents> {
  return loadAgents({
    cwd: inv.cwd,
    codebotHome: inv.codebotHome,
    claudeHome: resolveClaudeHome(undefined, process.env),
    claudeCompat: claudeCompatOf(inv.project.layers, inv.codebotHome),
    plugins: inv.project.plugins,
  });
}

export async function withProjectAgents(inv: HookInventory): Promise<HookInventory> {
  const { project, cwd } = inv;
  const loaded = await inventoryAgents(inv);
  const hooks: InventoryHook[] = [];
  for (const agent of loaded.agents) {
    if (agent.hookSource !== "project") continue;
    for (const hook of compileAgentHooks(agent).hooks) {
      const fingerprint = consentFingerprint(hook.fingerprint, hook.spec, cwd);
      hooks.push({
        hook,
        fingerprint,
        scripts: hook.spec.type === "command" ? referencedScripts(hook.spec.command, cwd) : [],
        trust: project.trustStore.isHookTrusted(fingerprint) ? "approved" : "needs approval",
      });
    }
  }
  return hooks.length === 0 ? inv : { ...inv, hooks: [...inv.hooks, ...hooks] };
}
