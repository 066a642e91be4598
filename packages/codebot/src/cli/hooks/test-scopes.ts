/**
 * `hooks test --agent NAME` and `--skill NAME`: the front-matter hooks a session puts in force only
 * while a custom agent runs or once a skill is loaded, put in force for the one firing, the way
 * the session does it (AgentHookScopes, SessionSkills) — under the same approval: a project
 * agent's or skill's hooks are the project's, run once trusted.
 */
import type { CompiledHook, HookEvent, PayloadFields } from "@codebot/hooks";
import { AGENT_NAME } from "../../agents/agent-definition.js";
import { AgentHookScopes, compileAgentHooks } from "../../agents/agent-hook-scopes.js";
import { visible } from "../../approval/visible-text.js";
import type { Runtime } from "../../session/runtime.js";
import { compileSkillHooks } from "../../skills/skill-hooks.js";
import { CliError } from "../cli-error.js";
import { SYNTHETIC_AGENT_ID, SYNTHETIC_CALL_ID } from "./synthetic-event.js";

/** Events whose firing names the agent that fires it: those a sub-agent's own hooks can see. */
const AGENT_EVENTS: ReadonlySet<HookEvent> = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolBatch",
  "SubagentStart",
  "SubagentStop",
]);

/**
 * `--agent` names the firing's agent, `--agent-name` its run; other events have none, so they would
 * change nothing. A run's name is one the agent tool would take, and names a run of `--agent`.
 */
export function refuseAgentFor(event: HookEvent, opts: { agent?: string; agentName?: string }): void {
  const { agent, agentName } = opts;
  const given = agentName !== undefined ? "--agent-name" : agent !== undefined ? "--agent" : undefined;
  if (given !== undefined && !AGENT_EVENTS.has(event)) {
    const hint =
      event === "Stop" && agent !== undefined
        ? ` (an agent's own Stop hooks fire as SubagentStop: hooks test SubagentStop --agent ${agent})`
        : "";
    throw new CliError(
      `hooks test: ${given} is for tool events, SubagentStart and SubagentStop, not ${event}${hint}`,
    );
  }
  if (agentName === undefined) return;
  if (agent === undefined || agent === "main")
    throw new CliError("hooks test: --agent-name names a sub-agent's run: give its agent too (--agent TYPE)");
  if (!AGENT_NAME.test(agentName) || agentName === "main")
    throw new CliError(
      `hooks test: --agent-name ${JSON.stringify(agentName)} is no name the agent tool gives a run (letters, digits, -, _ or ., at most 64, not "main")`,
    );
}

/**
 * A tool call by `--agent`'s run carries that run's id and type, as the session gives a running
 * sub-agent's calls (hook-job.ts): Claude Code groups see them as `agent_id` and `agent_type`.
 */
export function asRunsCall<F extends PayloadFields>(input: F, agent: string | undefined): F {
  if (agent === undefined || agent === "main" || input.agentId !== undefined) return input;
  return { ...input, agentId: SYNTHETIC_AGENT_ID, agentType: agent };
}

/**
 * Puts the custom agent's hooks in force for firings by a run of it (`--agent`; none when no custom
 * agent has that name: a built-in one has no hooks of its own), and the skill's (`--skill`) for
 * every firing. Returns the hooks put in force.
 */
export function enterTestScopes(
  runtime: Runtime,
  opts: { agent?: string; agentName?: string; skill?: string },
): CompiledHook[] {
  const added: CompiledHook[] = [];
  if (opts.skill !== undefined) {
    if (!runtime.skills.activate(opts.skill)) {
      // The names come from the repository's folders and files: shown with control characters written out.
      const names = [...runtime.skills.all.keys()].sort().map(visible);
      throw new CliError(
        `hooks test: no skill or command named ${JSON.stringify(opts.skill)} (${names.length ? `found: ${names.join(", ")}` : "none found"})`,
      );
    }
    const skill = runtime.skills.all.get(opts.skill);
    if (skill) added.push(...compileSkillHooks(skill, runtime.cwd).hooks);
  }
  const agent = runtime.agents.all.find((a) => a.name === opts.agent);
  if (agent?.hooks !== undefined) {
    // The session told the agent file's problems already.
    new AgentHookScopes(runtime.hooks, [agent], runtime.cwd, () => {}).enter({
      name: opts.agentName ?? agent.name,
      type: agent.name,
      id: SYNTHETIC_AGENT_ID,
      toolUseId: SYNTHETIC_CALL_ID,
      agent,
    });
    added.push(...compileAgentHooks(agent, runtime.cwd).hooks);
  }
  return added;
}
