import { type Usage, withoutThinking } from "@codebot/agentcore";
import { createHookRunner, type HookProgress, type HookRunner } from "@codebot/hooks";
import type { AgentDefinition } from "../../agents/agent-definition.js";
import { agentHookRunner } from "../../agents/agent-hook.js";
import type { BackgroundAgents } from "../../agents/background-agents.js";
import { tokensOf } from "../../approval/auto-mode-classifier.js";
import { modelFlag } from "../../cli/model-flag.js";
import { claudeMcpServerOf } from "../../mcp/claude-provenance.js";
import type { SessionMcp } from "../../mcp/session-mcp.js";
import { managedEnvOf } from "../../settings/runtime-settings.js";
import type { BackgroundSaid } from "../background-context.js";
import { hookExecutors } from "../hook-executors.js";
import type { LastStopAttempt } from "../last-stop-attempt.js";
import { modelFromSpec } from "../model-env.js";
import type { PromptIds } from "../prompt-ids.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { StopRequest } from "../session.js";
import type { SessionEvents } from "../session-events.js";
import { saveUndelivered, undeliveredHooksPath, undeliveredNotice } from "../undelivered-hooks.js";
import type { ModelInUse } from "./model-in-use.js";
import type { SessionFiles } from "./session-files.js";
import type { Notify } from "./session-notices.js";
import type { SessionPermissions } from "./session-permissions.js";
import type { SessionSettings } from "./session-settings.js";
import type { SubagentRuns } from "./subagent-runs.js";

/** What the hooks engine is wired to: the session's parts made before it. */
export interface HookRunnerParts {
  options: RuntimeOptions;
  settings: Pick<SessionSettings, "cwd" | "project">;
  models: ModelInUse;
  files: SessionFiles;
  permissions: SessionPermissions;
  events: SessionEvents;
  notify: Notify;
  /** The environment of the commands the harness runs (hooks'); the session id changes with /clear. */
  harnessEnv: () => Record<string, string>;
  subagentRuns: SubagentRuns;
  background: BackgroundAgents | undefined;
  backgroundSaid: BackgroundSaid;
  promptIds: PromptIds;
  /** Whether a Stop hook's block ends the run at the cap rather than sending the agent back. */
  lastStopAttempt: LastStopAttempt;
}

/** What the hooks engine reaches only once the parts made after it exist. */
export interface HookRunnerLateParts {
  /** mcp_tool hooks reach the MCP servers, which start once the tools exist. */
  mcp(): SessionMcp | undefined;
  /** `--agent`'s custom agent, once the agents are loaded. */
  mainAgent(): AgentDefinition | undefined;
  /** Hooks that end the run reach the session, which exists only once the agent does. */
  stopRun(stop: StopRequest): void;
  /** A prompt or agent hook's model call, on `modelSpec`, counts as the session's (its usage is made with the agent). */
  hookModelUsed(modelSpec: string, usage: Usage): void;
}

/**
 * The hooks engine wiring: the executors of each hook type (command, http, prompt, agent,
 * mcp_tool, the Agent SDK's callbacks), what each payload says of the session, and where the
 * runs' traces, progress, notices and undelivered records go. The program's own hooks are in
 * force before SessionStart.
 */
export function sessionHookRunner(parts: HookRunnerParts, late: HookRunnerLateParts): HookRunner {
  const { options, models, files, permissions, events, notify, subagentRuns, background } = parts;
  const { cwd, project } = parts.settings;
  const { settings } = project;
  const { paths, approval } = permissions;
  // A prompt or agent hook's model calls count as the session's, on the hook's own `model` when it names one.
  const hookUsed = (spec: string | undefined, used: Usage) =>
    late.hookModelUsed(spec === undefined ? models.spec : modelFlag(spec, models.access), used);
  const executors = hookExecutors({
    agentEnv: parts.harnessEnv,
    allowedHosts: project.httpAllowList.hosts,
    currentModel: () => models.model,
    promptUsed: (spec, used) => hookUsed(spec, tokensOf(used)),
    env: models.access,
    settingsEnv: settings.env,
    envFiles: settings.envFiles,
    managedEnv: managedEnvOf(project.layers),
    mcpServers: () => late.mcp()?.servers,
    agentHook: agentHookRunner({
      // Asked not to think, as claude 2.1.328 asks an agent hook's model (recorded; without-thinking.ts).
      model: async (spec) =>
        withoutThinking(
          spec === undefined
            ? models.model
            : await modelFromSpec(modelFlag(spec, models.access), models.access),
        ),
      paths,
      env: settings.env,
      approval: approval.toolMiddleware(),
      used: hookUsed,
    }),
    ...(options.hookCallbacks ? { callback: options.hookCallbacks } : {}),
  });
  let spoolNoticeGiven = false;
  const runner = createHookRunner({
    hooks: project.hooks,
    executors,
    approveHook: approval.approveHook,
    session: {
      get sessionId() {
        return files.id;
      },
      cwd,
      get transcriptPath() {
        return files.transcriptPath;
      },
      get permissionMode() {
        return approval.mode;
      },
      subagent: (name) => subagentRuns.get(name),
      backgroundTasks: () => background?.list() ?? [],
      mcpServer: (tool) => claudeMcpServerOf(tool, late.mcp()?.servers?.status() ?? []),
      get agentType() {
        return late.mainAgent()?.name;
      },
      get envFile() {
        return files.hookEnvFile();
      },
      get promptId() {
        return parts.promptIds.current;
      },
      get effort() {
        return models.effort();
      },
    },
    onTrace: (record) => {
      options.onTrace?.(record);
      events.emit({
        kind: "hook",
        record,
        ...(parts.lastStopAttempt.endsRun(record) ? { endsRun: true } : {}),
      });
    },
    onHookStart: (start) => events.emit({ kind: "hook_start", start }),
    // Only for listeners: reporting arms a timer for every command hook run.
    ...(options.hookProgress
      ? {
          onHookProgress: (progress: HookProgress) => events.emit({ kind: "hook_progress", progress }),
          hookProgressOf: options.hookProgress,
        }
      : {}),
    onHookEnd: (end) => events.emit({ kind: "hook_end", end }),
    traceFile: options.traceFile,
    onHookError: notify,
    onNoVerdict: (noVerdict) => events.emit({ kind: "hook_no_verdict", noVerdict }),
    // An audit endpoint that was down keeps its records: spooled beside the transcript, for replay.
    onUndelivered: (run) => {
      const file = undeliveredHooksPath(files.transcriptPath);
      const error = saveUndelivered(file, [run]);
      if (!spoolNoticeGiven || error !== undefined) notify(undeliveredNotice(run.hook, file, error));
      spoolNoticeGiven = true;
    },
    onSystemMessage: notify,
    onTerminalSequence: (sequence) => events.emit({ kind: "terminal_sequence", sequence }),
    // Claude Code gives a background hook's context to the model with its next request.
    onBackgroundContext: (said) => parts.backgroundSaid.add(said),
    toolPermissions: {
      ask: (request) => approval.tools.askForHook(request),
      refused: (call) => approval.tools.refusedByHook(call),
    },
    onStopRun: late.stopRun,
  });
  if (options.programHooks !== undefined && options.programHooks.length > 0)
    runner.addScopedHooks("agent-sdk", options.programHooks);
  return runner;
}
