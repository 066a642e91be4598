import { randomBytes } from "node:crypto";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type AgentEvent,
  agentLoop,
  type LoopOptions,
  type LoopResult,
  type RetryPolicy,
  type StopInfo,
  type Tool,
  type ToolContext,
  type ToolMiddleware,
  type ToolResult,
} from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { z } from "zod";
import { AGENT_NAME, type AgentDefinition } from "../agents/agent-definition.js";
import { agentTools } from "../agents/agent-tools.js";
import type { BackgroundAgents } from "../agents/background-agents.js";
import type { RunProgress } from "../agents/run-progress.js";
import {
  type BackgroundLaunch,
  launchData,
  launchText,
  notificationText,
} from "../agents/task-notification.js";
import { finalText } from "../session/prompt-result.js";
import { userTurn } from "../session/user-turn.js";
import { agentData } from "./claude-result-shapes.js";
import { SubagentNames } from "./subagent-names.js";

/** One run of a sub-agent: its name in this session, and the custom agent it runs, if any. */
export interface SubagentRun {
  /** The name its transcript lines, events and tool calls carry: no other run in progress has it (subagent-names.ts). */
  name: string;
  /** What SubagentStart/SubagentStop hooks match on (Claude Code's `agent_type`): the custom agent's name, else general-purpose (whatever name the model gave it, as claude 2.1.328 reports it). */
  type: string;
  /** Claude Code's `agent_id`: this run's own id (two runs of one agent tell apart by it). */
  id: string;
  /** The id of the `agent` call that started it (claude's `parent_tool_use_id` for its lines). */
  toolUseId: string;
  /** The call's `description` of the task, when it gave one (claude's `task_description`). */
  description?: string;
  agent?: AgentDefinition;
  /** Started with `run_in_background`: the call answered at once, a notification follows. */
  background?: boolean;
}

/** What a sub-agent shares with the session that starts it. */
export interface SubagentHost {
  /** The session's current model. */
  model(): LanguageModelV3;
  /**
   * The model a sub-agent runs on: the session's, or the custom agent's own `model` (an alias,
   * `provider/id` or a bare id), asked with the sub-agent's effort (the agent's own `effort`).
   */
  modelFor(spec: string | undefined, agent: AgentDefinition | undefined): Promise<LanguageModelV3>;
  /** Whether the agent may use its own `model`: a project agent's needs the `model:` grant. */
  mayUseOwnModel(agent: AgentDefinition): boolean;
  /** The session's tools at this moment, MCP tools included, without `agent` (sub-agents do not nest). */
  tools(): readonly Tool[];
  /** The session's middleware: the same hooks, approval and change tracking. */
  middleware: readonly ToolMiddleware[];
  systemPrompt(name: string): string;
  maxTurns?: number;
  /** CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: the kernel's `toolConcurrency` for the sub-agent's turns. */
  toolConcurrency?: number;
  /** CLAUDE_CODE_MAX_RETRIES: how the sub-agent's failed model calls are retried (session/max-retries.ts). */
  retry?: RetryPolicy;
  /** `--max-budget-usd`: the kernel's `overBudget` for the sub-agent's steps. */
  overBudget?: LoopOptions["overBudget"];
  /** `--max-budget-usd`: the kernel's `spentOut`, reached outside the model steps (auto mode's classifier). */
  spentOut?: LoopOptions["spentOut"];
  /** `CODEBOT_STREAM_IDLE_TIMEOUT_MS`: the kernel's `idleTimeoutMs` for the sub-agent's steps. */
  idleTimeoutMs?: number;
  /** Where runs started with `run_in_background` go; without it the parameter is refused. */
  background?: BackgroundAgents;
  /** A run's own transcript file, by its id (claude's `output_file` for a background run). */
  outputFile(runId: string): string;
  /** The custom sub-agents the model may choose by `subagent_type`. */
  agents: readonly AgentDefinition[];
  /** Every event of the sub-agent's loop (transcript, subscribers). */
  onEvent(agentName: string, event: AgentEvent): void;
  /** Records the sub-agent's prompt, which the loop does not announce as an event. */
  recordMessage(agentName: string, message: ModelMessage): void;
  /** A reminder of the session's permission mode for a sub-agent's first message (plan mode's), if any. */
  modeReminder?(): string | undefined;
  /** Before the sub-agent's loop: fires SubagentStart; resolves to the hooks' context for it. */
  started(run: SubagentRun): Promise<string | undefined>;
  /**
   * The run's loop's `onStop`: at each natural stop it fires SubagentStop; a reminder (a Claude
   * Code group blocked) keeps the sub-agent going, undefined lets it end.
   */
  onStop(run: SubagentRun): (info: StopInfo) => Promise<string | undefined>;
  /**
   * The run's loop's `afterToolCalls`: PostToolBatch for each of its steps, as claude 2.1.328
   * fires it in a sub-agent; `stop` ends the run there (a hook's block).
   */
  afterToolCalls?(run: SubagentRun, stop: () => void): LoopOptions["afterToolCalls"];
  /**
   * Its loop exited, whatever the reason: fires SubagentStop, with its last text when it has one,
   * unless it ended at a natural stop (`onStop` fired it then).
   */
  stopped(run: SubagentRun, lastAssistantMessage: string | undefined, end: SubagentEnd): Promise<void>;
}

