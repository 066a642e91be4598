import type { LanguageModelV3 } from "@ai-sdk/provider";
import { type Env, withoutThinking } from "@codebot/agentcore";
import {
  type AgentHookRunner,
  type AllowList,
  type CallbackSpec,
  createAgentExecutor,
  createCommandExecutor,
  createHttpExecutor,
  createPromptExecutor,
  type Executors,
  type HookExecutor,
  type RunContext,
} from "@codebot/hooks";
import type { LanguageModelUsage } from "ai";
import { modelFlag } from "../cli/model-flag.js";
import { codebotVersion } from "../cli/version.js";
import type { McpServers } from "../mcp/mcp-servers.js";
import { runMcpToolHook } from "../mcp/mcp-tool-hook.js";
import { type ApprovedRun, withoutChangedLoads } from "../settings/approved-files.js";
import { modelFromSpec } from "./model-env.js";

export interface HookExecutorDeps {
  /** The http hooks' allow-list (ProjectSettings `httpAllowList.hosts`: user-owned layers only, §6.3). */
  allowedHosts: AllowList;
  /** The session's model at the moment a prompt hook runs (a model switch is followed). */
  currentModel(): LanguageModelV3;
  /** A prompt hook's model call answered: what it used counts as the session's, as claude 2.1.328 counts its Stop verifier's (recorded). */
  promptUsed?(modelSpec: string | undefined, usage: LanguageModelUsage): void;
  /** Where provider keys are read from for a prompt hook's own `model` (`provider/id`, an alias, a bare id). */
  env: Env;
  /** What tells a command hook an agent runs it (agent-env.ts): over the settings' `env`, under the hook's own variables. */
  agentEnv(): Record<string, string>;
  /** Settings `env`: under the hook's HOOK_* variables and its own env, over the process environment. */
  settingsEnv: Record<string, string>;
  /**
   * The files the project's approved `env` values load (settings/approved-files.ts): a variable
   * whose file changed since is left out of what hooks get, so a hook never loads the new content
   * (a guard that could not run at all might let a call through; this one runs without it).
   */
  envFiles?: ApprovedRun[];
  /**
   * The managed settings' `env` alone: what a managed hook gets instead of `settingsEnv`, so a user's
   * or a project's `env` (`PATH` at a fake `python3`, a `PYTHONPATH`, the token a header sends)
   * cannot change what the policy's hook runs or sends.
   */
  managedEnv: Record<string, string>;
  /** The session's MCP servers, for `mcp_tool` hooks (they start after the runner is made). */
  mcpServers(): McpServers | undefined;
  /** Runs the read-only sub-agent of an `agent` hook (the engine knows no tools). */
  agentHook: AgentHookRunner;
  /** Calls the Agent SDK's program back for its hooks (`-p --input-format stream-json`). */
  callback?: HookExecutor<CallbackSpec>;
}

/**
 * The executors the session's runner uses: command hooks with the settings environment, prompt
 * hooks on the session's current model (or the entry's), http hooks with the allow-list taken
 * from user-owned layers only (§6.3) and the same environment as command hooks for their headers.
 */
export function hookExecutors(deps: HookExecutorDeps): Executors {
  return {
    ...processExecutors(deps),
    prompt: createPromptExecutor({
      // The entry's `model` as Claude Code writes it too: an alias (`haiku`) or a bare id, as `--model` reads it.
      // Asked not to think, as claude asks a prompt hook's model (without-thinking.ts).
      resolveModel: async (spec) =>
        withoutThinking(
          spec === undefined ? deps.currentModel() : await modelFromSpec(modelFlag(spec, deps.env), deps.env),
        ),
      ...(deps.promptUsed ? { used: deps.promptUsed } : {}),
    }),
    mcp_tool: { run: (spec, ctx) => runMcpToolHook(spec, ctx, deps.mcpServers()) },
    agent: createAgentExecutor({ runAgent: deps.agentHook }),
    ...(deps.callback ? { callback: deps.callback } : {}),
  };
}

/** What command and http hooks need: no model, no MCP server. */
export type ProcessExecutorDeps = Pick<
  HookExecutorDeps,
  "allowedHosts" | "agentEnv" | "settingsEnv" | "envFiles" | "managedEnv"
>;

/**
 * The command and http executors alone, as the session's runner has them: for hooks that fire
 * before a session exists (WorktreeCreate), when there is no model or MCP server yet.
 */
export function processExecutors(deps: ProcessExecutorDeps): Pick<Executors, "command" | "http"> {
  const settingsEnvFor = (ctx: RunContext) =>
    ctx.source === "managed" ? deps.managedEnv : withoutChangedLoads(deps.settingsEnv, deps.envFiles);
  const command = createCommandExecutor();
  const http = createHttpExecutor({
    allowedHosts: deps.allowedHosts,
    userAgent: `codebot/${codebotVersion()}`,
  });
  return {
    command: {
      run: (spec, ctx) =>
        command.run(spec, { ...ctx, env: { ...settingsEnvFor(ctx), ...deps.agentEnv(), ...ctx.env } }),
      close: () => command.close?.() ?? Promise.resolve(),
    },
    // Header `${VAR}`s read the environment a command hook would get (allowedEnvVars still decides which).
    http: {
      run: (spec, ctx) =>
        http.run(spec, { ...ctx, env: { ...definedEnv(process.env), ...settingsEnvFor(ctx), ...ctx.env } }),
      close: () => http.close?.() ?? Promise.resolve(),
    },
  };
}

/** The process environment without unset names. */
function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}
