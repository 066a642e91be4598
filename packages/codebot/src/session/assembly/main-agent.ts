import {
  Agent,
  ContextMeter,
  contextWindowOf,
  type Tool,
  type ToolMiddleware,
  userMessage,
} from "@codebot/agentcore";
import { type HookRunner, systemReminder } from "@codebot/hooks";
import type { AgentDefinition } from "../../agents/agent-definition.js";
import { admitFoldedNotifications } from "../../agents/folded-notifications.js";
import type { SteeredOrigins } from "../../agents/steered-origins.js";
import { fireInstructionsLoaded } from "../../instructions/instructions-loaded.js";
import type { SessionInstructions } from "../../instructions/session-instructions.js";
import type { TaskStore } from "../../tasks/task-store.js";
import type { StructuredOutput } from "../../tools/structured-output-tool.js";
import { autoCompactWindow } from "../auto-compact-window.js";
import type { BackgroundSaid } from "../background-context.js";
import { Compaction } from "../compaction.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { StopRequest } from "../session.js";
import type { SessionEvents } from "../session-events.js";
import type { SessionStartEffects } from "../session-start-answer.js";
import { SessionUsage } from "../session-usage.js";
import type { SpendingLimit } from "../spending-limit.js";
import { mainSystemPrompt } from "../system-prompt.js";
import { SystemPromptSnapshot } from "../system-prompt-snapshot.js";
import { postToolBatchHooks } from "../tool-batch-hooks.js";
import type { ModelCallLimits, ModelInUse } from "./model-in-use.js";
import type { SessionFiles } from "./session-files.js";
import type { Notify } from "./session-notices.js";
import type { SessionSettings } from "./session-settings.js";
import type { StopChecks } from "./stop-checks.js";

/** What the main agent is made of: the session's parts made before it. */
export interface MainAgentParts {
  options: RuntimeOptions;
  settings: Pick<SessionSettings, "env" | "cwd" | "project">;
  models: ModelInUse;
  limits: ModelCallLimits;
  spendingLimit: SpendingLimit | undefined;
  files: SessionFiles;
  tasks: TaskStore;
  runner: HookRunner;
  events: SessionEvents;
  notify: Notify;
  instructions: SessionInstructions;
  /** The instruction files' context (and the default prompt's per-machine part, when it moved there). */
  instructionContext(): string | undefined;
  /** `--exclude-dynamic-system-prompt-sections`: the default prompt's per-machine part is in the context. */
  dynamicInContext: boolean;
  mainAgent: AgentDefinition | undefined;
  /** The main agent's tools at this moment (MCP tools join as servers connect). */
  tools(): Tool[];
  middleware: ToolMiddleware[];
  backgroundSaid: BackgroundSaid;
  structured: StructuredOutput | undefined;
  stopChecks: StopChecks;
  sessionStartEffects: SessionStartEffects;
  /** Where each message steered into a turn came from (folded-notifications.ts). */
  steeredOrigins: SteeredOrigins;
}

/** What ends a run or halts the session, which exists only once the agent does. */
export interface MainAgentLateParts {
  stopRun(stop: StopRequest): void;
  halt(stop: StopRequest): void;
}

/** The main agent, and what keeps its conversation within the model's window and accounted for. */
export interface MainAgent {
  agent: Agent;
  compaction: Compaction;
  meter: ContextMeter;
  /** Every agent's model steps, on the model that made them (compaction's summaries are added by it). */
  usage: SessionUsage;
  /** The system prompt as recorded on the conversation's first request. */
  promptSnapshot: SystemPromptSnapshot;
}

/**
 * The model and compaction phase: the main agent on the model in use, with its system prompt,
 * compaction, usage and budget, the PostToolBatch hooks, and its stop checks (the `--json-schema`
 * answer first, then PostStopValidation, then the Stop hooks).
 */