/**
 * How a sub-agent's loop exited: at a natural stop; stopped (Ctrl+C, `/tasks stop`, the session's
 * end, a signal: its signal aborted), where claude 2.1.328 fires no SubagentStop (recorded, in the
 * background and in the foreground), so only native entries get one (§9.5); or otherwise (an
 * error, its turn limit).
 */
export type SubagentEnd = "natural stop" | "stopped" | "ended early";

/** An id in the shape of Claude Code's `agent_id` (`a` and 16 hex digits). */
function newAgentId(): string {
  return `a${randomBytes(8).toString("hex")}`;
}

/** The sub-agent the model gets when it names no `subagent_type` (Claude Code's name for it). */
export const GENERAL_PURPOSE = "general-purpose";

const inputSchema = z.object({
  description: z
    .string()
    .optional()
    .describe("A short (3-5 word) description of the task, shown while it runs"),
  prompt: z.string().min(1).describe("The task for the sub-agent, with everything it needs to know"),
  subagent_type: z
    .string()
    .min(1)
    .optional()
    .describe(
      `Which kind of agent to run (one of the list in this tool's description); default ${GENERAL_PURPOSE}`,
    ),
  // The model's words in the terminal's approval question (`allow [name] bash …`) and hook
  // payloads: an agent file's name's letters only, so no `] bash npm test` reads as the question.
  name: z
    .string()
    .regex(AGENT_NAME, "letters, digits, -, _ or . (at most 64), starting with a letter or digit")
    .refine((n) => n !== "main", { message: '"main" is the top-level agent; choose another name' })
    .optional()
    .describe("A short name for this sub-agent, e.g. test-runner; default: its subagent_type"),
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      "true: the call returns at once and you are notified when the sub-agent completes (do other work meanwhile; never guess its result). Default false: the call waits for its answer.",
    ),
});

type AgentArgs = z.infer<typeof inputSchema>;

/**
 * `agent {prompt, description?, subagent_type?, name?, run_in_background?}`: runs a sub-agent with its own
 * loop and the session's middleware; its final text is the result — or, in the background, the
 * `<task-notification>` the main agent gets once it ends (background-agents.ts), the call answering at once. A `subagent_type` naming a custom agent gives it that
 * agent's instructions, tools and model. SubagentStop fires at each natural stop (where a Claude
 * Code group may keep it going) and otherwise when its loop exits, whatever the reason — except a
 * background run that was stopped, as in claude.
 */
export function agentTool(host: SubagentHost): Tool<AgentArgs> {
  const names = new SubagentNames();
  return {
    name: "agent",
    // Read at each request: /reload-plugins changes the agents.
    get description() {
      return toolDescription(host.agents);
    },
    inputSchema,
    // As Claude Code's Agent: neighbouring agent calls of one turn run at the same time.
    concurrencySafe: true,
    async execute(args, ctx) {
      const type = args.subagent_type ?? GENERAL_PURPOSE;
      const agent = host.agents.find((a) => a.name === type);
      if (agent === undefined && type !== GENERAL_PURPOSE) {
        const known = [GENERAL_PURPOSE, ...host.agents.map((a) => a.name)].join(", ");
        return { content: `agent: unknown subagent_type "${type}" (available: ${known})`, isError: true };
      }
      const wanted = args.name ?? type;
      const background = args.run_in_background === true;
      if (background && host.background === undefined)
        return {
          content: "agent: run_in_background is not available here; run the agent without it",
          isError: true,
        };
      // Claimed before the first await: a call of the same turn running beside this one gets another.
      const name = names.claim(wanted);
      // A background run lets go of its name when it ends, not when the call returns.
      let runOwnsName = false;
      try {
        const run: SubagentRun = {
          name,
          type: agent?.name ?? GENERAL_PURPOSE,
          id: newAgentId(),
          toolUseId: ctx.callId,
          ...(args.description ? { description: args.description } : {}),
          ...(agent ? { agent } : {}),
          ...(background ? { background } : {}),
        };
        const ownModel = agent?.model !== undefined && host.mayUseOwnModel(agent) ? agent.model : undefined;
        let model: LanguageModelV3;
        try {
          model = await host.modelFor(ownModel, agent);
        } catch (error) {
          return { content: `agent ${name}: model ${ownModel}: ${(error as Error).message}`, isError: true };
        }
        if (!background) return await runSubagent(host, run, args.prompt, model, ctx);
        const launch: BackgroundLaunch = {
          agentId: run.id,
          ...(run.description !== undefined ? { description: run.description } : {}),
          prompt: args.prompt,
          outputFile: host.outputFile(run.id),
        };
        const started = Date.now();
        const task = { id: run.id, description: run.description ?? "", agentType: run.type };
        const launched = host.background?.start(
          task,
          async (signal, progress) => {
            try {
              const result = await runSubagent(
                host,
                run,
                args.prompt,
                model,
                { signal, eventsDelivered: () => ctx.eventsDelivered() },
                progress,
              );
              const status = !result.isError ? "completed" : signal.aborted ? "killed" : "failed";
              const notification = notificationText({
                ...launch,
                toolUseId: ctx.callId,
                agentType: run.type,
                status,
                result: result.content,
                tokens: progress.tokens,
                toolUses: progress.toolUses,
                durationMs: Date.now() - started,
              });
              return { notification, status };
            } finally {
              names.release(name);
            }
          },
          args.prompt,
        );
        if (!launched)
          return { content: `agent ${name}: the session is ending; no agent starts now`, isError: true };
        runOwnsName = true;
        return { content: launchText(launch), isError: false, data: launchData(launch) };
      } finally {
        if (!runOwnsName) names.release(name);
      }
    },
  };
}

