/**
 * A custom sub-agent's front-matter hooks (issue 14 item 4), in force only while that sub-agent
 * runs and only for its own firings — its tool calls, and its SubagentStart and SubagentStop
 * (its `Stop` was renamed SubagentStop when the file was read) — through the runner's scoped
 * hooks. They count as hooks of the file's origin: a project agent's need consent like any
 * project hook (§8). Compiled at session start, where their problems are told, and again when
 * `/reload-plugins` reads the agents again.
 */
import {
  type CompiledHook,
  formatProblem,
  type HookRunner,
  type LoadedHooks,
  loadHooks,
} from "@codebot/hooks";
import { hookIfRules } from "../approval/hook-if-rules.js";
import type { SubagentRun } from "../tools/agent-tool.js";
import type { AgentDefinition } from "./agent-definition.js";

export class AgentHookScopes {
  private readonly compiled = new Map<string, CompiledHook[]>();

  constructor(
    private readonly runner: Pick<HookRunner, "addScopedHooks">,
    agents: readonly AgentDefinition[],
    private readonly projectDir: string,
    private readonly notify: (message: string) => void,
  ) {
    this.load(agents);
  }

  /** The agents' hooks compiled afresh (the agents read again); a run in progress keeps those it entered with. */
  load(agents: readonly AgentDefinition[]): void {
    this.compiled.clear();
    for (const agent of agents) {
      if (agent.hooks === undefined) continue;
      const loaded = compileAgentHooks(agent, this.projectDir);
      for (const problem of loaded.problems)
        this.notify(`codebot: agent ${agent.name}: ${formatProblem(problem)}`);
      if (loaded.hooks.length > 0) this.compiled.set(agent.name, loaded.hooks);
    }
  }

  /**
   * `--agent`: the session itself runs as `agent`, whose hooks are in force for the main agent's
   * firings all session long, its `Stop` as Stop again (as in claude 2.1.328).
   */
  enterMain(agent: AgentDefinition, projectDir: string, notify: (message: string) => void): void {
    if (agent.hooks === undefined) return;
    const { SubagentStop: stop, ...rest } = agent.hooks;
    const loaded = compileAgentHooks(
      { ...agent, hooks: stop === undefined ? rest : { ...rest, Stop: stop } },
      projectDir,
    );
    for (const problem of loaded.problems) notify(`codebot: agent ${agent.name}: ${formatProblem(problem)}`);
    this.runner.addScopedHooks("agent:main", loaded.hooks, {
      when: (fields) => fields.agentName === undefined || fields.agentName === "main",
    });
  }

  /** Puts the run's agent hooks in force for its own firings; the returned function ends that. */
  enter(run: SubagentRun): () => void {
    const hooks = run.agent ? this.compiled.get(run.agent.name) : undefined;
    if (hooks === undefined) return () => {};
    return this.runner.addScopedHooks(`agent:${run.id}`, hooks, {
      when: (fields) => fields.agentName === run.name,
    });
  }
}

/**
 * An agent's front-matter hooks compiled as a settings layer of its origin (the session and `hooks
 * trust` alike); `projectDir` is what path rules in a hook's `if` are relative to.
 */
export function compileAgentHooks(agent: AgentDefinition, projectDir: string): LoadedHooks {
  if (agent.hooks === undefined) return { hooks: [], problems: [], disabled: false };
  return loadHooks(
    [
      {
        source: agent.hookSource,
        path: agent.file,
        settings: { hooks: agent.hooks },
        ...(agent.plugin ? { plugin: agent.plugin } : {}),
      },
    ],
    { toolRule: hookIfRules(projectDir) },
  );
}