export function createMainAgent(parts: MainAgentParts, late: MainAgentLateParts): MainAgent {
  const { options, models, limits, spendingLimit, runner, events, notify, instructions } = parts;
  const { env, cwd, project } = parts.settings;
  const { settings, modes } = project;
  const { transcript, restored } = parts.files;
  const { validation, stopHooks } = parts.stopChecks;
  const meter = new ContextMeter();
  const usage = new SessionUsage(restored?.usage);
  events.subscribe((event) => {
    if (event.kind === "agent" && event.event.type === "step_usage")
      usage.add(models.specOfStep(event.event.model), event.event.usage);
  });
  const compactWindow = autoCompactWindow(
    options.autoCompactWindow,
    env.CLAUDE_CODE_AUTO_COMPACT_WINDOW,
    settings.autoCompactWindow,
    notify,
  );
  const compaction = new Compaction({
    model: () => models.model,
    contextWindow: () => contextWindowOf(models.spec, settings.models),
    settings: settings.compaction,
    meter,
    runner,
    transcript,
    tasks: parts.tasks,
    notify,
    report: (event) => events.emit({ kind: "compaction", ...event }),
    reloadInstructions: async () => {
      const stop = await fireInstructionsLoaded(
        runner,
        instructions.loaded.files.map((file) => ({ file, reason: "compact" })),
      );
      if (stop) late.halt(stop);
      return parts.instructionContext();
    },
    compacted: () => promptSnapshot.reset(),
    sessionStartEffects: parts.sessionStartEffects,
    ...(limits.idleTimeoutMs !== undefined ? { idleTimeoutMs: limits.idleTimeoutMs } : {}),
    ...(compactWindow !== undefined ? { autoCompactWindow: compactWindow } : {}),
    usage: (used) => {
      usage.add(models.spec, used);
      spendingLimit?.add(models.spec, used);
    },
  });
  meter.reset(restored?.messages ?? []);
  const batchHooks = postToolBatchHooks(runner, late.stopRun);
  const promptSnapshot = new SystemPromptSnapshot(
    () =>
      [
        options.systemPrompt ??
          parts.mainAgent?.prompt ??
          mainSystemPrompt(cwd, { dynamic: !parts.dynamicInContext }),
        options.appendSystemPrompt,
      ]
        .filter((part) => part !== undefined)
        .join("\n\n"),
    options.systemPromptSnapshot ?? modes?.bare !== true,
    (systemPrompt) => transcript.recordSystemPrompt(systemPrompt),
    restored?.systemPrompt,
  );
  const agent = new Agent({
    model: models.model,
    ...limits,
    ...(options.rawChunks === true ? { rawChunks: true } : {}),
    fallbackModels: models.fallbacks(),
    ...(restored ? { messages: restored.messages } : {}),
    ...(restored?.listedDeferred ? { listedDeferred: restored.listedDeferred } : {}),
    beforeModelStep: compaction.beforeModelStep,
    // A background run's notification steered into a turn goes through UserPromptSubmit, as claude's.
    admitSteered: admitFoldedNotifications({
      runner,
      origins: parts.steeredOrigins,
      notify,
      blocked: (refused) => events.emit({ kind: "prompt_blocked", ...refused }),
      joined: (notification) => events.emit({ kind: "notification_joined", notification }),
      stopRun: late.stopRun,
    }),
    afterToolCalls: async (info) => {
      const messages = (await batchHooks(info)) ?? [];
      const said = parts.backgroundSaid.take();
      return said === undefined ? messages : [...messages, userMessage(systemReminder(said))];
    },
    systemPrompt: () => promptSnapshot.current(),
    tools: parts.tools,
    middleware: parts.middleware,
    maxTurns: options.maxTurns,
    ...(spendingLimit
      ? { overBudget: spendingLimit.afterStep(models.specOfStep), spentOut: () => spendingLimit.reached() }
      : {}),
    // PostStopValidation first (it checks the changes); the Stop hooks see a stop that stands,
    // or the one where validation gave up and the run ends anyway.
    onStop: async (info) => {
      // A turn that ended without the answer `--json-schema` asked for is not over yet (claude's reminder).
      const structuredReminder = parts.structured?.reminderAtStop();
      if (structuredReminder !== undefined) return structuredReminder;
      const reminder = await validation.onStop(info);
      if (reminder !== undefined || info.signal.aborted) return reminder;
      if (!validation.outcome().exhausted) return stopHooks.onStop(info);
      await stopHooks.onFinalStop(info);
      return undefined;
    },
  });
  return { agent, compaction, meter, usage, promptSnapshot };
}