async function runSubagent(
  host: SubagentHost,
  run: SubagentRun,
  task: string,
  model: LanguageModelV3,
  ctx: Pick<ToolContext, "signal" | "eventsDelivered">,
  progress?: RunProgress,
): Promise<ToolResult & { content: string }> {
  const { name, agent } = run;
  // The caller's message with this very call reaches the transcript first, so the sub-agent's lines follow it.
  const startedAt = Date.now();
  await ctx.eventsDelivered();
  // SubagentStart's context goes into the sub-agent's first message, as UserPromptSubmit's does for
  // the main agent, and so does plan mode's reminder, as the main agent's first prompt carries it.
  const prompt = userTurn(task, await host.started(run), undefined, host.modeReminder?.());
  let result: LoopResult | undefined;
  // A PostToolBatch hook's block ends the run as its natural end would (claude 2.1.328, recorded:
  // the sub-agent made no further request, its task "completed").
  const batchStop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, batchStop.signal]) : batchStop.signal;
  const afterToolCalls = host.afterToolCalls?.(run, () => batchStop.abort());
  try {
    const stream = agentLoop({
      model,
      systemPrompt: systemPromptOf(host.systemPrompt(name), agent),
      messages: [prompt],
      tools: agent ? agentTools(host.tools(), agent) : [...host.tools()],
      middleware: [...host.middleware],
      maxTurns: agent?.maxTurns ?? host.maxTurns,
      ...(host.toolConcurrency !== undefined ? { toolConcurrency: host.toolConcurrency } : {}),
      ...(host.overBudget ? { overBudget: host.overBudget } : {}),
      ...(host.spentOut ? { spentOut: host.spentOut } : {}),
      ...(host.idleTimeoutMs !== undefined ? { idleTimeoutMs: host.idleTimeoutMs } : {}),
      ...(host.retry !== undefined ? { retry: host.retry } : {}),
      onStop: host.onStop(run),
      ...(afterToolCalls ? { afterToolCalls } : {}),
      signal,
      agentName: name,
      answerReader: "agent",
    });
    host.recordMessage(name, prompt);
    for await (const event of stream) {
      host.onEvent(name, event);
      progress?.see(event, Date.now());
    }
    result = await stream.result();
  } catch (error) {
    return { content: `agent ${name}: failed: ${(error as Error).message}`, isError: true };
  } finally {
    const end: SubagentEnd =
      result?.reason === "stop" ? "natural stop" : ctx.signal?.aborted === true ? "stopped" : "ended early";
    await host.stopped(run, result ? finalText(result.newMessages) : undefined, end);
  }
  const text = finalText(result.newMessages);
  const stoppedByHook = batchStop.signal.aborted && ctx.signal?.aborted !== true;
  if (result.reason === "stop" || stoppedByHook)
    return {
      content: text === "" ? "(no answer)" : text,
      isError: false,
      data: agentData(run, task, text, result.newMessages, Date.now() - startedAt),
    };
  const why = result.reason === "error" ? `error: ${result.error?.message ?? "unknown"}` : result.reason;
  return {
    content: `agent ${name}: ended early (${why})${text === "" ? "" : `\n${text}`}`,
    isError: true,
  };
}

/** The tool's description lists the custom agents, so the model can choose one by what it is for. */
function toolDescription(agents: readonly AgentDefinition[]): string {
  const lines = [
    "Start a sub-agent on a self-contained task. It works with its own context and reports back its final answer.",
    "Available agent types (subagent_type):",
    `- ${GENERAL_PURPOSE}: the same tools as you (except agent), for any task`,
    ...agents.map((a) => `- ${a.name}: ${a.description.replace(/\s+/g, " ")}`),
  ];
  return lines.join("\n");
}

/** A custom agent's instructions follow the sub-agent's own (where it works, how to report). */
function systemPromptOf(base: string, agent: AgentDefinition | undefined): string {
  return agent === undefined || agent.prompt === "" ? base : `${base}\n\n${agent.prompt}`;
}
